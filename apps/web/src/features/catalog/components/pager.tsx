import { Button } from '../../../components/ui/button';

/** Previous / next over a paged list, with where the reader is announced politely. */
export function Pager({
  page,
  totalPages,
  totalItems,
  itemLabel,
  onPage,
}: {
  page: number;
  totalPages: number;
  totalItems: number;
  itemLabel: string;
  onPage(page: number): void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={`Pages of ${itemLabel}`} className="flex items-center justify-between gap-2">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <p className="text-center text-sm text-slate-700" aria-live="polite">
        Page {page} of {totalPages} · {totalItems} {itemLabel}
      </p>
      <Button variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
