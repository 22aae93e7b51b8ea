import type { FinanceTotals, RemittanceFigures } from '@market/contracts';
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

/**
 * Section 3's remittance fields (pay on delivery, ADR 074): what carriers collected at the door, remitted to the
 * platform and still hold, today, in all and per carrier.
 */
export function RemittanceTotals({ figures }: { figures: RemittanceFigures }) {
  if (figures.collectedKobo === 0) return null;
  return (
    <section aria-labelledby="remittances-title" className="space-y-2">
      <h2 id="remittances-title" className="text-lg font-semibold text-slate-900">
        Cash on delivery (today)
      </h2>
      <dl aria-label="Cash on delivery" className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Stat label="Collected" value={formatNaira(figures.collectedKobo)} />
        <Stat label="Remitted" value={formatNaira(figures.remittedKobo)} />
        <Stat label="Outstanding" value={formatNaira(figures.outstandingKobo)} />
      </dl>
      <ul className="space-y-1 text-sm text-slate-800">
        {figures.byCarrier.map((carrier) => (
          <li key={carrier.carrierId} className="break-words">
            {carrier.carrierName}: collected {formatNaira(carrier.collectedKobo)}, remitted{' '}
            {formatNaira(carrier.remittedKobo)}, outstanding {formatNaira(carrier.outstandingKobo)}
          </li>
        ))}
      </ul>
    </section>
  );
}
