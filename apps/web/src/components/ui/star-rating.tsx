import { pluralize } from '../../lib/plural';

/** Five stars filled to the rating (to the tenth); the text beside them is what screen readers hear. */
export function Stars({ value, size = 'sm' }: { value: number; size?: 'sm' | 'md' }) {
  const percent = Math.max(0, Math.min(100, (value / 5) * 100));
  const text = size === 'md' ? 'text-xl' : 'text-sm';
  return (
    <span aria-hidden="true" className={`relative inline-block leading-none tracking-tight ${text}`}>
      <span className="text-slate-300">★★★★★</span>
      <span className="absolute inset-0 overflow-hidden text-amber-600" style={{ width: `${percent}%` }}>
        ★★★★★
      </span>
    </span>
  );
}

/** "★★★★☆ 4.2 (18 reviews)", or "No reviews yet" when there are none. Used on cards, product and store pages. */
export function RatingSummary({
  average,
  count,
  size = 'sm',
  hideEmpty = false,
}: {
  average: number;
  count: number;
  size?: 'sm' | 'md';
  /** Cards leave out a rating nobody has given yet. */
  hideEmpty?: boolean;
}) {
  if (count === 0) {
    return hideEmpty ? null : <p className="text-sm text-slate-700">No reviews yet</p>;
  }
  return (
    <p
      className={`flex flex-wrap items-center gap-1 text-slate-700 ${size === 'md' ? 'text-base' : 'text-xs'}`}
    >
      <Stars value={average} size={size} />
      <span className="sr-only">Rated</span>
      <span className="font-semibold text-slate-900">{average.toFixed(1)}</span>
      <span className="sr-only">out of 5,</span>
      <span>({pluralize(count, 'review')})</span>
    </p>
  );
}
