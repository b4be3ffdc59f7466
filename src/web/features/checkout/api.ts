import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderSummary } from '@domain/order-types';
import type { CheckoutInput } from '@domain/schemas/checkout';
import type { CheckoutApi } from '@server/modules/checkout/routes';
import type { PickupLocationsApi } from '@server/modules/pickup-locations/routes';
import { apiClient, call } from '@web/lib/api';
import { cartKeys, orderKeys } from '@web/lib/query-keys';

// Checkout calls (/api/docs, Checkout). The pickup options depend on who is in the cart, so
// their key sits under 'cart' and refreshes with every cart change.

const checkout = apiClient<CheckoutApi>().checkout;
const favourite = apiClient<PickupLocationsApi>().profile['favourite-pickup-location'];

export function useCheckoutOptions(enabled: boolean) {
  return useQuery({
    queryKey: cartKeys.checkoutOptions,
    queryFn: () => call(checkout.options.$get()),
    enabled,
  });
}

/** Makes a location the member's favourite (null forgets it); the options then name it. */
export function useSetFavouritePickup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pickupLocationId: string | null) => call(favourite.$put({ json: { pickupLocationId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartKeys.checkoutOptions }),
  });
}

/** What checkout hands the confirmation page through navigation state. */
export interface ConfirmationState {
  orders: OrderSummary[];
}

export function usePlaceOrder() {
  return useMutation({
    mutationFn: (input: CheckoutInput) => call(checkout.$post({ json: input })),
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
