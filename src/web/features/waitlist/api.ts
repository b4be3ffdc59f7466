import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookWaitlist } from '@domain/waitlist-types';
import type { WaitlistApi } from '@server/modules/waitlist/routes';
import { apiClient, call } from '@web/lib/api';
import { cartKeys, catalogKeys, waitlistKeys } from '@web/lib/query-keys';

// The waitlist (/api/docs, "Waitlist"): a book's queue as the viewer sees it, joining,
// leaving and passing a hold, "My waitlist", the counts on the owner's and admin's tables.

const api = apiClient<WaitlistApi>();

export const bookWaitlistQuery = (bookId: string) =>
  queryOptions({
    queryKey: waitlistKeys.book(bookId),
    queryFn: () => call(api.books[':id'].waitlist.$get({ param: { id: bookId } })),
  });

export const myWaitlistQuery = queryOptions({
  queryKey: waitlistKeys.mine,
  queryFn: () => call(api.waitlist.$get()),
});

/** How many wait for each of `bookIds` (books nobody waits for are left out). */
export function useWaitlistCounts(bookIds: readonly string[]): Record<string, number> {
  const ids = [...bookIds].sort().join(',');
  const query = useQuery({
    queryKey: waitlistKeys.counts(ids),
    queryFn: () => call(api.waitlist.counts.$get({ query: { bookIds: ids } })),
    enabled: ids.length > 0,
  });
  return query.data?.counts ?? {};
}

/** After a join, leave or pass: the book's answer lands, then the lists, cart and catalog refresh. */
function useWaitlistWrite(write: (bookId: string) => Promise<BookWaitlist>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (data) => queryClient.setQueryData(waitlistKeys.book(data.bookId), data),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
        queryClient.invalidateQueries({ queryKey: cartKeys.all }),
      ]),
  });
}

export const useJoinWaitlist = () =>
  useWaitlistWrite((id) => call(api.books[':id'].waitlist.$post({ param: { id } })));
export const useLeaveWaitlist = () =>
  useWaitlistWrite((id) => call(api.books[':id'].waitlist.$delete({ param: { id } })));
export const usePassHold = () =>
  useWaitlistWrite((id) => call(api.books[':id'].waitlist.pass.$post({ param: { id } })));

export const adminWaitlistQuery = (bookId: string) =>
  queryOptions({
    queryKey: waitlistKeys.admin(bookId),
    queryFn: () => call(api.admin.books[':id'].waitlist.$get({ param: { id: bookId } })),
  });

export function useClearWaitlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) => call(api.admin.waitlist[':id'].$delete({ param: { id: entryId } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
  });
}
