import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBookRow,
  AdminEmailRow,
  AdminOrderRow,
  AdminStats,
  AdminUserRow,
  Page,
  ProcessEmailsResult,
} from '@domain/admin-types';
import { type BookStatus, PENDING_EMAIL_POLL_MS, type Role } from '@domain/constants';
import type { OrderAction } from '@domain/order-actions';
import type { OrderDetail } from '@domain/order-types';
import { api, toQueryString } from '@web/lib/api';

// Admin calls (docs/api.md, Admin). The server checks the admin role on every one of them (D12);
// order status changes go through the orders module's one status service (D8).

export interface ListParams {
  q?: string;
  page: number;
  status?: string;
  role?: string;
  state?: string;
}

export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  pendingEmails: ['admin', 'emails', 'pending-count'] as const,
  list: (tab: string, params: ListParams) => ['admin', tab, params] as const,
};

export function useAdminStats() {
  return useQuery({ queryKey: adminKeys.stats, queryFn: () => api<AdminStats>('/api/admin/stats') });
}

/** Unsent notifications, refreshed every 10 seconds while the dashboard is open (spec section 7). */
export function usePendingEmailCount() {
  return useQuery({
    queryKey: adminKeys.pendingEmails,
    queryFn: () => api<{ count: number }>('/api/admin/emails/pending-count'),
    refetchInterval: PENDING_EMAIL_POLL_MS,
  });
}

function useAdminList<T>(tab: string, params: ListParams) {
  return useQuery({
    queryKey: adminKeys.list(tab, params),
    queryFn: ({ signal }) => api<Page<T>>(`/api/admin/${tab}${toQueryString({ ...params })}`, { signal }),
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export const useAdminOrders = (params: ListParams) => useAdminList<AdminOrderRow>('orders', params);
export const useAdminBooks = (params: ListParams) => useAdminList<AdminBookRow>('books', params);
export const useAdminUsers = (params: ListParams) => useAdminList<AdminUserRow>('users', params);
export const useAdminEmails = (params: ListParams) => useAdminList<AdminEmailRow>('emails', params);

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
      api<OrderDetail>(`/api/orders/${orderId}/actions`, { method: 'POST', body: action }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

export function useSetBookStatus() {
  return useAdminWrite(({ bookId, status }: { bookId: string; status: BookStatus }) =>
    api(`/api/admin/books/${bookId}`, { method: 'PATCH', body: { status } }),
  );
}

export function useDeleteBook() {
  return useAdminWrite((bookId: string) => api(`/api/admin/books/${bookId}`, { method: 'DELETE' }));
}

export function useSetUserRole() {
  return useAdminWrite(({ userId, role }: { userId: string; role: Role }) =>
    api(`/api/admin/users/${userId}`, { method: 'PATCH', body: { role } }),
  );
}

export function useDeleteUser() {
  return useAdminWrite((userId: string) => api(`/api/admin/users/${userId}`, { method: 'DELETE' }));
}

export function useProcessEmails() {
  return useAdminWrite(() => api<ProcessEmailsResult>('/api/admin/emails/process', { method: 'POST' }));
}
