import { type Noun, pluralize } from '../../lib/plural';
import { Button } from './button';

/** Where a list is: its page, how many pages and how many items (a list answer's `pagination`). */
interface Position {
  page: number;
  totalPages: number;
  totalItems: number;
}

/** Previous / next with the position announced politely; `pagination` is the list answer's, or the three numbers. */
export function Pager(
  props: {
    label: string;
    /** What is counted, singular ("store") or both forms: the count reads "1 store", "2 stores". */
    noun: Noun;
    /** The total is the server's estimate (`countIsEstimate`, ADR 114): it reads "about 1,230,000 transactions". */
    estimated?: boolean;
    onPage(page: number): void;
  } & ({ pagination: Position } | Position),
) {
  const { label, noun, onPage, estimated = false } = props;
  const { page, totalPages, totalItems } = 'pagination' in props ? props.pagination : props;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <p className="text-center text-sm text-slate-700" aria-live="polite">
        Page {page} of {Math.max(totalPages, 1)} · {pluralize(totalItems, noun, { estimated })}
      </p>
      <Button variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
