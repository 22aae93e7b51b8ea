import { reviewEndpoints } from '@market/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { REVIEW_MESSAGES, reviewsKeys } from './reviews-keys';

export const PUBLIC_REVIEWS_PAGE = 5;

/** A product's visible reviews with its rating summary (public, cached by the server like the catalog). */
export function useProductReviews(productId: string, page: number) {
  return useQuery({
    queryKey: reviewsKeys.product(productId, page),
    queryFn: async ({ signal }) =>
      (
        await api(reviewEndpoints.productReviews, {
          kind: 'customer',
          params: { productId },
          query: { page, limit: PUBLIC_REVIEWS_PAGE },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: REVIEW_MESSAGES.list } },
  });
}

/** A store's visible reviews (of the store itself, not its products) with its rating summary; public. */
export function useStoreReviews(storeId: string, page: number) {
  return useQuery({
    queryKey: reviewsKeys.store(storeId, page),
    queryFn: async ({ signal }) =>
      (
        await api(reviewEndpoints.storeReviews, {
          kind: 'customer',
          params: { storeId },
          query: { page, limit: PUBLIC_REVIEWS_PAGE },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    meta: { toast: { fallback: REVIEW_MESSAGES.list } },
  });
}
