import type { StaffOrder } from '@market/contracts';
import { formatApiNaira } from '../../../lib/money';

/**
 * The order's money as the books say it (ADR 046): what was paid, refunded, the platform's commission and what is
 * due to the store. For the store and the platform's staff; the customer's order page never shows it.
 */
export function OrderMoney({
  order,
}: {
  order: Pick<StaffOrder, 'total' | 'commission' | 'dueToMerchant' | 'refunded'>;
}) {
  const rows: [string, number][] = [
    ['Paid by the customer', order.total],
    ['Refunded', order.refunded],
    ['Commission', order.commission],
    ['Due to the store', order.dueToMerchant],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {rows.map(([label, amount]) => (
        <div key={label} className="contents">
          <dt className="text-slate-700">{label}</dt>
          <dd className="text-right tabular-nums">{formatApiNaira(amount)}</dd>
        </div>
      ))}
    </dl>
  );
}
