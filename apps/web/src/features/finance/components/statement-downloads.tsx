import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { lagosDaysAgo } from '../../../lib/dates';
import { useDownloadStatement } from '../api/finance';

/**
 * The store's monthly statement to download (issue 35 item 8): sales, refunds, commission with VAT and the
 * platform's TIN, payouts; the same figures as the payment report of that month.
 */
export function StatementDownloads() {
  const fieldId = useId();
  const [month, setMonth] = useState(() => lagosDaysAgo(0).slice(0, 7));
  const download = useDownloadStatement();
  const valid = /^20[2-9]\d-(0[1-9]|1[0-2])$/.test(month);
  return (
    <section aria-labelledby={`${fieldId}-title`} className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={`${fieldId}-title`} className="font-semibold text-slate-900">
        Monthly statement
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Sales, refunds, commission with VAT and payouts for one month, for your records and your accountant,
        and the platform's VAT invoice for that month's commission.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={fieldId} className="block text-sm font-medium text-slate-900">
            Month
          </label>
          <input
            id={fieldId}
            type="month"
            value={month}
            min="2020-01"
            onChange={(event) => setMonth(event.target.value)}
            aria-invalid={!valid}
            aria-describedby={valid ? undefined : `${fieldId}-error`}
            className="mt-1 min-h-11 rounded-md border border-slate-400 px-3"
          />
        </div>
        <Button
          variant="secondary"
          className="min-h-11"
          disabled={!valid || download.isPending}
          onClick={() => download.mutate({ month, format: 'pdf' })}
        >
          Download PDF
        </Button>
        <Button
          variant="secondary"
          className="min-h-11"
          disabled={!valid || download.isPending}
          onClick={() => download.mutate({ month, format: 'csv' })}
        >
          Download CSV
        </Button>
        <Button
          variant="secondary"
          className="min-h-11"
          disabled={!valid || download.isPending}
          onClick={() => download.mutate({ month, format: 'invoice' })}
        >
          Commission invoice (PDF)
        </Button>
      </div>
      {valid ? null : (
        <p id={`${fieldId}-error`} className="mt-2 text-sm text-red-800">
          Choose a month, for example 2026-11.
        </p>
      )}
    </section>
  );
}
