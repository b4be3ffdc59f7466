import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AwayDates } from '@domain/away';
import type { AwayApi } from '@server/modules/away/routes';
import { apiClient, call } from '@web/lib/api';
import { awayKeys } from '@web/lib/query-keys';

// Owners away (/api/docs, "Owners away"): the owner's own away dates.

const api = apiClient<AwayApi>();

export const myAwayQuery = queryOptions({
  queryKey: awayKeys.mine,
  queryFn: () => call(api.profile.away.$get()),
});

/** Every book answer shows the owner's away mark, so a change refreshes them all. */
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export function useSetAway() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (dates: AwayDates) => call(api.profile.away.$put({ json: dates })),
    onSettled: refresh,
  });
}

export function useClearAway() {
  const refresh = useRefreshAll();
  return useMutation({ mutationFn: () => call(api.profile.away.$delete()), onSettled: refresh });
}
