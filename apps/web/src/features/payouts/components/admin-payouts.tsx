import {
  type PayableMerchant,
  type PayoutFilter,
  payoutFilterLabels,
  payoutFilters,
} from '@market/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Pager } from '../../../components/ui/pager';
import { SelectField } from '../../../components/ui/select-field';
import { StatCard } from '../../../components/ui/stat-card';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatApiNaira } from '../../../lib/money';
import {
  PAYOUT_MESSAGES,
  useAdminPayouts,
  useApprovePayout,
  usePayableMerchants,
  usePaymentStats,
} from '../api/payouts';
import { PayoutHistory } from './payout-list';
import { PayoutOtpActions } from './payout-otp';

/** Every status, and payouts whose last call the provider has not answered (ADR 061), in plain words. */
const historyStatusOptions = [
  { value: '', label: 'All payouts' },
  ...payoutFilters.map((status) => ({ value: status, label: payoutFilterLabels[status] })),
];

/**
 * Why a payout of this store cannot be approved now, or null when it can: each of these would only be refused by
 * the server (ADR 064), so the screen says why instead of offering the button.
 */
export function payoutBlocker(merchant: PayableMerchant): string | null {
  if (merchant.openPayoutId !== null)
    return 'A payout is already on its way: approve again once it is paid or fails';
  if (!merchant.hasBankAccount)
    return 'No payout bank account yet: the store must add one before it can be paid';
  if (merchant.payable <= 0)
    return 'Nothing payable yet: orders become payable once their return window has passed';
  return null;
}

/**
 * `/admin/payouts`: payment stats, stores with payable money (approve a payout), and recent payouts. In subaccount
 * mode (ADR 051) Paystack settles stores itself: the screen says so and offers no approval.
 */
/** `canApprove` is undefined until the account's permissions are known: no action is offered meanwhile. */
export function AdminPayouts({ canApprove }: { canApprove: boolean | undefined }) {
  const [page, setPage] = useState(1);
  const [historyPage, setHistoryPage] = useState(1);
  const [historyStatus, setHistoryStatus] = useState<PayoutFilter | undefined>(undefined);
  const [confirming, setConfirming] = useState<PayableMerchant | null>(null);
  const stats = usePaymentStats();
  const merchants = usePayableMerchants(page);
  const history = useAdminPayouts(historyPage, historyStatus);
  const approve = useApprovePayout();
  const subaccountMode = stats.data?.settlementMode === 'subaccount';
  const mayApprove = canApprove === true && stats.data?.settlementMode === 'transfer';
  return (
    <div className="space-y-6">
      {canApprove !== false ? null : (
        <p className="text-sm text-slate-700" data-testid="read-only">
          Your role can see payouts but not approve them.
        </p>
      )}
      <section aria-labelledby="stats-title" className="space-y-2">
        <h2 id="stats-title" className="text-lg font-semibold text-slate-900">
          Payment stats
        </h2>
        {stats.isPending ? (
          <LoadingState label="Loading payment stats…" />
        ) : stats.isError ? (
          <ErrorState title={PAYOUT_MESSAGES.stats} onRetry={() => stats.refetch()} />
        ) : subaccountMode ? (
          <>
            <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              <StatCard label="Settled by Paystack" value={formatApiNaira(stats.data.settledPayment)} />
              <StatCard label="Paid by earlier payouts" value={formatApiNaira(stats.data.processedPayment)} />
            </dl>
            <p className="text-sm text-slate-700" data-testid="settlement-mode">
              Settlement through subaccounts is on (SETTLEMENT_MODE=subaccount): every payment is split by
              Paystack, which pays each store its share (after commission) to its bank account. There are no
              payouts to approve; a store without a verified bank account cannot be bought from.
            </p>
          </>
        ) : (
          <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
            <StatCard label="Pending" value={formatApiNaira(stats.data.pendingPayment)} />
            <StatCard label="Approved" value={formatApiNaira(stats.data.approvedPayment)} />
            <StatCard label="Processed" value={formatApiNaira(stats.data.processedPayment)} />
          </dl>
        )}
      </section>
      <section aria-labelledby="merchants-title" className="space-y-2">
        <h2 id="merchants-title" className="text-lg font-semibold text-slate-900">
          {subaccountMode ? 'Merchants' : 'Merchants to pay'}
        </h2>
        {merchants.isPending ? (
          <LoadingState label="Loading merchants…" />
        ) : merchants.isError ? (
          <ErrorState title={PAYOUT_MESSAGES.merchants} onRetry={() => merchants.refetch()} />
        ) : merchants.data.merchants.length === 0 ? (
          <EmptyState title="No merchant has money waiting">
            Money becomes payable when an order completes (delivered and its return window passed).
          </EmptyState>
        ) : (
          <>
            <ul className="space-y-2" aria-busy={merchants.isPlaceholderData || undefined}>
              {merchants.data.merchants.map((merchant) => (
                <li
                  key={merchant.storeId}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3"
                  data-testid="payable-merchant"
                >
                  <div className="min-w-0 space-y-1">
                    <p className="font-semibold text-slate-900">{merchant.storeName}</p>
                    {subaccountMode ? (
                      <p className="text-sm text-slate-700">
                        In the return window {formatApiNaira(merchant.escrow)}
                        {' · '}
                        {merchant.escrow + merchant.payable < 0 ? 'owes ' : 'still owed '}
                        <span className="font-semibold tabular-nums">
                          {formatApiNaira(Math.abs(merchant.escrow + merchant.payable))}
                        </span>
                      </p>
                    ) : (
                      <p className="text-sm text-slate-700">
                        Payable{' '}
                        <span className="font-semibold tabular-nums">{formatApiNaira(merchant.payable)}</span>
                        {' · '}in escrow {formatApiNaira(merchant.escrow)}
                        {merchant.approved > 0 ? ` · approved ${formatApiNaira(merchant.approved)}` : ''}
                      </p>
                    )}
                    {subaccountMode ? (
                      merchant.hasSubaccount ? null : (
                        <p className="text-sm text-red-800">
                          No Paystack subaccount yet: the store cannot be bought from
                        </p>
                      )
                    ) : mayApprove && payoutBlocker(merchant) ? (
                      // Approval is not offered where it can only fail: the reason stands in its place.
                      <p className="text-sm text-slate-700" data-testid="payout-blocked">
                        {payoutBlocker(merchant)}
                      </p>
                    ) : merchant.hasBankAccount ? null : (
                      <p className="text-sm text-red-800">No payout bank account yet</p>
                    )}
                  </div>
                  {mayApprove && !payoutBlocker(merchant) ? (
                    <Button disabled={approve.isPending} onClick={() => setConfirming(merchant)}>
                      Approve payout
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
            <Pager
              label="Merchant pages"
              pagination={merchants.data.pagination}
              noun="merchant"
              onPage={setPage}
            />
          </>
        )}
      </section>
      <div className="max-w-xs">
        <SelectField
          label="Payout status"
          options={historyStatusOptions}
          value={historyStatus ?? ''}
          onChange={(event) => {
            setHistoryPage(1);
            setHistoryStatus((event.target.value || undefined) as PayoutFilter | undefined);
          }}
        />
      </div>
      <PayoutHistory
        id="payouts-title"
        title="Payouts"
        history={history}
        onPage={setHistoryPage}
        showStore
        actions={mayApprove ? (payout) => <PayoutOtpActions payout={payout} /> : undefined}
      />
      <ConfirmDialog
        open={confirming !== null}
        title="Approve this payout?"
        description={
          confirming
            ? `${formatApiNaira(confirming.payable)} will be paid to ${confirming.storeName}’s bank account.`
            : ''
        }
        confirmLabel="Approve and pay"
        tone="primary"
        busy={approve.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          approve.mutate(confirming.storeId, { onSettled: () => setConfirming(null) });
        }}
      />
    </div>
  );
}
