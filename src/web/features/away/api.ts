import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AwayDates } from '@domain/away';
import type { AwayApi } from '@server/modules/away/routes';
import { apiClient, call } from '@web/lib/api';
import { awayKeys } from '@web/lib/query-keys';

// Owners away (D48; /api/docs, "Owners away"): the owner's own away dates.

const api = apiClient<AwayApi>();

export const myAwayQuery = queryOptions({
  queryKey: awayKeys.mine,
  queryFn: () => call(api.profile.away.$get()),
});

/** Every book answer shows the owner's away mark, so a change refreshes them all. */
function useAwayChange<T>(mutationFn: (input: T) => ReturnType<typeof call>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export const useSetAway = () => useAwayChange((dates: AwayDates) => call(api.profile.away.$put({ json: dates })));
export const useClearAway = () => useAwayChange((_: void) => call(api.profile.away.$delete()));
