import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartValidation, CartView } from '@domain/cart-types';
import type { BorrowDuration } from '@domain/constants';
import { api } from '@web/lib/api';
import { useSession } from '@web/lib/session';

// Cart queries and mutations (docs/api.md, Cart). Every key starts with 'cart', so invalidating
// cartKeys.all refreshes the page, the add buttons and the header badge together.

export const cartKeys = {
  all: ['cart'] as const,
  count: ['cart', 'count'] as const,
  view: ['cart', 'view'] as const,
};

export const cartQuery = queryOptions({
  queryKey: cartKeys.view,
  queryFn: () => api<CartView>('/api/cart'),
});

/** Number of books in the signed-in member's cart, for the header badge (0 for guests). */
export function useCartCount(): number {
  const { user } = useSession();
  const query = useQuery({
    queryKey: cartKeys.count,
    queryFn: () => api<{ count: number }>('/api/cart/count'),
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

/** After any cart write: the answer (when it is the cart) lands at once, then every cart key refreshes. */
function useCartWrite<TVars>(write: (vars: TVars) => Promise<CartView | unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (data) => {
      if (isCartView(data)) queryClient.setQueryData(cartKeys.view, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}

function isCartView(data: unknown): data is CartView {
  return typeof data === 'object' && data !== null && Array.isArray((data as CartView).groups);
}

export function addToCart(bookId: string) {
  return api<CartView>('/api/cart/items', { method: 'POST', body: { bookId } });
}

export function useAddToCart() {
  return useCartWrite(addToCart);
}

export function useRemoveCartItem() {
  return useCartWrite((itemId: string) => api(`/api/cart/items/${itemId}`, { method: 'DELETE' }));
}

export function useRemoveOwnerItems() {
  return useCartWrite((ownerId: string) => api(`/api/cart/owners/${ownerId}`, { method: 'DELETE' }));
}

export function useClearCart() {
  return useCartWrite(() => api('/api/cart', { method: 'DELETE' }));
}

export function useSetOwnerDuration() {
  return useCartWrite(({ ownerId, borrowDuration }: { ownerId: string; borrowDuration: BorrowDuration }) =>
    api<CartView>(`/api/cart/owners/${ownerId}`, { method: 'PATCH', body: { borrowDuration } }),
  );
}

/** Re-checks every book before leaving the cart or placing the order (spec 5). */
export function validateCart(): Promise<CartValidation> {
  return api<CartValidation>('/api/cart/validate', { method: 'POST' });
}
