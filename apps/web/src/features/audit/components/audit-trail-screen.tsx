// Written by hand, not with useContractForm: a filter box that writes a query string, no request body to check.
import {
  AUDIT_MAX_WINDOW_DAYS,
  type AuditAction,
  type AuditEntry,
  type AuditSubjectType,
  auditActionLabels,
  auditActions,
  auditSubjectTypes,
  orderStatuses,
} from '@market/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { formatDateTime, lagosDaysAgo } from '../../../lib/dates';
import { formatNaira } from '../../../lib/money';
import {
  AUDIT_ERROR,
  type AuditFilters,
  type AuditScope,
  useAuditTrail,
  useDownloadAuditCsv,
} from '../api/audit';

const DAY_MS = 86_400_000;
const subjectLabels: Record<AuditSubjectType, string> = {
  admin: 'Admin',
  'admin-role': 'Admin role',
  partner: 'Shipping partner',
  store: 'Store',
  product: 'Product',
  category: 'Payment category',
  return: 'Return',
  refund: 'Refund',
  'card-dispute': 'Card dispute',
  payout: 'Payout',
  staff: 'Staff member',
  'staff-role': 'Store role',
  'bank-account': 'Bank account',
  account: 'Account',
  order: 'Order',
  'service-levels': 'Service-level limits',
};

/** Why the window cannot be asked for, or null: the server's bound, said before it is asked. */
function windowProblem(from: string, to: string): string | null {
  if (!from || !to) return null;
  if (from > to) return 'The end date must not be before the start date';
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > AUDIT_MAX_WINDOW_DAYS)
    return `Choose at most ${AUDIT_MAX_WINDOW_DAYS} days`;
  return null;
}

const statusNames = new Map<string, string>(
  orderStatuses.map((status) => [status.code_name, status.known_name]),
);

/** A money field: the trail keeps kobo (`amountKobo`), the admin reads naira (`amount`, ₦2,500.00). */
const isKobo = (field: string) => /.Kobo$/.test(field);
const fieldLabel = (field: string) => (isKobo(field) ? field.slice(0, -'Kobo'.length) : field);

/**
 * A value as the admin reads it: an order's status by its name (`ready_for_pickup` → Ready for pickup), an amount
 * in naira (kobo kept as a number, or as digits when it was a bigint).
 */
const show = (value: unknown, field = '') => {
  if (value === undefined) return '—';
  if (isKobo(field) && (typeof value === 'number' || (typeof value === 'string' && /^-?\d+$/.test(value))))
    return formatNaira(Number(value));
  if (typeof value === 'string') return (field === 'status' && statusNames.get(value)) || value;
  return JSON.stringify(value);
};

/** The changed fields, each as before → after. */
function Changes({ entry }: { entry: AuditEntry }) {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (fields.length === 0) return null;
  return (
    <dl className="grid grid-cols-1 gap-x-3 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      {fields.map((field) => (
        <div key={field} className="contents">
          <dt className="font-medium text-slate-700">{fieldLabel(field)}</dt>
          <dd className="break-words text-slate-900">
            {entry.before && field in entry.before ? (
              <>
                <span className="text-slate-600 line-through">{show(entry.before[field], field)}</span>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> changed to </span>
              </>
            ) : null}
            <span>{show(entry.after?.[field], field)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function EntryCard({ entry }: { entry: AuditEntry }) {
  const subject = subjectLabels[entry.subjectType as AuditSubjectType] ?? entry.subjectType;
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-slate-900">{auditActionLabels[entry.action]}</p>
        <time className="text-sm text-slate-700" dateTime={entry.at}>
          {formatDateTime(entry.at)}
        </time>
      </div>
      <p className="text-sm text-slate-800">
        {entry.actor ? (
          <>
            By {entry.actor.name ?? 'an unknown account'}
            {entry.actor.email ? ` (${entry.actor.email})` : ''} · {entry.actor.kind}
            {entry.actor.role ? ` · ${entry.actor.role}` : ''}
          </>
        ) : (
          'By the platform (a scheduled job)'
        )}
      </p>
      <p className="break-all text-sm text-slate-800">
        {subject} <span className="font-mono">{entry.subjectId}</span>
      </p>
      <Changes entry={entry} />
      {entry.reason ? (
        <p className="break-words text-sm text-slate-800">
          <span className="font-medium">Reason:</span> {entry.reason}
        </p>
      ) : null}
      <p className="break-all text-xs text-slate-700">
        From {entry.ip ?? 'no address'}
        {entry.userAgent ? ` · ${entry.userAgent}` : ''}
        {entry.requestId ? ` · request ${entry.requestId}` : ''}
      </p>
    </li>
  );
}

/** `/admin/audit`: who changed what, when and from where (ADR 072), filtered, paged by cursor, exported as CSV. */
export function AuditTrailScreen({
  today = lagosDaysAgo(0),
  scope = 'admin',
  subject,
}: {
  today?: string;
  /** `store`: a store owner's own trail (no CSV export; the platform's export is for admins). */
  scope?: AuditScope;
  /**
   * One subject's trail to start with (an order's, from its page): the window opens to the longest the server
   * reads, since a subject's life is older than the last 30 days as often as not.
   */
  subject?: { type: AuditSubjectType; id: string };
}) {
  const initial = {
    from: lagosDaysAgo(subject?.id ? AUDIT_MAX_WINDOW_DAYS - 1 : 29, new Date(`${today}T12:00:00Z`)),
    to: today,
    ...(subject ? { subjectType: subject.type, subjectId: subject.id } : {}),
  };
  const [draft, setDraft] = useState<AuditFilters & { from: string; to: string }>(initial);
  const [applied, setApplied] = useState<AuditFilters & { from: string; to: string }>(initial);
  const trail = useAuditTrail(applied, scope);
  const download = useDownloadAuditCsv();
  const problem = windowProblem(draft.from, draft.to);
  const set = (changes: Partial<typeof draft>) => setDraft((current) => ({ ...current, ...changes }));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (problem || !draft.from || !draft.to) return;
    setApplied(draft);
  };

  const entries = trail.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <div className="space-y-4">
      <form
        aria-label="Filter the audit trail"
        className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
        onSubmit={apply}
      >
        <SelectField
          label="Action"
          value={draft.action ?? ''}
          options={[
            { value: '', label: 'Every action' },
            ...auditActions.map((action) => ({ value: action, label: auditActionLabels[action] })),
          ]}
          onChange={(event) => set({ action: (event.target.value || undefined) as AuditAction | undefined })}
        />
        <SelectField
          label="Subject"
          value={draft.subjectType ?? ''}
          options={[
            { value: '', label: 'Every subject' },
            ...auditSubjectTypes.map((type) => ({ value: type, label: subjectLabels[type] })),
          ]}
          onChange={(event) =>
            set({ subjectType: (event.target.value || undefined) as AuditSubjectType | undefined })
          }
        />
        <TextField
          label="Subject id"
          value={draft.subjectId ?? ''}
          maxLength={100}
          onChange={(event) => set({ subjectId: event.target.value })}
        />
        <TextField
          label="Actor account id"
          value={draft.actorId ?? ''}
          maxLength={36}
          hint="The id of the account that acted"
          onChange={(event) => set({ actorId: event.target.value })}
        />
        <DateField
          label="From"
          value={draft.from}
          max={draft.to || undefined}
          required
          onChange={(event) => set({ from: event.target.value })}
        />
        <DateField
          label="To"
          value={draft.to}
          min={draft.from || undefined}
          required
          error={problem ?? undefined}
          onChange={(event) => set({ to: event.target.value })}
        />
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-3">
          <Button type="submit" disabled={Boolean(problem)}>
            Apply filters
          </Button>
          {scope === 'admin' ? (
            <Button
              type="button"
              variant="secondary"
              disabled={download.isPending || Boolean(problem)}
              onClick={() => download.mutate(applied)}
            >
              {download.isPending ? 'Preparing CSV…' : 'Download CSV'}
            </Button>
          ) : null}
        </div>
      </form>

      {trail.isPending ? (
        <LoadingState label="Loading the audit trail…" />
      ) : trail.isError ? (
        <ErrorState title={AUDIT_ERROR} onRetry={() => trail.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState title="Nothing recorded for these filters">Widen the dates or clear a filter.</EmptyState>
      ) : (
        <section aria-label="Audit trail lines" className="space-y-3">
          <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4">
            {entries.map((entry) => (
              <EntryCard key={entry.id} entry={entry} />
            ))}
          </ol>
          {trail.hasNextPage ? (
            <Button
              variant="secondary"
              disabled={trail.isFetchingNextPage}
              onClick={() => trail.fetchNextPage()}
            >
              {trail.isFetchingNextPage ? 'Loading older lines…' : 'Show older lines'}
            </Button>
          ) : (
            <p className="text-sm text-slate-700">That is every line for these filters.</p>
          )}
        </section>
      )}
    </div>
  );
}
