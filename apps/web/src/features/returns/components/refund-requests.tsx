import {
  type RefundRecord,
  type RefundRecordStatus,
  refundStatuses,
  refundStatusNames,
} from '@market/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { MoneyDialog } from '../../../components/ui/money-dialog';
import { Pager } from '../../../components/ui/pager';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/dates';
import { formatApiNaira } from '../../../lib/money';
import { RETURN_MESSAGES } from '../api/returns-keys';
import { useRefundRequests, useRejectRefund, useRetryRefund } from '../api/staff-returns';
import { RefundStatusBadge } from './return-status-badge';

/** The filter: a refund status, or the refunds Paystack flagged as needing attention. */
export type RefundFilter = RefundRecordStatus | 'needs_attention';

const statusOptions = [
  { value: '', label: 'All refunds' },
  { value: 'needs_attention', label: 'Needs attention (Paystack)' },
  ...refundStatuses.map((status) => ({ value: status, label: refundStatusNames[status] })),
];

type RefundAction = 'retry' | 'rejected' | 'paid_another_way';

const dialogs: Record<
  RefundAction,
  {
    title: string;
    confirmLabel: string;
    tone: 'danger' | 'primary';
    description(refund: RefundRecord): string;
  }
> = {
  retry: {
    title: 'Send this refund again?',
    confirmLabel: 'Send the refund',
    tone: 'primary',
    description: (refund) => `Paystack is asked again to refund ${refund.orderName}’s customer.`,
  },
  rejected: {
    title: 'Reject this refund?',
    confirmLabel: 'Reject the refund',
    tone: 'danger',
    description: (refund) =>
      `This money will not go back to ${refund.orderName}’s customer. They see your reason on their order and get an e-mail.`,
  },
  paid_another_way: {
    title: 'Mark this refund paid another way?',
    confirmLabel: 'Mark paid another way',
    tone: 'primary',
    description: (refund) =>
      `Only when the platform has already paid ${refund.orderName}’s customer outside Paystack (for example by bank transfer). They see your reason and get an e-mail.`,
  },
};

/**
 * Refund requests of every kind: retry a failed one, or decide it with a reason the customer reads (reject, or paid
 * another way); each asks for confirmation with the amount. Failed refunds are retried automatically first.
 */
export function RefundRequests({
  page,
  status,
  onChange,
}: {
  page: number;
  status?: RefundFilter;
  onChange(next: { page: number; status?: RefundFilter }): void;
}) {
  const refunds = useRefundRequests(page, status);
  const retry = useRetryRefund();
  const reject = useRejectRefund();
  const [acting, setActing] = useState<{ refund: RefundRecord; action: RefundAction } | null>(null);
  const busy = retry.isPending || reject.isPending;
  const dialog = acting ? dialogs[acting.action] : null;
  return (
    <div className="space-y-4">
      <div className="max-w-xs">
        <SelectField
          label="Status"
          options={statusOptions}
          value={status ?? ''}
          onChange={(event) =>
            onChange({ page: 1, status: (event.target.value || undefined) as RefundFilter | undefined })
          }
        />
      </div>
      {refunds.isPending ? (
        <LoadingState label="Loading refund requests…" />
      ) : refunds.isError ? (
        <ErrorState title={RETURN_MESSAGES.refunds} onRetry={() => refunds.refetch()} />
      ) : refunds.data.refunds.length === 0 ? (
        <EmptyState title="No refund requests match" />
      ) : (
        <>
          <ul className="space-y-2" aria-busy={refunds.isPlaceholderData || undefined}>
            {refunds.data.refunds.map((refund) => (
              <li
                key={refund.id}
                className="space-y-1 rounded-lg border border-slate-200 bg-white p-3"
                data-testid="refund-request"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-bold tabular-nums text-slate-900">
                    {formatApiNaira(refund.amount)} · {refund.orderName}
                  </span>
                  <RefundStatusBadge status={refund.status} />
                </div>
                <p className="text-sm text-slate-700">
                  {refund.kind === 'cancellation'
                    ? 'Cancelled order'
                    : refund.kind === 'chargeback'
                      ? 'Card dispute (bank reversal)'
                      : 'Return'}{' '}
                  ·{' '}
                  {refund.destination === 'provider'
                    ? 'payment provider'
                    : refund.destination === 'bank_transfer'
                      ? 'paid at the door: bank transfer'
                      : 'gift card'}{' '}
                  · {refund.reference} · {formatDateTime(refund.createdAt)}
                  {refund.attempts > 1 ? ` · ${refund.attempts} attempts` : ''}
                </p>
                <p className="text-sm text-slate-700">{refund.reason}</p>
                {refund.failureReason ? <p className="text-sm text-red-800">{refund.failureReason}</p> : null}
                {refund.nextAttemptAt ? (
                  <p className="text-sm text-slate-700">
                    Sent again automatically at {formatDateTime(refund.nextAttemptAt)}.
                  </p>
                ) : refund.status === 'failed' ? (
                  <p className="text-sm font-semibold text-red-800">
                    Automatic retries are over: retry it, or decide it with a reason the customer reads.
                  </p>
                ) : refund.status === 'pending' && refund.destination === 'bank_transfer' ? (
                  <p className="text-sm font-semibold text-slate-900" data-testid="refund-owed-by-transfer">
                    Paid at the door, so Paystack cannot refund it: transfer it to the customer’s bank
                    account, then record the transfer’s reference.
                  </p>
                ) : refund.status === 'unknown' ? (
                  <p className="text-sm font-semibold text-amber-900" data-testid="refund-outcome-unknown">
                    The payment provider did not say whether it made this refund. We are asking it; until it
                    answers, the refund cannot be sent again, rejected or marked paid another way.
                  </p>
                ) : null}
                {refund.decision ? (
                  <p className="text-sm text-slate-900" data-testid="refund-decision">
                    {refund.decision.outcome === 'paid_another_way' ? 'Paid another way' : 'Rejected'} on{' '}
                    {formatDateTime(refund.decision.decidedAt)}: {refund.decision.reason}
                  </p>
                ) : null}
                {refund.needsAttention ? (
                  <p className="text-sm font-semibold text-amber-900" data-testid="refund-needs-attention">
                    Needs attention: Paystack could not finish this refund. Open it in the Paystack dashboard
                    (Transactions, Refunds) and follow its instructions.
                  </p>
                ) : null}
                {refund.status === 'failed' || refund.status === 'pending' ? (
                  <div className="flex flex-wrap gap-2">
                    {refund.status === 'failed' ? (
                      <Button
                        variant="secondary"
                        disabled={busy}
                        onClick={() => setActing({ refund, action: 'retry' })}
                      >
                        Retry refund
                      </Button>
                    ) : null}
                    {(refund.status === 'failed' && refund.destination === 'provider') ||
                    (refund.status === 'pending' && refund.destination === 'bank_transfer') ? (
                      <Button
                        variant="secondary"
                        disabled={busy}
                        onClick={() => setActing({ refund, action: 'paid_another_way' })}
                      >
                        Paid another way
                      </Button>
                    ) : null}
                    <Button
                      variant="dangerGhost"
                      disabled={busy}
                      onClick={() => setActing({ refund, action: 'rejected' })}
                    >
                      Reject
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
          <Pager
            label="Refund pages"
            pagination={refunds.data.pagination}
            noun="refund"
            onPage={(next) => onChange({ page: next, status })}
          />
        </>
      )}
      <MoneyDialog
        open={acting !== null}
        title={dialog?.title ?? ''}
        amount={acting ? formatApiNaira(acting.refund.amount) : ''}
        description={acting && dialog ? dialog.description(acting.refund) : ''}
        confirmLabel={dialog?.confirmLabel ?? ''}
        tone={dialog?.tone}
        reason={acting?.action === 'retry' ? 'none' : 'required'}
        reasonLabel="Reason (the customer reads it)"
        busy={busy}
        onCancel={() => setActing(null)}
        onConfirm={(reason) => {
          if (!acting) return;
          const done = { onSettled: () => setActing(null) };
          if (acting.action === 'retry') retry.mutate(acting.refund.id, done);
          else reject.mutate({ id: acting.refund.id, outcome: acting.action, note: reason }, done);
        }}
      />
    </div>
  );
}
