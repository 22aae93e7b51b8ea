import { type Payout, type PayoutStatus, payoutStatusLabels } from '@market/contracts';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/dates';
import { formatApiNaira } from '../../../lib/money';
import { pluralize } from '../../../lib/plural';

const tones: Record<PayoutStatus, 'green' | 'red' | 'amber' | 'slate'> = {
  approved: 'amber',
  processing: 'amber',
  processed: 'green',
  failed: 'red',
  reversed: 'red',
};

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  return <Badge tone={tones[status]}>{payoutStatusLabels[status]}</Badge>;
}

/** Payouts as cards (they read at 360 px): amount, status, bank, dates; the store's name for admins. */
export function PayoutList({ payouts, showStore = false }: { payouts: Payout[]; showStore?: boolean }) {
  return (
    <ul className="space-y-2">
      {payouts.map((payout) => (
        <li
          key={payout.id}
          className="space-y-1 rounded-lg border border-slate-200 bg-white p-3"
          data-testid="payout"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-bold tabular-nums text-slate-900">
              {formatApiNaira(payout.amount)}
              {showStore ? ` · ${payout.storeName}` : ''}
            </span>
            <PayoutStatusBadge status={payout.status} />
          </div>
          <p className="text-sm text-slate-700">
            {payout.reference} · {pluralize(payout.orderCount, 'order')}
            {payout.bankName ? ` · ${payout.bankName} ••••${payout.accountNumberLast4 ?? ''}` : ''}
          </p>
          <p className="text-sm text-slate-700">
            Approved {formatDateTime(payout.approvedAt)}
            {payout.processedAt ? ` · paid ${formatDateTime(payout.processedAt)}` : ''}
          </p>
          {payout.failureReason && payout.status !== 'processed' ? (
            <p className="text-sm text-red-800">{payout.failureReason}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
