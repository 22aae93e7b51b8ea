import { reviewEndpoints } from '@market/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { REVIEW_MESSAGES, reviewsKeys } from './reviews-keys';

/** The signed-in customer's reviews (the newest 100): which products and stores they reviewed already. */
export function useMyReviews(enabled = true) {
  return useQuery({
    queryKey: reviewsKeys.mine,
    queryFn: async ({ signal }) =>
      (await api(reviewEndpoints.mine, { kind: 'customer', query: { page: 1, limit: 100 }, signal })).data,
    enabled,
    meta: { toast: { fallback: REVIEW_MESSAGES.list } },
  });
}
