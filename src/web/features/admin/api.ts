import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BookStatus, PENDING_EMAIL_POLL_MS, type Role } from '@domain/constants';
import type { OrderAction } from '@domain/order-actions';
import type { AdminStepAction } from '@domain/order-machine';
import type { AdminApi } from '@server/modules/admin/routes';
import type { OrdersApi } from '@server/modules/orders/routes';
import { apiClient, call } from '@web/lib/api';
import { adminKeys, orderKeys } from '@web/lib/query-keys';

const QUEUE_REFRESH_MS = 60_000;

// Admin calls (the typed client of the admin routes). The server checks the admin role on every
// one of them; order status changes go through the orders module's one status service.

const admin = apiClient<AdminApi>().admin;
const orders = apiClient<OrdersApi>().orders;

export interface ListParams {
  q?: string;
  /** The keyset cursor of the page shown; absent on the first page. */
  cursor?: string;
  status?: string;
  role?: string;
  state?: string;
}

export function useAdminStats() {
  return useQuery({ queryKey: adminKeys.stats, queryFn: () => call(admin.stats.$get()) });
}

/** Unsent notifications, refreshed every 10 seconds while the dashboard is open (spec section 7). */
export function usePendingEmailCount() {
  return useQuery({
    queryKey: adminKeys.pendingEmails,
    queryFn: () => call(admin.emails['pending-count'].$get()),
    refetchInterval: PENDING_EMAIL_POLL_MS,
  });
}

/** The list's query string: empty filters are left out (an empty status is no filter, not a 422). */
function listQuery<K extends keyof ListParams>(params: ListParams, filter?: K) {
  const value = filter ? params[filter] : undefined;
  return {
    q: params.q || undefined,
    cursor: params.cursor || undefined,
    ...(filter && value ? { [filter]: String(value) } : {}),
  };
}

function useAdminList<T>(tab: string, params: ListParams, fetchPage: (init: RequestInit) => Promise<T>) {
  return useQuery({
    queryKey: adminKeys.list(tab, params),
    queryFn: ({ signal }) => fetchPage({ signal }),
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

/** Needs you now. Refreshed every minute so the time left and what is late stay true. */
export const useAdminQueue = (cursor: string | undefined) =>
  useQuery({
    queryKey: adminKeys.list('queue', { cursor }),
    queryFn: ({ signal }) => call(admin.queue.$get({ query: { cursor } }, { init: { signal } })),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
  });

export const useAdminOrders = (params: ListParams) =>
  useAdminList('orders', params, (init) =>
    call(admin.orders.$get({ query: listQuery(params, 'status') }, { init })),
  );
export const useAdminBooks = (params: ListParams) =>
  useAdminList('books', params, (init) =>
    call(admin.books.$get({ query: listQuery(params, 'status') }, { init })),
  );
export const useAdminUsers = (params: ListParams) =>
  useAdminList('users', params, (init) =>
    call(admin.users.$get({ query: listQuery(params, 'role') }, { init })),
  );
export const useAdminEmails = (params: ListParams) =>
  useAdminList('emails', params, (init) =>
    call(admin.emails.$get({ query: listQuery(params, 'state') }, { init })),
  );

/** Every admin write refreshes every admin list and the stat cards. */
function useAdminWrite<TVars, TResult>(write: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useAdminOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, action }: { orderId: string; action: OrderAction }) =>
      call(orders[':id'].actions.$post({ param: { id: orderId }, json: action })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

/** One next-step action on the selected orders: each moves or is refused on its own (the answer says which). */
export function useBulkOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { action: AdminStepAction; orderIds: string[] }) =>
      call(admin.orders['bulk-status'].$post({ json: input })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

export function useSetBookStatus() {
  return useAdminWrite(({ bookId, status }: { bookId: string; status: BookStatus }) =>
    call(admin.books[':id'].$patch({ param: { id: bookId }, json: { status } })),
  );
}

export function useDeleteBook() {
  return useAdminWrite((bookId: string) => call(admin.books[':id'].$delete({ param: { id: bookId } })));
}

export function useSetUserRole() {
  return useAdminWrite(({ userId, role }: { userId: string; role: Role }) =>
    call(admin.users[':id'].$patch({ param: { id: userId }, json: { role } })),
  );
}

export function useDeleteUser() {
  return useAdminWrite((userId: string) => call(admin.users[':id'].$delete({ param: { id: userId } })));
}

export function useProcessEmails() {
  return useAdminWrite(() => call(admin.emails.process.$post()));
}

/** Retry one failed email (its id) or, with no id, every failed one. */
export function useRetryEmails() {
  return useAdminWrite((emailId: string | null) =>
    emailId
      ? call(admin.emails[':id'].retry.$post({ param: { id: emailId } }))
      : call(admin.emails['retry-failed'].$post()),
  );
}
