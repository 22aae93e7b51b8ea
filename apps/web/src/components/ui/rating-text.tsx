import { pluralize } from '../../lib/plural';

/**
 * "★ 4.2 (18 reviews)": the rating where pages first paint (cards, product and store headers). Kept to text so it
 * costs the public pages' first load almost nothing; the review lists draw full stars (`star-rating.tsx`).
 */
export function RatingText({ average, count }: { average: number; count: number }) {
  return (
    <span>
      <span aria-hidden="true" className="text-amber-700">
        ★{' '}
      </span>
      <span className="sr-only">Rated </span>
      <span className="font-semibold">{average.toFixed(1)}</span>
      <span className="sr-only"> out of 5</span> ({pluralize(count, 'review')})
    </span>
  );
}
