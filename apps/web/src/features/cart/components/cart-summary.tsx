import type { CartState } from '@market/contracts';
import type { ReactNode } from 'react';
import { formatApiNaira } from '../../../lib/money';

interface CartSummaryProps {
  cart: CartState;
  /** A change is on its way: the amounts shown are the last ones the server priced. */
  updating?: boolean;
  title?: string;
  children?: ReactNode;
}

function Row({ label, value, strong = false }: { label: ReactNode; value: string; strong?: boolean }) {
  // A <dl> may hold only one level of <div> around each pair: the total's rule is on its own row.
  return (
    <div
      className={`flex items-baseline justify-between gap-3 ${strong ? 'border-t border-slate-200 pt-2 text-lg font-bold' : 'text-sm'}`}
    >
      <dt className={strong ? 'text-slate-900' : 'text-slate-700'}>{label}</dt>
      <dd className="text-right font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * The totals exactly as the server priced them (items, discount, shipping, gift cards, amount due); the browser
 * never adds them up. Changes are announced politely.
 */
export function CartSummary({ cart, updating = false, title = 'Order summary', children }: CartSummaryProps) {
  const hasAddress = Boolean(cart.selectedShippingAddress);
  return (
    <section
      aria-labelledby="cart-summary-heading"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="cart-summary-heading" className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      <div
        aria-live="polite"
        aria-busy={updating || undefined}
        className={updating ? 'opacity-60' : undefined}
      >
        <dl className="space-y-2" data-testid="cart-totals">
          <Row label={`Items (${cart.itemCount})`} value={formatApiNaira(cart.total)} />
          {cart.discount > 0 ? <Row label="Discount" value={`−${formatApiNaira(cart.discount)}`} /> : null}
          <Row
            label="Shipping"
            value={hasAddress ? formatApiNaira(cart.shippingFeeTotal) : 'Choose an address'}
          />
          {cart.giftCardTotal > 0 ? (
            <Row label="Gift cards" value={`−${formatApiNaira(cart.giftCardTotal)}`} />
          ) : null}
          <Row label="Amount due" value={formatApiNaira(cart.amountDue)} strong />
        </dl>
        {updating ? <p className="mt-2 text-sm text-slate-700">Updating totals…</p> : null}
      </div>
      {children}
    </section>
  );
}

/** What stops the checkout, as the server says it. */
export function CheckoutProblems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <div
      role="alert"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <p className="font-semibold">Before you can check out:</p>
      <ul className="list-disc pl-5">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}
