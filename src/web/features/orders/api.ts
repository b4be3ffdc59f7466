import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderAction } from '@domain/order-actions';
import type { OrderDetail, OrderSummary } from '@domain/order-types';
import { api } from '@web/lib/api';

// Order calls (docs/api.md, Orders). The server decides who may see and do what (D8); the
// screens show exactly what it answers.

export type OrdersView = 'borrower' | 'owner';

export const orderKeys = {
  all: ['orders'] as const,
  list: (as: OrdersView) => ['orders', 'list', as] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
};

export function useOrders(as: OrdersView) {
  return useQuery({
    queryKey: orderKeys.list(as),
    queryFn: () => api<{ items: OrderSummary[] }>(`/api/orders?as=${as}`),
  });
}

export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: () => api<OrderDetail>(`/api/orders/${id}`),
  });
}

export function useOrderAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: OrderAction) =>
      api<OrderDetail>(`/api/orders/${id}/actions`, { method: 'POST', body: action }),
    onSuccess: (order) => queryClient.setQueryData(orderKeys.detail(id), order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
