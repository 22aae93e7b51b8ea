import type { ScorecardWindow } from '@market/contracts';
import { useId } from 'react';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { useScorecard } from '../api/scorecard';

const rows: { label: string; value(window: ScorecardWindow): string }[] = [
  { label: 'Orders', value: (w) => String(w.orders) },
  {
    label: 'Mean time to accept',
    value: (w) => (w.averageAcceptanceHours === null ? '—' : `${w.averageAcceptanceHours} h`),
  },
  { label: 'Accepted late (over 48 h)', value: (w) => String(w.lateAcceptances) },
  { label: 'Cancelled by the store', value: (w) => String(w.cancelledByStore) },
  {
    label: 'Return rate',
    value: (w) =>
      w.returnRatePercent === null
        ? '—'
        : `${w.returnRatePercent} % (${w.returns} of ${w.delivered} delivered)`,
  },
];

/** The store's scorecard over 30 and 90 days, as a table a screen reader reads by row and column. */
export function ScorecardPanel({ kind, storeId }: { kind: 'merchant' | 'admin'; storeId?: string }) {
  const headingId = useId();
  const card = useScorecard(kind, storeId);
  return (
    <section aria-labelledby={headingId} className="mb-6 space-y-2">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Scorecard
      </h2>
      {card.isPending ? (
        <LoadingState label="Loading the scorecard…" />
      ) : card.isError ? (
        <ErrorState title="Could not get the scorecard. Try again later." onRetry={() => card.refetch()} />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-700">
              <tr>
                <th scope="col" className="p-2">
                  Measure
                </th>
                {card.data.windows.map((window) => (
                  <th key={window.days} scope="col" className="p-2 text-right">
                    Last {window.days} days
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label} className="border-b border-slate-100">
                  <th scope="row" className="p-2 font-medium text-slate-900">
                    {row.label}
                  </th>
                  {card.data.windows.map((window) => (
                    <td key={window.days} className="p-2 text-right tabular-nums">
                      {row.value(window)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
