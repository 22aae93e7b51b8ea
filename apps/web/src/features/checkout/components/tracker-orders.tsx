import type { Tracker } from '@market/contracts';
import { Link } from 'react-router';
import { formatApiNaira } from '../../../lib/money';

/** The orders of a paid checkout, each with its delivery token. */
export function TrackerOrders({ tracker }: { tracker: Tracker }) {
  return (
    <ul className="space-y-3" aria-label="Your orders">
      {tracker.orders.map((order) => (
        <li key={order.id} className="rounded-lg border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="font-bold text-slate-900">
              {order.orderName} <span className="font-normal text-slate-700">from {order.storeName}</span>
            </h3>
            <span className="font-semibold text-slate-900 tabular-nums">{formatApiNaira(order.total)}</span>
          </div>
          {order.payOnDelivery ? (
            <p className="mt-2 text-sm text-slate-800" data-testid="pay-at-door">
              Pay <strong>{formatApiNaira(order.payOnDelivery.dueAtDoor)}</strong> at the door (cash, card on
              the carrier's POS or bank transfer), including the {formatApiNaira(order.payOnDelivery.fee)}{' '}
              pay-on-delivery fee.
            </p>
          ) : null}
          {order.orderDeliveryToken ? (
            <div className="mt-3 rounded-md bg-emerald-50 p-3">
              <p className="text-sm text-emerald-950">Delivery token</p>
              <p
                className="font-mono text-3xl font-bold tracking-widest text-emerald-950"
                data-testid="delivery-token"
              >
                {order.orderDeliveryToken}
              </p>
              <p className="text-xs text-emerald-950">
                Give it to the dispatcher only when your order reaches you. Only you can see it.
              </p>
            </div>
          ) : null}
          <Link
            to={`/account/orders/${order.id}`}
            className="mt-2 inline-flex min-h-11 items-center font-semibold text-emerald-800 underline"
          >
            See order {order.orderName}
          </Link>
        </li>
      ))}
    </ul>
  );
}
