import {
  RECONCILIATION_MAX_DAYS,
  type ReconciliationDifference,
  type ReconciliationRun,
} from '@market/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { FormAlert } from '../../../components/ui/form-alert';
import { PromptDialog } from '../../../components/ui/prompt-dialog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDateRange, formatDateTime, lagosDaysAgo } from '../../../lib/dates';
import { formatNaira } from '../../../lib/money';
import {
  type DifferenceFilter,
  RECONCILIATION_MESSAGES,
  useExplainDifference,
  useReconciliation,
  useRunReconciliation,
} from '../api/reconciliation';

const DAY_MS = 86_400_000;

/** Why a window cannot be reconciled (the server's own words), or null. */
export function windowProblem(from: string, to: string): string | null {
  if (!from || !to) return 'Choose a start and an end date';
  if (to < from) return 'The end date cannot be before the start date';
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > RECONCILIATION_MAX_DAYS)
    return `Choose at most ${RECONCILIATION_MAX_DAYS} days`;
  return null;
}

const kobo = (value: number | null) => (value === null ? '—' : formatNaira(value));

function RunSummary({ run }: { run: ReconciliationRun }) {
  return (
    <div className="space-y-1 text-sm text-slate-700" data-testid="reconciliation-run">
      <p>
        <span className="font-semibold text-slate-900">{formatDateRange(run.from, run.to)}</span> (Lagos
        days), against {run.provider === 'sandbox' ? 'the payments sandbox' : 'Paystack'}
        {run.trigger === 'schedule' ? ', by the daily check' : run.startedBy ? `, by ${run.startedBy}` : ''}.
      </p>
      {run.status === 'failed' ? (
        <FormAlert>The run stopped: {run.failure ?? 'the provider did not answer'}</FormAlert>
      ) : (
        <p>
          Listed {run.listed.transactions} transactions, {run.listed.refunds} refunds, {run.listed.transfers}{' '}
          transfers
          {run.listed.settlements > 0 ? `, ${run.listed.settlements} settlements` : ''}
          {run.finishedAt ? ` · finished ${formatDateTime(run.finishedAt)}` : ''}
        </p>
      )}
    </div>
  );
}

function DifferenceCard({
  difference,
  canExplain,
  onExplain,
}: {
  difference: ReconciliationDifference;
  canExplain: boolean;
  onExplain(difference: ReconciliationDifference): void;
}) {
  const titleId = `difference-${difference.id}`;
  return (
    <li
      className="min-w-0 space-y-2 rounded-lg border border-slate-200 bg-white p-3"
      data-testid="reconciliation-difference"
      data-kind={difference.kind}
      aria-labelledby={titleId}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="font-semibold text-slate-900">
          {difference.title}
        </h3>
        {difference.explainedAt ? <Badge tone="green">Explained</Badge> : <Badge tone="amber">Open</Badge>}
      </div>
      <p className="break-all font-mono text-xs text-slate-700">{difference.reference}</p>
      <p className="text-sm text-slate-800">{difference.detail}</p>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Books</dt>
        <dd className="tabular-nums text-slate-900">
          {kobo(difference.booksAmountKobo)}
          {difference.booksStatus ? ` · ${difference.booksStatus}` : ''}
        </dd>
        <dt className="text-slate-600">Paystack</dt>
        <dd className="tabular-nums text-slate-900">
          {kobo(difference.providerAmountKobo)}
          {difference.providerStatus ? ` · ${difference.providerStatus}` : ''}
        </dd>
      </dl>
      <p className="rounded-md bg-slate-50 p-2 text-sm text-slate-800">
        <span className="font-semibold">What to do: </span>
        {difference.action}
      </p>
      {difference.explainedAt ? (
        <p className="text-sm text-slate-700">
          Explained by {difference.explainedBy ?? 'an admin'} on {formatDateTime(difference.explainedAt)}: “
          {difference.explanation}”
        </p>
      ) : canExplain ? (
        <Button variant="secondary" onClick={() => onExplain(difference)}>
          Mark explained
        </Button>
      ) : null}
    </li>
  );
}

/**
 * `/admin/payouts/reconciliation` (ADR 065): the newest comparison of Paystack's statements with the books, each
 * difference with what it is and what to do. Nothing here moves money: admins who approve payouts may run a check
 * for other days and mark a difference explained with a note.
 */
export function ReconciliationScreen({ canRun }: { canRun: boolean }) {
  const [show, setShow] = useState<DifferenceFilter>('open');
  const [window, setWindow] = useState(() => ({ from: lagosDaysAgo(1), to: lagosDaysAgo(1) }));
  const [explaining, setExplaining] = useState<ReconciliationDifference | null>(null);
  const view = useReconciliation(show);
  const run = useRunReconciliation();
  const explain = useExplainDifference();
  const problem = windowProblem(window.from, window.to);
  const filters: { value: DifferenceFilter; label: string }[] = [
    { value: 'open', label: `Open${view.data ? ` (${view.data.open})` : ''}` },
    { value: 'explained', label: `Explained${view.data ? ` (${view.data.explained})` : ''}` },
    { value: 'all', label: 'All' },
  ];
  return (
    <div className="space-y-6">
      {canRun ? (
        <section aria-labelledby="run-title" className="space-y-2">
          <h2 id="run-title" className="text-lg font-semibold text-slate-900">
            Check a window
          </h2>
          <p className="text-sm text-slate-700">
            Yesterday is checked every morning. Checking reads Paystack and the books; it never moves money.
          </p>
          <form
            className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              if (!problem) run.mutate(window);
            }}
          >
            <DateField
              label="From"
              value={window.from}
              max={window.to || undefined}
              onChange={(event) => setWindow({ ...window, from: event.target.value })}
            />
            <DateField
              label="To"
              value={window.to}
              min={window.from || undefined}
              error={problem ?? undefined}
              onChange={(event) => setWindow({ ...window, to: event.target.value })}
            />
            <Button type="submit" disabled={problem !== null || run.isPending}>
              {run.isPending ? 'Checking…' : 'Reconcile now'}
            </Button>
          </form>
          {run.isError ? <FormAlert>{run.error.message || RECONCILIATION_MESSAGES.run}</FormAlert> : null}
        </section>
      ) : null}
      <section aria-labelledby="differences-title" className="space-y-3">
        <h2 id="differences-title" className="text-lg font-semibold text-slate-900">
          Differences
        </h2>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Show</legend>
          {filters.map((filter) => (
            <Button
              key={filter.value}
              variant={show === filter.value ? 'primary' : 'secondary'}
              aria-pressed={show === filter.value}
              onClick={() => setShow(filter.value)}
            >
              {filter.label}
            </Button>
          ))}
        </fieldset>
        {view.isPending ? (
          <LoadingState label="Loading the reconciliation…" />
        ) : view.isError ? (
          <ErrorState title={RECONCILIATION_MESSAGES.view} onRetry={() => view.refetch()} />
        ) : !view.data.run ? (
          <EmptyState title="No check has run yet">
            The daily check compares yesterday with Paystack every morning
            {canRun ? ', or reconcile a window now above' : ''}.
          </EmptyState>
        ) : (
          <>
            <RunSummary run={view.data.run} />
            {view.data.differences.length === 0 ? (
              <EmptyState
                title={
                  show === 'explained'
                    ? 'No difference has been explained'
                    : show === 'open' && view.data.explained > 0
                      ? 'Every difference is explained'
                      : 'Paystack and the books agree'
                }
              />
            ) : (
              <ul className="space-y-3">
                {view.data.differences.map((difference) => (
                  <DifferenceCard
                    key={difference.id}
                    difference={difference}
                    canExplain={canRun}
                    onExplain={setExplaining}
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </section>
      <PromptDialog
        open={explaining !== null}
        title="Mark this difference explained?"
        description={
          explaining
            ? `${explaining.title} (${explaining.reference}). Say why it needs nothing more, or what was done about it. Your name and the time are kept with the note; no money moves.`
            : ''
        }
        label="Why it is explained"
        confirmLabel="Mark explained"
        minLength={5}
        tooShort="Say in a few words why this difference is explained"
        busy={explain.isPending}
        onCancel={() => setExplaining(null)}
        onConfirm={(note) => {
          if (!explaining) return;
          explain.mutate({ differenceId: explaining.id, note }, { onSettled: () => setExplaining(null) });
        }}
      />
    </div>
  );
}
