import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { useSavedCounts, WISHLIST_MESSAGES } from '../api/wishlist';

/** How many shoppers saved each of the store's products, most saved first. */
export function SavedCounts() {
  const counts = useSavedCounts();
  if (counts.isPending) return <LoadingState label="Loading…" />;
  if (counts.isError) return <ErrorState title={WISHLIST_MESSAGES.counts} onRetry={() => counts.refetch()} />;
  if (counts.data.length === 0) return <EmptyState title="No shopper has saved your products yet" />;
  return (
    <ul
      className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
      aria-label="Saved by shoppers"
    >
      {counts.data.map((row) => (
        <li key={row.productId} className="flex justify-between gap-3 p-3 text-sm">
          <span className="min-w-0 break-words text-slate-900">{row.name}</span>
          <span className="tabular-nums font-semibold">
            {row.savedBy} shopper{row.savedBy === 1 ? '' : 's'}
          </span>
        </li>
      ))}
    </ul>
  );
}
