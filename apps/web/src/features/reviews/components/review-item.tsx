import type { PublicReview } from '@market/contracts';
import type { ReactNode } from 'react';
import { Stars } from '../../../components/ui/star-rating';
import { formatDate } from '../../../lib/dates';

/** One review: stars, author, date, words, the store's reply; `children` adds a screen's own controls. */
export function ReviewItem({
  review,
  about,
  children,
}: {
  review: PublicReview;
  /** What it is about, on lists that mix products and the store. */
  about?: string;
  children?: ReactNode;
}) {
  return (
    <article className="space-y-1 py-3">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <Stars value={review.rating} />
        <span className="sr-only">{review.rating} out of 5 stars.</span>
        <span className="font-semibold text-slate-900">{review.authorName}</span>
        <span className="text-slate-700">· {formatDate(review.createdAt)}</span>
        <span className="rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-semibold text-emerald-900">
          Verified purchase
        </span>
      </div>
      {about ? <p className="text-sm font-semibold text-slate-800">{about}</p> : null}
      <p className="whitespace-pre-line break-words text-slate-800">{review.text}</p>
      {review.reply ? (
        <div className="ml-3 border-l-2 border-emerald-700 pl-3 text-sm">
          <p className="font-semibold text-slate-900">
            Reply from the store{review.repliedAt ? ` · ${formatDate(review.repliedAt)}` : ''}
          </p>
          <p className="whitespace-pre-line break-words text-slate-800">{review.reply}</p>
        </div>
      ) : null}
      {children}
    </article>
  );
}
