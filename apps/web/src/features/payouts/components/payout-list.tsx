import { type Payout, type PayoutStatus, payoutStatusLabels } from '@market/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Pager } from '../../../components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/dates';
import { formatApiNaira } from '../../../lib/money';
import { pluralize } from '../../../lib/plural';
import { PAYOUT_MESSAGES } from '../api/payouts';

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

/**
 * Payouts as cards (they read at 360 px): amount, status, bank, dates; the store's name for admins, and what an
 * admin may do on one (`actions`, e.g. enter its transfer OTP).
 */
export function PayoutList({
  payouts,
  showStore = false,
  actions,
}: {
  payouts: Payout[];
  showStore?: boolean;
  actions?: (payout: Payout) => ReactNode;
}) {
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
          {payout.outcomeUnknown ? (
            <p className="text-sm font-semibold text-amber-900" data-testid="payout-outcome-unknown">
              Paystack did not say whether it made this transfer. We are asking it; nothing is sent again
              meanwhile.
            </p>
          ) : null}
          {payout.needsOtp && !actions ? (
            <p className="text-sm text-amber-900">Waiting for the platform to confirm the transfer</p>
          ) : null}
          {actions?.(payout)}
        </li>
      ))}
    </ul>
  );
}

interface PayoutPage {
  payouts: Payout[];
  pagination: { page: number; totalPages: number; totalItems: number };
}

/** A titled, paged payout history with its loading, error and empty states (the store's own, or every store's). */
export function PayoutHistory({
  id,
  title,
  history,
  onPage,
  showStore = false,
  emptyHint,
  actions,
}: {
  id: string;
  title: string;
  history: UseQueryResult<PayoutPage>;
  onPage: (page: number) => void;
  showStore?: boolean;
  emptyHint?: ReactNode;
  actions?: (payout: Payout) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {history.isPending ? (
        <LoadingState label="Loading payouts…" />
      ) : history.isError ? (
        <ErrorState title={PAYOUT_MESSAGES.history} onRetry={() => history.refetch()} />
      ) : history.data.payouts.length === 0 ? (
        <EmptyState title="No payouts yet">{emptyHint}</EmptyState>
      ) : (
        <>
          <PayoutList payouts={history.data.payouts} showStore={showStore} actions={actions} />
          <Pager label="Payout pages" pagination={history.data.pagination} noun="payout" onPage={onPage} />
        </>
      )}
    </section>
  );
}
