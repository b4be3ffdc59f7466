import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WantedRequest } from '@domain/wanted-types';
import type { WantedApi } from '@server/modules/wanted/routes';
import { apiClient, call } from '@web/lib/api';
import { wantedKeys } from '@web/lib/query-keys';

// Wanted books (/api/docs, "Wanted books"): the member's list, adding and removing.

const api = apiClient<WantedApi>();

export const myWantedQuery = queryOptions({
  queryKey: wantedKeys.mine,
  queryFn: () => call(api.wanted.$get()),
});

export function useAddWanted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WantedRequest) => call(api.wanted.$post({ json: body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: wantedKeys.mine }),
  });
}

export function useRemoveWanted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.wanted[':id'].$delete({ param: { id } })),
    onSuccess: (data) => queryClient.setQueryData(wantedKeys.mine, data),
  });
}
