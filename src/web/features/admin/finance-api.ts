import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FinanceApi } from '@server/modules/finance/routes';
import { apiClient, call } from '@web/lib/api';
import { adminKeys } from '@web/lib/query-keys';

// The admins' money desk: late and wrong money as tasks and a month's figures with the
// gateway's fees. Admin-only on the server.

const admin = apiClient<FinanceApi>().admin;
const tasks = admin['payment-tasks'];

export type TaskState = 'open' | 'resolved';

export function usePaymentTasks(state: TaskState, cursor: string | undefined) {
  return useQuery({
    queryKey: adminKeys.paymentTasks(state, cursor),
    queryFn: ({ signal }) => call(tasks.$get({ query: { state, cursor } }, { init: { signal } })),
    placeholderData: keepPreviousData,
  });
}

type Resolve =
  | { id: string; action: 'refund'; bankReference?: string }
  | { id: string; action: 'revive' }
  | { id: string; action: 'dismiss'; note: string };

/** One resolution of one task; every admin list and figure is read again after it. */
export function useResolvePaymentTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Resolve) => {
      const param = { id: input.id };
      if (input.action === 'refund')
        return call(tasks[':id'].refund.$post({ param, json: { bankReference: input.bankReference } }));
      if (input.action === 'revive') return call(tasks[':id'].revive.$post({ param }));
      return call(tasks[':id'].dismiss.$post({ param, json: { note: input.note } }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useFinanceFigures(month: string) {
  return useQuery({
    queryKey: adminKeys.finance(month),
    queryFn: () => call(admin.finance.$get({ query: { month } })),
    placeholderData: keepPreviousData,
  });
}

/**
 * The statement adapter: uploads a bank statement; the answer says what became of each credit
 * line. The tasks, orders and figures are read again after it.
 */
export function useUploadStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (statement: File) => call(admin['payment-statements'].$post({ form: { statement } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
