import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * An order in a list, the whole card a link to it: its name and status on one line, what it is under them, and its
 * total where the list shows one. `roomy` for the customer's own orders, `inRow` beside a selection checkbox.
 */
export function OrderCard({
  to,
  name,
  status,
  children,
  total,
  roomy = false,
  inRow = false,
}: {
  to: string;
  name: string;
  /** The status badge (each side has its own words for a status). */
  status: ReactNode;
  /** The line under the name: whose order, when, how many items. */
  children: ReactNode;
  /** The total, formatted. */
  total?: string;
  roomy?: boolean;
  inRow?: boolean;
}) {
  return (
    <Link
      to={to}
      className={`block ${inRow ? 'min-w-0 flex-1 ' : ''}rounded-lg border border-slate-200 bg-white ${
        roomy ? 'p-4' : 'p-3'
      } hover:border-emerald-700`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-bold text-slate-900">{name}</span>
        {status}
      </div>
      <p className="mt-1 text-sm text-slate-700">{children}</p>
      {total === undefined ? null : <p className="mt-1 font-semibold tabular-nums text-slate-900">{total}</p>}
    </Link>
  );
}
