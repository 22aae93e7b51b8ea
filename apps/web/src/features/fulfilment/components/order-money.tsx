import type { StaffOrder } from '@market/contracts';
import { formatNaira, nairaToKobo } from '../../../lib/money';

/**
 * The order's money as the books say it (ADR 046): what was paid, refunded, the platform's commission and what is
 * due to the store. For the store and the platform's staff; the customer's order page never shows it.
 */
export function OrderMoney({
  order,
}: {
  order: Pick<StaffOrder, 'total' | 'commission' | 'dueToMerchant' | 'refunded'> &
    Partial<Pick<StaffOrder, 'refundOwed'>>;
}) {
  // A booked refund that has not reached the customer is "owed", never "refunded" (issue 34 item 14).
  const owedKobo = nairaToKobo(order.refundOwed ?? 0);
  const rows: [string, number][] = [
    ['Paid by the customer', nairaToKobo(order.total)],
    ['Refunded', nairaToKobo(order.refunded) - owedKobo],
    ...(owedKobo > 0 ? [['Refund owed (not yet paid)', owedKobo] as [string, number]] : []),
    ['Commission', nairaToKobo(order.commission)],
    ['Due to the store', nairaToKobo(order.dueToMerchant)],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {rows.map(([label, kobo]) => (
        <div key={label} className="contents">
          <dt className="text-slate-700">{label}</dt>
          <dd className="text-right tabular-nums">{formatNaira(kobo)}</dd>
        </div>
      ))}
    </dl>
  );
}
