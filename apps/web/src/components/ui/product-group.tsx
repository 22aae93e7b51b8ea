import type { ReactNode } from 'react';
import { Button } from './button';

/**
 * One group of products in a dashboard list (a store's featured collection, a platform promotion): its name and
 * summary, a button that shows its products below (`children`, drawn only while open) and Delete.
 */
export function ProductGroupItem({
  name,
  summary,
  open,
  onToggle,
  onDelete,
  children,
}: {
  name: string;
  /** Under the name: the count of products, the dates, the status badge. */
  summary: ReactNode;
  open: boolean;
  onToggle: () => void;
  onDelete: () => void;
  children: ReactNode;
}) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{name}</p>
          {summary}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" aria-expanded={open} onClick={onToggle}>
            {open ? 'Hide products' : 'Products'}
          </Button>
          <Button variant="dangerGhost" onClick={onDelete} aria-label={`Delete ${name}`}>
            Delete
          </Button>
        </div>
      </div>
      {open ? children : null}
    </li>
  );
}

/** A product in a short list, with the one thing to do to it (Add, Remove) at the end of the line. */
export function ProductRow({ children, action }: { children: ReactNode; action: ReactNode }) {
  return (
    <li className="flex items-center justify-between gap-2 text-sm">
      <span className="min-w-0 break-words">{children}</span>
      {action}
    </li>
  );
}
