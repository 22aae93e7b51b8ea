import type { BulkImport, BulkImportOutcome, BulkImportSummary } from '@market/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/dates';
import { isApiError } from '../../../lib/errors';
import { useCatalogueImport, useCatalogueImports } from '../api/catalogue-spreadsheet';

// An applied file's progress and result (ADR 094): the background job writes it in batches; this screen reads it
// every second until it ends.

const whole = new Intl.NumberFormat('en-NG');

const statusLabels: Record<
  BulkImportSummary['status'],
  { label: string; tone: 'green' | 'red' | 'amber' | 'slate' }
> = {
  queued: { label: 'Waiting to start', tone: 'slate' },
  running: { label: 'Applying', tone: 'amber' },
  done: { label: 'Done', tone: 'green' },
  failed: { label: 'Stopped', tone: 'red' },
};

const outcomeLabels: Record<BulkImportOutcome['outcome'], string> = {
  created: 'New',
  updated: 'Changed',
  unchanged: 'Unchanged',
  failed: 'Not written',
};

function Counts({ found }: { found: BulkImportSummary }) {
  const items: [string, number][] = [
    ['New products', found.created],
    ['Products changed', found.updated],
    ['Unchanged', found.unchanged],
    ['Not written', found.failed],
    ['Going to approval', found.toApproval],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-md border border-slate-200 bg-white p-3">
          <dt className="text-xs text-slate-700">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900">{whole.format(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function OutcomeTable({ outcomes }: { outcomes: BulkImportOutcome[] }) {
  if (outcomes.length === 0) return <EmptyState title="The file named no products" />;
  return (
    <div className="max-h-96 overflow-auto rounded-md border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="p-2 text-left font-semibold text-slate-900">Each product of the file</caption>
        <thead className="sticky top-0 border-b border-slate-300 bg-white text-slate-700">
          <tr>
            <th scope="col" className="px-2 py-2">
              Row
            </th>
            <th scope="col" className="px-2 py-2">
              SKU
            </th>
            <th scope="col" className="px-2 py-2">
              Result
            </th>
          </tr>
        </thead>
        <tbody>
          {outcomes.map((item) => (
            <tr key={`${item.row}-${item.sku}`} className="border-b border-slate-100 align-top">
              <td className="px-2 py-2 tabular-nums">{item.row}</td>
              <td className="break-all px-2 py-2 font-mono">{item.sku}</td>
              <td className="px-2 py-2">
                {outcomeLabels[item.outcome]}
                {item.message ? <span className="block text-red-800">{item.message}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Progress({ found }: { found: BulkImport }) {
  const status = statusLabels[found.status];
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-900">
        <Badge tone={status.tone}>{status.label}</Badge>
        <span className="tabular-nums">
          {whole.format(found.rowsDone)} of {whole.format(found.rowsTotal)} rows written
        </span>
      </p>
      <progress
        className="h-2 w-full accent-emerald-700"
        max={Math.max(found.rowsTotal, 1)}
        value={found.rowsDone}
        aria-label="Rows written"
        aria-valuetext={`${found.rowsDone} of ${found.rowsTotal} rows written`}
      />
    </div>
  );
}

/** One import: its bar while the job runs, then what it did, product by product. */
export function CatalogueImport({ id }: { id: string }) {
  const query = useCatalogueImport(id);
  if (query.isPending) return <LoadingState label="Loading the import…" />;
  if (query.isError)
    return (
      <ErrorState
        title="Could not read the import"
        message={isApiError(query.error) ? query.error.message : 'Check your connection and try again.'}
        onRetry={() => query.refetch()}
      />
    );
  const found = query.data;
  const ended = found.status === 'done' || found.status === 'failed';
  return (
    <div className="space-y-3">
      <div aria-live="polite">
        {found.status === 'done' ? (
          <FormAlert tone="success">
            Catalogue updated: {found.created} new, {found.updated} changed, {found.unchanged} unchanged
            {found.failed > 0 ? `, ${found.failed} not written` : ''}.
          </FormAlert>
        ) : found.status === 'failed' ? (
          <FormAlert>
            The import stopped: {found.error ?? 'an unknown error'}. Rows written before it stay written.
          </FormAlert>
        ) : (
          <p className="text-sm text-slate-700">
            Your file is being applied. You may leave this page: it goes on, and Recent imports shows it.
          </p>
        )}
      </div>
      <Progress found={found} />
      {ended ? (
        <>
          <Counts found={found} />
          <OutcomeTable outcomes={found.outcomes} />
        </>
      ) : null}
    </div>
  );
}

/** The store's latest imports; choosing one shows it above. */
export function RecentImports({ shown, onShow }: { shown?: string; onShow: (id: string) => void }) {
  const query = useCatalogueImports();
  if (query.isPending) return <LoadingState label="Loading recent imports…" />;
  if (query.isError)
    return <ErrorState title="Could not load recent imports" onRetry={() => query.refetch()} />;
  if (query.data.length === 0)
    return (
      <EmptyState title="No file applied yet">Files you apply are listed here with their results.</EmptyState>
    );
  return (
    <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
      {query.data.map((item) => {
        const status = statusLabels[item.status];
        return (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
            <div className="space-y-1">
              <p className="flex flex-wrap items-center gap-2">
                <Badge tone={status.tone}>{status.label}</Badge>
                <span className="text-slate-900">{formatDateTime(item.createdAt)}</span>
              </p>
              <p className="tabular-nums text-slate-700">
                {whole.format(item.rowsDone)} of {whole.format(item.rowsTotal)} rows · {item.created} new,{' '}
                {item.updated} changed, {item.unchanged} unchanged
              </p>
            </div>
            <Button
              variant="secondary"
              disabled={item.id === shown}
              aria-label={`Show the import of ${formatDateTime(item.createdAt)}`}
              onClick={() => onShow(item.id)}
            >
              {item.id === shown ? 'Shown' : 'Show'}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
