import { type RefundRecordStatus, refundStatuses, refundStatusNames } from '@market/contracts';
import { Button } from '../../../components/ui/button';
import { Pager } from '../../../components/ui/pager';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/dates';
import { formatApiNaira } from '../../../lib/money';
import { RETURN_MESSAGES } from '../api/returns-keys';
import { useRefundRequests, useRejectRefund, useRetryRefund } from '../api/staff-returns';
import { RefundStatusBadge } from './return-status-badge';

const statusOptions = [
  { value: '', label: 'All refunds' },
  ...refundStatuses.map((status) => ({ value: status, label: refundStatusNames[status] })),
];

/** Refund requests of every kind: fetch, retry a failed one, reject one not sent or failed. */
export function RefundRequests({
  page,
  status,
  onChange,
}: {
  page: number;
  status?: RefundRecordStatus;
  onChange(next: { page: number; status?: RefundRecordStatus }): void;
}) {
  const refunds = useRefundRequests(page, status);
  const retry = useRetryRefund();
  const reject = useRejectRefund();
  return (
    <div className="space-y-4">
      <div className="max-w-xs">
        <SelectField
          label="Status"
          options={statusOptions}
          value={status ?? ''}
          onChange={(event) =>
            onChange({ page: 1, status: (event.target.value || undefined) as RefundRecordStatus | undefined })
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
                  {refund.kind === 'cancellation' ? 'Cancelled order' : 'Return'} ·{' '}
                  {refund.destination === 'provider' ? 'payment provider' : 'gift card'} · {refund.reference}{' '}
                  · {formatDateTime(refund.createdAt)}
                  {refund.attempts > 1 ? ` · ${refund.attempts} attempts` : ''}
                </p>
                <p className="text-sm text-slate-700">{refund.reason}</p>
                {refund.failureReason ? <p className="text-sm text-red-800">{refund.failureReason}</p> : null}
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
                        disabled={retry.isPending || reject.isPending}
                        onClick={() => retry.mutate(refund.id)}
                      >
                        Retry refund
                      </Button>
                    ) : null}
                    <Button
                      variant="dangerGhost"
                      disabled={retry.isPending || reject.isPending}
                      onClick={() => reject.mutate({ id: refund.id })}
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
            page={refunds.data.pagination.page}
            totalPages={refunds.data.pagination.totalPages}
            totalItems={refunds.data.pagination.totalItems}
            noun="refund"
            onPage={(next) => onChange({ page: next, status })}
          />
        </>
      )}
    </div>
  );
}
