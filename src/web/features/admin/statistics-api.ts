import { useQuery } from '@tanstack/react-query';
import type { StatisticsApi } from '@server/modules/statistics/routes';
import { apiClient, call } from '@web/lib/api';
import { adminKeys } from '@web/lib/query-keys';

// The admin's Statistics tab: the last twelve weeks of the marketplace. Admin-only on the
// server.

const admin = apiClient<StatisticsApi>().admin;

export function useWeeklyStatistics() {
  return useQuery({
    queryKey: adminKeys.statistics,
    queryFn: () => call(admin.statistics.$get({ query: {} })),
  });
}
