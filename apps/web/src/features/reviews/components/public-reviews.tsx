import type { PublicReviewsPage } from '@market/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { RatingSummary } from '../../../components/ui/star-rating';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { pluralize } from '../../../lib/plural';
import { useProductReviews, useStoreReviews } from '../api/get-product-reviews';
import { REVIEW_MESSAGES } from '../api/reviews-keys';
import { ReviewItem } from './review-item';

/** The product page's reviews: summary with the star breakdown, then the newest reviews five at a time. */
export default function ProductReviews({ productId }: { productId: string }) {
  const [page, setPage] = useState(1);
  return (
    <ReviewsSection
      title="Customer reviews"
      reviews={useProductReviews(productId, page)}
      page={page}
      onPage={setPage}
      emptyText="Customers who received this product can review it from their order."
    />
  );
}

/** A store's own reviews (`/api/reviews/merchant/:storeId`), as the product page shows a product's. */
export function StoreReviews({ storeId, storeName }: { storeId: string; storeName: string }) {
  const [page, setPage] = useState(1);
  return (
    <ReviewsSection
      title={`Reviews of ${storeName}`}
      reviews={useStoreReviews(storeId, page)}
      page={page}
      onPage={setPage}
      emptyText="Customers who received an order from this store can review it from their order."
    />
  );
}

function ReviewsSection({
  title,
  reviews,
  page,
  onPage: setPage,
  emptyText,
}: {
  title: string;
  reviews: UseQueryResult<PublicReviewsPage>;
  page: number;
  onPage(page: number): void;
  emptyText: string;
}) {
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-10 space-y-3">
      <h2 id="reviews-heading" className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {reviews.isPending ? (
        <div role="status" aria-label="Loading reviews…" className="space-y-2">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : reviews.isError ? (
        <ErrorState title={REVIEW_MESSAGES.list} onRetry={() => reviews.refetch()} />
      ) : reviews.data.summary.count === 0 ? (
        <EmptyState title="No reviews yet">
          <p className="text-sm text-slate-700">{emptyText}</p>
        </EmptyState>
      ) : (
        <>
          <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:gap-8">
            <div data-testid="reviews-summary">
              <RatingSummary
                average={reviews.data.summary.average}
                count={reviews.data.summary.count}
                size="md"
              />
            </div>
            <dl className="grid flex-1 grid-cols-[auto_1fr_auto] items-center gap-x-2 gap-y-1 text-sm">
              {[5, 4, 3, 2, 1].map((stars) => {
                const count = reviews.data.summary.breakdown[stars - 1] ?? 0;
                const share = Math.round((count / reviews.data.summary.count) * 100);
                return (
                  <div key={stars} className="contents">
                    <dt className="text-slate-700">{stars} ★</dt>
                    <dd aria-hidden="true" className="h-2 rounded bg-slate-200">
                      <div className="h-2 rounded bg-amber-600" style={{ width: `${share}%` }} />
                    </dd>
                    <dd className="tabular-nums text-slate-700">
                      <span className="sr-only">{pluralize(stars, 'star')}: </span>
                      {pluralize(count, 'review')}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </div>
          <div className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4">
            {reviews.data.reviews.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </div>
          {reviews.data.pagination.totalPages > 1 ? (
            <Pager
              label="Pages of reviews"
              page={page}
              totalPages={reviews.data.pagination.totalPages}
              totalItems={reviews.data.pagination.totalItems}
              noun="review"
              onPage={setPage}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
