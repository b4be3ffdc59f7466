import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutBatchesApi } from '@server/modules/payout-batches/routes';
import { apiClient, call } from '@web/lib/api';
import { adminKeys, earningsKeys } from '@web/lib/query-keys';

// Payouts in one batch: the Payouts tab's batch panel. /api/docs, Payments.

const batches = apiClient<PayoutBatchesApi>();

/** Where the browser downloads a batch's bulk-transfer CSV (a plain link: the file is an attachment). */
export const batchFileUrl = (id: string) => `/api/admin/payout-batches/${id}/transfers.csv`;

export function usePayoutBatch() {
  return useQuery({
    queryKey: adminKeys.payoutBatch,
    queryFn: () => call(batches.admin['payout-batches'].$get()),
  });
}

function useBatchMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.payouts });
      void queryClient.invalidateQueries({ queryKey: earningsKeys.all });
    },
  });
}

export const usePrepareBatch = () => useBatchMutation(() => call(batches.admin['payout-batches'].$post()));

export const useMarkBatchPaid = () =>
  useBatchMutation((input: { id: string; paidOn: string }) =>
    call(
      batches.admin['payout-batches'][':id'].paid.$post({
        param: { id: input.id },
        json: { paidOn: input.paidOn },
      }),
    ),
  );

export const useDiscardBatch = () =>
  useBatchMutation((id: string) => call(batches.admin['payout-batches'][':id'].$delete({ param: { id } })));
