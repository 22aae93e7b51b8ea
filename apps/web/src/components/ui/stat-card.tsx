/** A figure and its label: a `<div>` group of a `<dl>`, so it must sit inside one (axe: dlitem). */
export function StatCard({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-bold text-slate-900">{value}</dd>
    </div>
  );
}

/** An approval queue's counts (products, stores): pending, approved and rejected, dashes until they are loaded. */
export function ApprovalCounts({
  counts,
}: {
  counts: { pending: number; approved: number; rejected: number } | undefined;
}) {
  return (
    <dl className="grid grid-cols-3 gap-2" aria-live="polite">
      <StatCard label="Pending" value={counts?.pending ?? '–'} />
      <StatCard label="Approved" value={counts?.approved ?? '–'} />
      <StatCard label="Rejected" value={counts?.rejected ?? '–'} />
    </dl>
  );
}
