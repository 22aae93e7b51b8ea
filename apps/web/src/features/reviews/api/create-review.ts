import { type MerchantReviewBody, type ProductReviewBody, reviewEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { reviewsKeys } from './reviews-keys';

export type NewReview =
  | ({ kind: 'product' } & ProductReviewBody)
  | ({ kind: 'merchant' } & MerchantReviewBody);

export function createReview(review: NewReview) {
  const { kind, ...body } = review;
  return kind === 'product'
    ? api(reviewEndpoints.reviewProduct, { kind: 'customer', body: body as ProductReviewBody })
    : api(reviewEndpoints.reviewStore, { kind: 'customer', body: body as MerchantReviewBody });
}

/** Sends a review; the product's (or store's) rating and the review lists are read again afterwards. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: async (answer, review) => {
      notifySuccess(answer.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewsKeys.all }),
        // the catalog's product and store answers carry the rating
        review.kind === 'product'
          ? queryClient.invalidateQueries({ queryKey: ['catalog', 'product', review.productId] })
          : queryClient.invalidateQueries({ queryKey: ['stores'] }),
      ]);
    },
  });
}
