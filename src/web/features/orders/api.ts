import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderAction } from '@domain/order-actions';
import type { OrderDetail } from '@domain/order-types';
import type { OrdersApi } from '@server/modules/orders/routes';
import { apiClient, call } from '@web/lib/api';
import { orderKeys } from '@web/lib/query-keys';

// Order calls (/api/docs, Orders). The server decides who may see and do what; the
// screens show exactly what it answers.

export type OrdersView = 'borrower' | 'owner';

const orders = apiClient<OrdersApi>().orders;

/** A page of My orders (or Orders for my books); no cursor is the first page. */
export function useOrders(as: OrdersView, cursor?: string) {
  return useQuery({
    queryKey: [...orderKeys.list(as), cursor ?? null],
    queryFn: () => call(orders.$get({ query: { as, cursor } })),
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: () => call(orders[':id'].$get({ param: { id } })),
  });
}

/** How often the page asks again while an order waits for money that may arrive by itself. */
const PAYABLE_POLL_MS = 3000;

/**
 * Keeps the order fresh while it is payable, so a gateway's payment moves the page to
 * "Payment confirmed" by itself; TanStack Query pauses the interval while the tab is hidden.
 */
export function usePollOrderWhilePayable(id: string, payable: boolean) {
  useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: () => call(orders[':id'].$get({ param: { id } })),
    refetchInterval: payable ? PAYABLE_POLL_MS : false,
    refetchIntervalInBackground: false,
  });
}

/** A write whose answer is the order: it lands in the detail at once, then every order key refreshes. */
export function useOrderWrite<V>(id: string, write: (vars: V) => Promise<OrderDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (order) => queryClient.setQueryData(orderKeys.detail(id), order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

export const useOrderAction = (id: string) =>
  useOrderWrite(id, (action: OrderAction) =>
    call(orders[':id'].actions.$post({ param: { id }, json: action })),
  );
