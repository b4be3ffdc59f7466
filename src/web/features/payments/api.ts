import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutDetailsInput, RecordPayoutInput } from '@domain/schemas/payout';
import type { PaymentsApi } from '@server/modules/payments/routes';
import { apiClient, call } from '@web/lib/api';
import { accountKeys, adminKeys, earningsKeys, orderKeys } from '@web/lib/query-keys';

// Paying on the page and the owner's share. /api/docs, Payments.

const payments = apiClient<PaymentsApi>();

export function useOrderMoney(orderId: string, status: string) {
  return useQuery({
    // The status is part of the key: a status change shows the new deadline and share state.
    queryKey: orderKeys.money(orderId, status),
    queryFn: () => call(payments.orders[':id'].money.$get({ param: { id: orderId } })),
  });
}

export function useClaimPayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (receipt: File | null) =>
      call(
        payments.orders[':id']['payment-claim'].$post({
          param: { id: orderId },
          form: receipt ? { receipt } : {},
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

// ---- Gateway payments

/**
 * The QRIS code and virtual accounts of a payable order; null (or no route, with
 * PAYMENT_PROVIDER=manual) leaves the bank transfer as the only way.
 */
export function useOrderGateway(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.gateway(orderId),
    queryFn: () => call(payments.orders[':id'].payment.gateway.$get({ param: { id: orderId } })),
    enabled,
    retry: false,
  });
}

/** Test mode only: the fake gateway pays the order; the worker then confirms it (the page polls). */
export function useSimulatePayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(payments.orders[':id'].payment.simulate.$post({ param: { id: orderId } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** An admin rejects the waiting claim with a reason. */
export function useRejectClaim(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      call(
        payments.orders[':id']['payment-claim'].reject.$post({ param: { id: orderId }, json: { reason } }),
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

/**
 * The Earnings page with one page of the orders' shares (`cursor`) and one of the payouts
 * (`payoutsCursor`): a cursor absent is that list's newest page.
 */
export function useEarnings(cursor: string | undefined, payoutsCursor: string | undefined) {
  return useQuery({
    queryKey: earningsKeys.page(cursor, payoutsCursor),
    queryFn: () => call(payments.earnings.$get({ query: { cursor, payoutsCursor } })),
    placeholderData: keepPreviousData,
  });
}

/** The Payouts tab with one page of the owners owed (`ownersCursor`) and one of the history (`cursor`). */
export function useAdminPayouts(cursor: string | undefined, ownersCursor: string | undefined) {
  return useQuery({
    queryKey: adminKeys.payoutsPage(cursor, ownersCursor),
    queryFn: () => call(payments.admin.payouts.$get({ query: { cursor, ownersCursor } })),
    placeholderData: keepPreviousData,
  });
}

export function useRecordPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordPayoutInput) => call(payments.admin.payouts.$post({ json: body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.payouts }),
  });
}

export function usePayoutDetails() {
  return useQuery({
    queryKey: accountKeys.payoutDetails,
    queryFn: () => call(payments.profile['payout-details'].$get()),
  });
}

export function useSavePayoutDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutDetailsInput) => call(payments.profile['payout-details'].$put({ json: body })),
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.payoutDetails, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: earningsKeys.all }),
  });
}
