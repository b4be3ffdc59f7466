import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail } from '@domain/order-types';
import { api } from '@web/lib/api';
import { orderKeys } from './api';

// Loan calls (D23): the borrower extends, the admin marks an extension paid.

function useOrderWrite<V>(id: string, path: (vars: V) => string, body: (vars: V) => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => api<OrderDetail>(path(vars), { method: 'POST', body: body(vars) }),
    onSuccess: (order) => queryClient.setQueryData(orderKeys.detail(id), order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

export const useExtendLoan = (id: string) =>
  useOrderWrite<{ weeks: 1 | 2 }>(
    id,
    () => `/api/orders/${id}/extensions`,
    ({ weeks }) => ({ weeks }),
  );

export const useMarkExtensionPaid = (id: string) =>
  useOrderWrite<{ extensionId: string }>(
    id,
    ({ extensionId }) => `/api/orders/${id}/extensions/${extensionId}/paid`,
    () => ({}),
  );
