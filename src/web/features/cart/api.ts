import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

// Cart queries and mutations. (The cart work extends this file; useCartCount is used by the header.)

export const cartKeys = { all: ['cart'] as const, count: ['cart', 'count'] as const };

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
