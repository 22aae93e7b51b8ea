import { applyCouponBody, type CartState } from '@market/contracts';
import { useId, useMemo } from 'react';
import { pluralize } from '../../../lib/plural';
import { useApplyCoupon } from '../api/apply-coupon';
import { useAvailableCoupons } from '../api/get-available-coupons';
import { useRemoveCoupon } from '../api/remove-coupon';
import { CodeEntryForm } from './code-entry-form';

/** Coupon code entry: apply, the applied codes with Remove, the codes the server refused and why. */
export function CouponEntry({ cart }: { cart: CartState }) {
  const apply = useApplyCoupon();
  const remove = useRemoveCoupon();
  const headingId = useId();

  const storeIds = useMemo(() => [...new Set(cart.cartItemsData.map((line) => line.storeId))], [cart]);
  const productIds = useMemo(() => [...new Set(cart.cartItemsData.map((line) => line.productId))], [cart]);
  const available = useAvailableCoupons(storeIds, productIds);
  const offerCount = available.data
    ? available.data.percentageCoupons.length +
      available.data.fixedCoupons.length +
      available.data.buyXGetYCoupons.length
    : 0;

  const codes = cart.appliedDiscountCodes;
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        Coupon
      </h2>
      {offerCount > 0 ? (
        <p className="text-sm text-emerald-900">
          {pluralize(offerCount, 'coupon')} {offerCount === 1 ? 'is' : 'are'} on offer for items in your cart.
        </p>
      ) : null}
      <CodeEntryForm
        schema={applyCouponBody}
        label="Coupon code"
        apply={apply}
        couldNotApply="Could not apply the coupon"
      />
      {codes.length > 0 ? (
        <ul className="space-y-2" aria-label="Discounts applied">
          {codes.map((discount) => (
            <li
              key={`${discount.storeId}-${discount.code ?? 'automatic'}`}
              className="flex items-center justify-between gap-2 rounded-md bg-emerald-50 px-3 py-1 text-sm text-emerald-950"
            >
              <span className="min-w-0">
                <span className="font-semibold">{discount.code ?? 'Automatic discount'}</span>
                {discount.description ? <span className="block text-xs">{discount.description}</span> : null}
              </span>
              {discount.code ? (
                <button
                  type="button"
                  className="inline-flex min-h-11 items-center rounded px-2 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(discount.code!)}
                >
                  Remove<span className="sr-only"> coupon {discount.code}</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {cart.discountNotes && cart.discountNotes.length > 0 ? (
        <ul role="status" className="space-y-2" aria-label="Which discount applies">
          {cart.discountNotes.map((note) => (
            <li key={note.storeId} className="rounded-md bg-sky-50 px-3 py-1 text-sm text-sky-950">
              <span className="font-semibold">{note.storeName}:</span> {note.message}
            </li>
          ))}
        </ul>
      ) : null}
      {cart.rejectedDiscountCodes.length > 0 ? (
        <ul role="status" className="space-y-2" aria-label="Coupons that do not apply">
          {cart.rejectedDiscountCodes.map((rejected) => (
            <li
              key={rejected.code}
              className="flex items-center justify-between gap-2 rounded-md bg-amber-50 px-3 py-1 text-sm text-amber-950"
            >
              <span className="min-w-0">
                <span className="font-semibold">{rejected.code}</span> does not apply: {rejected.reason}
              </span>
              <button
                type="button"
                className="inline-flex min-h-11 items-center rounded px-2 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
                disabled={remove.isPending}
                onClick={() => remove.mutate(rejected.code)}
              >
                Remove<span className="sr-only"> coupon {rejected.code}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
