import type { StaffOrder } from '@market/contracts';
import { formatNaira, nairaToKobo } from '../../../lib/money';
import { formatNumber } from '../../../lib/numbers';

type Row = { label: string; kobo: number; sign?: '−' | '+' | '='; note?: string };

type OrderMoneyFields = Pick<StaffOrder, 'total' | 'commission' | 'dueToMerchant' | 'refunded'> &
  Partial<Pick<StaffOrder, 'refundOwed' | 'subtotal' | 'discount' | 'shippingFee' | 'commissionBasisPoints'>>;

function Lines({ label, rows }: { label: string; rows: Row[] }) {
  return (
    <dl aria-label={label} className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className={row.sign === '=' ? 'font-semibold text-slate-900' : 'text-slate-700'}>
            {row.label}
            {row.note ? <span className="block text-xs text-slate-700">{row.note}</span> : null}
          </dt>
          <dd
            className={`text-right tabular-nums ${row.sign === '=' ? 'border-t border-slate-300 font-semibold' : ''}`}
          >
            {row.sign === '−' || row.sign === '+' ? `${row.sign} ` : ''}
            {formatNaira(row.kobo)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The order's money as the books say it (ADR 046), in lines that add up (ADR 083): what the customer paid (goods at
 * the store's prices, less the store's own coupon, plus delivery), and what the store is owed (goods after its coupon,
 * less the commission at the store's rate on the goods before the coupon, less goods refunded at its cost). So
 * paid − commission − due is delivery plus goods refunded at the store's cost, read off the page. For the store and
 * the platform's staff; the customer's order page never shows it.
 */
export function OrderMoney({ order }: { order: OrderMoneyFields }) {
  // A booked refund that has not reached the customer is "owed", never "refunded" (issue 34 item 14).
  const owedKobo = nairaToKobo(order.refundOwed ?? 0);
  const totalKobo = nairaToKobo(order.total);
  const commissionKobo = nairaToKobo(order.commission);
  const dueKobo = nairaToKobo(order.dueToMerchant);
  const goodsKobo = nairaToKobo(order.subtotal ?? 0);
  const couponKobo = nairaToKobo(order.discount ?? 0);
  const deliveryKobo = nairaToKobo(order.shippingFee ?? 0);
  const rate =
    order.commissionBasisPoints === null || order.commissionBasisPoints === undefined
      ? null
      : `${formatNumber(order.commissionBasisPoints / 100)} %`;
  const known = order.subtotal !== undefined;
  // Due = goods after the coupon − commission − goods refunded at the store's cost (ADR 027's split gives back the
  // commission's share with the store's): what is left is exactly the goods the store refunded.
  const refundedAtStoreKobo = goodsKobo - couponKobo - commissionKobo - dueKobo;

  const paid: Row[] = known
    ? [
        { label: 'Goods at the store’s prices', kobo: goodsKobo },
        ...(couponKobo > 0
          ? [{ label: 'Store’s coupon', kobo: couponKobo, sign: '−' as const, note: 'Funded by the store' }]
          : []),
        { label: 'Delivery', kobo: deliveryKobo, sign: '+' },
        { label: 'Paid by the customer', kobo: totalKobo, sign: '=' },
      ]
    : [{ label: 'Paid by the customer', kobo: totalKobo }];
  const refunds: Row[] = [
    { label: 'Refunded', kobo: nairaToKobo(order.refunded) - owedKobo },
    ...(owedKobo > 0 ? [{ label: 'Refund owed (not yet paid)', kobo: owedKobo }] : []),
  ];
  const commissionLabel = rate ? `Commission (${rate})` : 'Commission';
  const store: Row[] = known
    ? [
        { label: 'Goods after the coupon', kobo: goodsKobo - couponKobo },
        {
          label: commissionLabel,
          kobo: commissionKobo,
          sign: '−',
          note: rate ? `${rate} of the goods before the coupon, kept by the platform` : undefined,
        },
        ...(refundedAtStoreKobo > 0
          ? [{ label: 'Goods refunded at the store’s cost', kobo: refundedAtStoreKobo, sign: '−' as const }]
          : []),
        { label: 'Due to the store', kobo: dueKobo, sign: '=' },
      ]
    : [
        { label: commissionLabel, kobo: commissionKobo },
        { label: 'Due to the store', kobo: dueKobo },
      ];
  return (
    <div className="space-y-3">
      <Lines label="What the customer paid" rows={paid} />
      <Lines label="Refunds" rows={refunds} />
      <Lines label="What the store is owed" rows={store} />
    </div>
  );
}
