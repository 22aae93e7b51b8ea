import type { CustomerRefund, OrderReturn, RefundRecord } from '@market/contracts';
import { refundStatusNames } from '@market/contracts';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/dates';
import { formatApiNaira } from '../../../lib/money';

const returnTones: Record<OrderReturn['status']['code_name'], 'green' | 'red' | 'amber' | 'slate'> = {
  requested: 'amber',
  approved: 'amber',
  item_received: 'amber',
  rejected: 'red',
  refunded: 'green',
  replacement_sent: 'green',
  closed: 'slate',
};

/**
 * A return's status, where "Refunded" only once its money reached the customer (issue 34, item 14): a refund booked
 * but waiting, failed or not yet answered reads "Refund owed", one that failed "Refund failed"; one an admin decided
 * against is not money owed, so the return's own status stands.
 */
export function ReturnStatusBadge({
  status,
  refunds = [],
}: {
  status: OrderReturn['status'];
  refunds?: readonly Pick<RefundRecord, 'status'>[];
}) {
  if (status.code_name === 'refunded') {
    if (refunds.some((refund) => refund.status === 'failed')) return <Badge tone="red">Refund failed</Badge>;
    if (refunds.some((refund) => ['pending', 'processing', 'unknown'].includes(refund.status)))
      return <Badge tone="amber">Refund owed</Badge>;
  }
  return <Badge tone={returnTones[status.code_name]}>{status.known_name}</Badge>;
}

const refundTones: Record<RefundRecord['status'], 'green' | 'red' | 'amber' | 'slate'> = {
  pending: 'amber',
  processing: 'amber',
  // Not a failure: the provider may have made it; nothing is to be done until it answers (ADR 061).
  unknown: 'amber',
  processed: 'green',
  failed: 'red',
  rejected: 'slate',
};

export function RefundStatusBadge({ status }: { status: RefundRecord['status'] }) {
  return <Badge tone={refundTones[status]}>{refundStatusNames[status]}</Badge>;
}

const destinations: Record<RefundRecord['destination'], string> = {
  provider: 'To your card or bank account',
  gift_card: 'To the gift card that paid',
  bank_transfer: 'Paid at the door: by bank transfer to you',
};

/** Every refund of a return: amount, where it went, its status and reference. */
export function RefundHistory({ history }: { history: RefundRecord[] }) {
  return (
    <ul className="divide-y divide-slate-100" aria-label="Refund history">
      {history.map((refund) => (
        <li key={refund.id} className="flex flex-wrap items-start justify-between gap-2 py-2 text-sm">
          <span className="min-w-0">
            <span className="block font-semibold tabular-nums text-slate-900">
              {formatApiNaira(refund.amount)}
            </span>
            <span className="block text-slate-700">{destinations[refund.destination]}</span>
            <span className="block text-slate-700">
              {refund.reference} · {formatDateTime(refund.processedAt ?? refund.createdAt)}
            </span>
            {refund.failureReason ? <span className="block text-red-800">{refund.failureReason}</span> : null}
          </span>
          <RefundStatusBadge status={refund.status} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Refunds as their customer reads them: amount, where it goes, and where it stands in words (an admin's decision
 * with its reason included).
 */
export function CustomerRefundList({ refunds, label }: { refunds: CustomerRefund[]; label: string }) {
  return (
    <ul className="divide-y divide-slate-100" aria-label={label}>
      {refunds.map((refund) => (
        <li
          key={refund.id}
          className="flex flex-wrap items-start justify-between gap-2 py-2 text-sm"
          data-testid="customer-refund"
        >
          <span className="min-w-0">
            <span className="block font-semibold tabular-nums text-slate-900">
              {formatApiNaira(refund.amount)}
              {refund.kind === 'cancellation'
                ? ' · cancelled order'
                : refund.kind === 'chargeback'
                  ? ' · reversed by your bank'
                  : ' · returned items'}
            </span>
            <span className="block text-slate-700">{destinations[refund.destination]}</span>
            <span
              className={`block ${refund.status === 'failed' || refund.decision?.outcome === 'rejected' ? 'text-red-800' : 'text-slate-800'}`}
            >
              {refund.statusText}
            </span>
            <span className="block text-slate-700">
              {refund.reference} ·{' '}
              {formatDateTime(refund.decision?.decidedAt ?? refund.processedAt ?? refund.createdAt)}
            </span>
          </span>
          <RefundStatusBadge status={refund.status} />
        </li>
      ))}
    </ul>
  );
}
