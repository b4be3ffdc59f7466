import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewsApi } from '@server/modules/reviews/routes';
import { apiClient, call } from '@web/lib/api';
import { reviewKeys } from '@web/lib/query-keys';

// Reviews (/api/docs, Reviews): the order's two reviews as the viewer may see them, a
// member's card, and the admins' list with Hide.

const api = apiClient<ReviewsApi>();

export const useOrderReviews = (orderId: string, enabled = true) =>
  useQuery({
    queryKey: reviewKeys.order(orderId),
    queryFn: () => call(api.orders[':id'].reviews.$get({ param: { id: orderId } })),
    enabled,
  });

export function useWriteReview(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { rating: number; body?: string }) =>
      call(api.orders[':id'].reviews.$post({ param: { id: orderId }, json: input })),
    onSuccess: (reviews) => queryClient.setQueryData(reviewKeys.order(orderId), reviews),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}

export const useReputation = (memberId: string) =>
  useQuery({
    queryKey: reviewKeys.reputation(memberId),
    queryFn: () => call(api.members[':id'].reputation.$get({ param: { id: memberId } })),
  });

/** One page of the admins' review list: `cursor` absent is the newest page. */
export const useAdminReviews = (cursor: string | undefined) =>
  useQuery({
    queryKey: reviewKeys.admin(cursor),
    queryFn: () => call(api.admin.reviews.$get({ query: { cursor } })),
    placeholderData: keepPreviousData,
  });

export function useHideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.admin.reviews[':id'].hide.$post({ param: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
