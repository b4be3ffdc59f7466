import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartView } from '@domain/cart-types';
import type { BorrowDuration } from '@domain/constants';
import type { CartApi } from '@server/modules/cart/routes';
import { apiClient, call } from '@web/lib/api';
import { cartKeys } from '@web/lib/query-keys';
import { useSession } from '@web/lib/session';

// Cart queries and mutations (/api/docs, Cart). Every key starts with 'cart', so invalidating
// cartKeys.all refreshes the page, the add buttons and the header badge together.

const cart = apiClient<CartApi>().cart;

const cartQuery = queryOptions({
  queryKey: cartKeys.view,
  queryFn: () => call(cart.$get()),
});

/** Number of books in the signed-in member's cart, for the header badge (0 for guests). */
export function useCartCount(): number {
  const { user } = useSession();
  const query = useQuery({
    queryKey: cartKeys.count,
    queryFn: () => call(cart.count.$get()),
    enabled: !!user,
  });
  return user ? (query.data?.count ?? 0) : 0;
}

/** The signed-in member's cart; disabled for guests. */
export function useCart() {
  const { user } = useSession();
  return useQuery({ ...cartQuery, enabled: !!user });
}

/** Ids of the books in the cart, so each add button can read 'Added'. */
export function useCartBookIds(): ReadonlySet<string> {
  const { data } = useCart();
  const ids = new Set<string>();
  for (const group of data?.groups ?? []) for (const item of group.items) ids.add(item.book.id);
  return ids;
}

/** After any cart write: the answer (the whole cart) lands at once, then every cart key refreshes. */
function useCartWrite<TVars>(write: (vars: TVars) => Promise<CartView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (data) => queryClient.setQueryData(cartKeys.view, data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}

export function addToCart(bookId: string) {
  return call(cart.items.$post({ json: { bookId } }));
}

export function useAddToCart() {
  return useCartWrite(addToCart);
}

export function useRemoveCartItem() {
  return useCartWrite((itemId: string) => call(cart.items[':itemId'].$delete({ param: { itemId } })));
}

export function useRemoveOwnerItems() {
  return useCartWrite((ownerId: string) => call(cart.owners[':ownerId'].$delete({ param: { ownerId } })));
}

export function useClearCart() {
  return useCartWrite(() => call(cart.$delete()));
}

export function useSetOwnerDuration() {
  return useCartWrite(({ ownerId, borrowDuration }: { ownerId: string; borrowDuration: BorrowDuration }) =>
    call(cart.owners[':ownerId'].$patch({ param: { ownerId }, json: { borrowDuration } })),
  );
}

/** Re-checks every book before leaving the cart or placing the order (spec 5). */
export function validateCart() {
  return call(cart.validate.$post());
}
