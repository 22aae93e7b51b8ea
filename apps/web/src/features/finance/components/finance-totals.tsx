import type { FinanceTotals } from '@market/contracts';
import { formatNaira } from '../../../lib/money';
import { formatNumber } from '../../../lib/numbers';

/** Basis points as a percentage: 750 → "7.5 %". */
export function formatBasisPoints(basisPoints: number): string {
  return `${formatNumber(basisPoints / 100)} %`;
}

/** A figure that wraps rather than overflow at 360 px (naira amounts reach 13 characters). */
function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="break-words text-lg font-bold text-slate-900 tabular-nums sm:text-xl">{value}</dd>
    </div>
  );
}

/** Section 3's finance totals: sales, commission, refunds, due and its remittance (paid, payable, not yet). */
export function FinanceTotalsGrid({ totals, label }: { totals: FinanceTotals; label: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat label="Orders" value={formatNumber(totals.ordersCount)} />
      <Stat label="Total order amount" value={formatNaira(totals.totalOrderAmountKobo)} />
      <Stat label="Total sales order amount" value={formatNaira(totals.totalSalesOrderAmountKobo)} />
      <Stat label="Total delivery amount" value={formatNaira(totals.totalDeliveryAmountKobo)} />
      <Stat label="Discounts" value={formatNaira(totals.discountKobo)} />
      <Stat
        label={`Commission (${formatBasisPoints(totals.commissionBasisPoints)})`}
        value={formatNaira(totals.commissionKobo)}
      />
      <Stat label="Refunded" value={formatNaira(totals.refundedKobo)} />
      <Stat label="Due to merchant" value={formatNaira(totals.dueToMerchantKobo)} />
      <Stat label="Paid out" value={formatNaira(totals.paidOutKobo)} />
      <Stat label="Payable, not paid yet" value={formatNaira(totals.payableKobo)} />
      <Stat label="Not yet payable" value={formatNaira(totals.notYetPayableKobo)} />
    </dl>
  );
}
