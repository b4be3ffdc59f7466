import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderMoney } from '../../../domain/order-types';
import { api } from '../../lib/api';
import { orderKeys } from '../orders/api';

// Paying on the page (D33) and the owner's share (D34). docs/api.md, Payments.

export const moneyKey = (orderId: string) => ['orders', 'money', orderId] as const;

export function useOrderMoney(orderId: string, status: string) {
  return useQuery({
    // The status is part of the key: a status change shows the new deadline and share state.
    queryKey: [...moneyKey(orderId), status],
    queryFn: () => api<OrderMoney>(`/api/orders/${orderId}/money`),
  });
}

export function useClaimPayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (receipt: File | null) => {
      const body = new FormData();
      if (receipt) body.append('receipt', receipt);
      return api<OrderMoney>(`/api/orders/${orderId}/payment-claim`, { method: 'POST', body });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
