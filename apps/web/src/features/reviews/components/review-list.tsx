import type { Review } from '@market/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Pager } from '../../../components/ui/pager';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { REVIEW_MESSAGES } from '../api/reviews-keys';
import { ReviewItem } from './review-item';

/**
 * A page of reviews for the people who answer them (the store's inbox, the admins' moderation): loading, could not
 * load, `empty`, or the reviews, each with what it is `about` and what one may do to it, and the pages.
 */
export function ReviewList({
  reviews,
  empty,
  page,
  onPage,
  about,
  actions,
}: {
  reviews: UseQueryResult<{ reviews: Review[]; pagination: { totalPages: number; totalItems: number } }>;
  empty: ReactNode;
  page: number;
  onPage(page: number): void;
  about(review: Review): string;
  actions(review: Review): ReactNode;
}) {
  if (reviews.isPending) return <LoadingState label="Loading reviews…" />;
  if (reviews.isError) return <ErrorState title={REVIEW_MESSAGES.list} onRetry={() => reviews.refetch()} />;
  if (reviews.data.reviews.length === 0) return empty;
  return (
    <>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4">
        {reviews.data.reviews.map((review) => (
          <li key={review.id}>
            <ReviewItem review={review} about={about(review)}>
              {actions(review)}
            </ReviewItem>
          </li>
        ))}
      </ul>
      <Pager
        label="Pages of reviews"
        page={page}
        totalPages={reviews.data.pagination.totalPages}
        totalItems={reviews.data.pagination.totalItems}
        noun="review"
        onPage={onPage}
      />
    </>
  );
}
