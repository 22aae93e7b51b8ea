import { Button } from '../../../components/ui/button';
import { type Noun, nounFor, pluralize } from '../../../lib/plural';

/** Previous / next over a paged list, with where the reader is announced politely. */
export function Pager({
  page,
  totalPages,
  totalItems,
  estimated = false,
  noun,
  onPage,
}: {
  page: number;
  totalPages: number;
  totalItems: number;
  /** The total is the server's estimate (`countIsEstimate`): it reads "about …". */
  estimated?: boolean;
  /** What is counted, singular ("product") or both forms. */
  noun: Noun;
  onPage(page: number): void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={`Pages of ${nounFor(2, noun)}`} className="flex items-center justify-between gap-2">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <p className="text-center text-sm text-slate-700" aria-live="polite">
        Page {page} of {totalPages} · {pluralize(totalItems, noun, { estimated })}
      </p>
      <Button variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
