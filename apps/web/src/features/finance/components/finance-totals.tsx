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
/** "10 %", or "7.5 % to 10 %" when a store's category changed within the range (ADR 083). */
export function formatRates(basisPoints: readonly number[]): string | null {
  if (basisPoints.length === 0) return null;
  const lowest = formatBasisPoints(basisPoints[0]!);
  const highest = formatBasisPoints(basisPoints.at(-1)!);
  return lowest === highest ? lowest : `${lowest} to ${highest}`;
}

export function FinanceTotalsGrid({
  totals,
  label,
  rates,
}: {
  totals: FinanceTotals;
  label: string;
  /** The rates the orders were charged; without them, commission ÷ goods kept. */
  rates?: readonly number[];
}) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat label="Orders" value={formatNumber(totals.ordersCount)} />
      <Stat label="Total order amount" value={formatNaira(totals.totalOrderAmountKobo)} />
      <Stat label="Total sales order amount" value={formatNaira(totals.totalSalesOrderAmountKobo)} />
      <Stat label="Total delivery amount" value={formatNaira(totals.totalDeliveryAmountKobo)} />
      <Stat label="Discounts" value={formatNaira(totals.discountKobo)} />
      <Stat
        label={`Commission (${(rates && formatRates(rates)) ?? formatBasisPoints(totals.commissionBasisPoints)})`}
        value={formatNaira(totals.commissionKobo)}
      />
      {/* A refund booked but not at the customer (failed, waiting) is owed, never "refunded" (issue 34, item 14). */}
      <Stat label="Refunded" value={formatNaira(totals.refundedKobo - totals.refundOwedKobo)} />
      {totals.refundOwedKobo > 0 ? (
        <Stat label="Refund owed (not yet paid)" value={formatNaira(totals.refundOwedKobo)} />
      ) : null}
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

type Line = { label: string; kobo: number; sign?: '−' | '+' | '=' };

/**
 * How the range's figures add up (ADR 083), from the report's own totals: what customers paid (goods at the store's
 * prices, less its coupons, plus delivery) and what the store is owed (goods after its coupons, less the commission at
 * its rate of the goods before them, less goods refunded at its cost). So paid − commission − due is delivery plus
 * goods refunded at the store's cost, and "Due" is rebuilt from the lines above it.
 */
export function DueBreakdown({ totals, rates }: { totals: FinanceTotals; rates: readonly number[] }) {
  const goods = totals.totalSalesOrderAmountKobo + totals.discountKobo;
  const rate = formatRates(rates);
  // Due = goods after coupons − commission − goods refunded at the store's cost (the refund split of ADR 027 gives
  // the commission's share back with the store's), so the rest is exactly those refunded goods.
  const refundedAtStoreCost =
    totals.totalSalesOrderAmountKobo - totals.commissionKobo - totals.dueToMerchantKobo;
  const paid: Line[] = [
    { label: 'Goods at your prices', kobo: goods },
    { label: 'Your coupons (funded by your store)', kobo: totals.discountKobo, sign: '−' },
    { label: 'Delivery (goes to the carriers)', kobo: totals.totalDeliveryAmountKobo, sign: '+' },
    { label: 'Paid by customers', kobo: totals.totalOrderAmountKobo, sign: '=' },
  ];
  const owed: Line[] = [
    { label: 'Goods after your coupons', kobo: totals.totalSalesOrderAmountKobo },
    {
      label: rate ? `Commission (${rate} of the goods before your coupons)` : 'Commission',
      kobo: totals.commissionKobo,
      sign: '−',
    },
    ...(refundedAtStoreCost !== 0
      ? [{ label: 'Goods refunded at your cost', kobo: refundedAtStoreCost, sign: '−' as const }]
      : []),
    { label: 'Due to you', kobo: totals.dueToMerchantKobo, sign: '=' },
  ];
  return (
    <section
      aria-labelledby="due-breakdown"
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 id="due-breakdown" className="font-semibold text-slate-900">
        How it adds up
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        {[
          ['What customers paid', paid],
          ['What you are owed', owed],
        ].map(([title, lines]) => (
          <dl
            key={title as string}
            aria-label={title as string}
            className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm"
          >
            {(lines as Line[]).map((line) => (
              <div key={line.label} className="contents">
                <dt className={line.sign === '=' ? 'font-semibold text-slate-900' : 'text-slate-700'}>
                  {line.label}
                </dt>
                <dd
                  className={`text-right tabular-nums ${line.sign === '=' ? 'border-t border-slate-300 font-semibold' : ''}`}
                >
                  {line.sign === '−' || line.sign === '+' ? `${line.sign} ` : ''}
                  {formatNaira(line.kobo)}
                </dd>
              </div>
            ))}
          </dl>
        ))}
      </div>
    </section>
  );
}
