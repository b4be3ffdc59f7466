import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryPriceInput } from '@domain/schemas/delivery-prices';
import type { DeliveryPricesApi } from '@server/modules/delivery-prices/routes';
import { apiClient, call } from '@web/lib/api';
import { adminKeys } from '@web/lib/query-keys';

// The admins' delivery prices per pair of areas (admin-only on the server).

const prices = apiClient<DeliveryPricesApi>().admin['delivery-prices'];

export function useDeliveryPrices() {
  return useQuery({ queryKey: adminKeys.deliveryPrices, queryFn: () => call(prices.$get()) });
}

export function useSetDeliveryPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeliveryPriceInput) => call(prices.$put({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.deliveryPrices }),
  });
}

export function useDeleteDeliveryPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(prices[':id'].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.deliveryPrices }),
  });
}
