import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PickupLocation } from '@domain/api-types';
import type { OrderSummary } from '@domain/order-types';
import type { CheckoutInput } from '@domain/schemas/checkout';
import { api } from '@web/lib/api';
import { cartKeys } from '@web/features/cart/api';
import { orderKeys } from '@web/features/orders/api';

// Checkout calls (docs/api.md, Checkout). The pickup options depend on who is in the cart, so
// their key sits under 'cart' and refreshes with every cart change.

export function useCheckoutOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...cartKeys.all, 'checkout-options'],
    queryFn: () => api<{ pickupLocations: PickupLocation[] }>('/api/checkout/options'),
    enabled,
  });
}

/** What checkout hands the confirmation page through navigation state. */
export interface ConfirmationState {
  orders: OrderSummary[];
}

export function usePlaceOrder() {
  return useMutation({
    mutationFn: (input: CheckoutInput) =>
      api<{ orders: OrderSummary[] }>('/api/checkout', { method: 'POST', body: input }),
  });
}

/** After the orders exist: the cart is empty on the server and the order lists have grown. */
export function useRefreshAfterCheckout() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: cartKeys.all });
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
  };
}
