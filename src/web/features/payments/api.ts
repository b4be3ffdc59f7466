import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPayouts, Earnings, PayoutDetailsView, PayoutView } from '@domain/earnings-types';
import type { OrderMoney } from '@domain/order-types';
import type { PayoutDetailsInput, RecordPayoutInput } from '@domain/schemas/payout';
import { api } from '@web/lib/api';
import { orderKeys } from '@web/features/orders/api';

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

export const earningsKey = ['earnings'] as const;
export const payoutsKey = ['admin', 'payouts'] as const;
export const payoutDetailsKey = ['profile', 'payout-details'] as const;

export function useEarnings() {
  return useQuery({ queryKey: earningsKey, queryFn: () => api<Earnings>('/api/earnings') });
}

export function useAdminPayouts() {
  return useQuery({ queryKey: payoutsKey, queryFn: () => api<AdminPayouts>('/api/admin/payouts') });
}

export function useRecordPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordPayoutInput) => api<PayoutView>('/api/admin/payouts', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutsKey }),
  });
}

export function usePayoutDetails() {
  return useQuery({
    queryKey: payoutDetailsKey,
    queryFn: () => api<PayoutDetailsView>('/api/profile/payout-details'),
  });
}

export function useSavePayoutDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutDetailsInput) =>
      api<PayoutDetailsView>('/api/profile/payout-details', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(payoutDetailsKey, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: earningsKey }),
  });
}
