import { useState } from 'react';
import { StatCard } from '../../../components/ui/stat-card';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { formatApiNaira } from '../../../lib/money';
import { PAYOUT_MESSAGES, useMerchantBalances, useMerchantPayouts } from '../api/payouts';
import { PayoutHistory } from './payout-list';

/**
 * `/merchant/payouts`: the store's balances and its payout history. In transfer mode: escrow, payable, approved and
 * paid out by approved payouts. In subaccount mode (ADR 051) Paystack settles the store's share of each payment to
 * its bank account itself, so the page says so and shows what was settled instead of payouts to approve.
 */
export function MerchantPayouts() {
  const [page, setPage] = useState(1);
  const balances = useMerchantBalances();
  const history = useMerchantPayouts(page);
  return (
    <div className="space-y-6">
      <section aria-labelledby="balances-title" className="space-y-2">
        <h2 id="balances-title" className="text-lg font-semibold text-slate-900">
          Balances (all time)
        </h2>
        <p className="text-sm text-slate-700" data-testid="balances-range">
          Every order since your store opened, as of now. The payment report counts only the days you choose,
          so its figures are smaller for a short range.
        </p>
        {balances.isPending ? (
          <LoadingState label="Loading balances…" />
        ) : balances.isError ? (
          <ErrorState title={PAYOUT_MESSAGES.balances} onRetry={() => balances.refetch()} />
        ) : balances.data.settlementMode === 'subaccount' ? (
          <>
            <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
              <StatCard label="Settled by Paystack" value={formatApiNaira(balances.data.settled)} />
              <StatCard label="In the return window" value={formatApiNaira(balances.data.escrow)} />
              <StatCard
                label={balances.data.owed < 0 ? 'You owe' : 'Still owed to you'}
                value={formatApiNaira(Math.abs(balances.data.owed))}
              />
            </dl>
            <p className="text-sm text-slate-700" data-testid="settlement-mode">
              Paystack pays your share of every order (its price less discounts and commission) straight to
              your bank account, usually the next working day: there are no payouts to wait for. Orders in
              their return window can still be refunded;
              {balances.data.owed < 0
                ? ' refunds after your share was paid are taken off your next sales.'
                : ' a refund after your share was paid is taken off your next sales.'}
            </p>
          </>
        ) : (
          <>
            <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
              <StatCard label="Pending (in escrow)" value={formatApiNaira(balances.data.escrow)} />
              <StatCard label="Payable" value={formatApiNaira(balances.data.payable)} />
              <StatCard label="Approved" value={formatApiNaira(balances.data.approved)} />
              <StatCard label="Paid out" value={formatApiNaira(balances.data.processed)} />
            </dl>
            <p className="text-sm text-slate-700">
              An order’s money is held until it is delivered and its return window has passed; then it is
              payable, and is paid to your bank account once an admin approves it.
              {balances.data.payable < 0 ? ' Refunds after a payout are taken off your next payout.' : ''}
            </p>
          </>
        )}
      </section>
      <PayoutHistory
        id="history-title"
        title="Payout history"
        history={history}
        onPage={setPage}
        emptyHint="Approved payouts appear here with their status."
      />
    </div>
  );
}
