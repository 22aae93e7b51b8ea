import type { CartState } from '@market/contracts';
import { useId } from 'react';
import { formatApiNaira } from '../../../lib/money';

type StoreShipping = CartState['shippingFees'][number];

/** The Lagos flags of a fee in plain words. */
export function shippingRouteText(
  fee: Pick<StoreShipping, 'withinLagos' | 'lagosMerchant' | 'lagosCustomer'>,
) {
  if (fee.withinLagos || (fee.lagosMerchant && fee.lagosCustomer)) return 'Within Lagos';
  if (fee.lagosMerchant) return 'From Lagos to outside Lagos';
  if (fee.lagosCustomer) return 'From outside Lagos into Lagos';
  return 'Between states outside Lagos';
}

/** Shipping fee per store for the chosen address, as the server priced it. */
export function ShippingFees({ cart }: { cart: CartState }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        Delivery
      </h2>
      {!cart.selectedShippingAddress ? (
        <p className="text-sm text-slate-700">Choose a delivery address to see the shipping fees.</p>
      ) : cart.shippingFees.length === 0 ? (
        <p className="text-sm text-slate-700">No shipping fees for this cart.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-live="polite">
          {cart.shippingFees.map((fee) => (
            <li key={fee.storeId} className="flex items-start justify-between gap-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{fee.storeName}</span>
                <span className="block text-slate-700">
                  {shippingRouteText(fee)} · {fee.weightKg} kg{fee.vehicle ? ` · by ${fee.vehicle}` : ''}
                </span>
              </span>
              <span className="font-semibold text-slate-900 tabular-nums">{formatApiNaira(fee.fee)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
