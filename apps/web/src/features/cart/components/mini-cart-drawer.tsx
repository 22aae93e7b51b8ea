import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { dialogKeyHandler } from '../../../components/ui/dialog-keyboard';
import { Spinner } from '../../../components/ui/spinner';
import { formatApiNaira } from '../../../lib/money';
import { pluralize } from '../../../lib/plural';
import { cartMutationKey } from '../api/cart-keys';
import { useCart } from '../api/get-cart';
import { CartLineItem } from './cart-line-item';

import { CartIcon, triggerClasses } from './cart-trigger';

/** The drawer of lines with quick +/−: its own chunk, loaded only for a signed-in customer. */
export default function MiniCartDrawer() {
  const cart = useCart();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const updating = useIsMutating({ mutationKey: cartMutationKey }) > 0;
  const count = cart.data?.itemCount ?? 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: close after every navigation
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (open) close.current?.focus();
  }, [open]);

  const hide = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  const onKeyDown = dialogKeyHandler(panel, hide);

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={triggerClasses}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(true)}
      >
        <CartIcon />
        <span className="sr-only">Cart, {pluralize(count, 'item')}</span>
        {count > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-emerald-700 px-1.5 text-center text-xs font-bold text-white ring-2 ring-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>
      {open ? (
        <div className="fixed inset-0 z-40 flex justify-end bg-slate-900/50">
          <button
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            className="flex-1 cursor-default"
            onClick={hide}
          />
          <div
            ref={panel}
            id={panelId}
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            onKeyDown={onKeyDown}
            className="flex h-full w-full max-w-sm flex-col bg-white shadow-xl"
          >
            <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
              <h2 id={titleId} className="text-lg font-bold text-slate-900">
                Your cart
              </h2>
              <button
                ref={close}
                type="button"
                onClick={hide}
                className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-slate-900 hover:bg-slate-100"
              >
                <span aria-hidden="true">✕</span>
                <span className="sr-only">Close cart</span>
              </button>
            </div>
            <div className="flex-1 overflow-y-auto px-4">
              {cart.isPending ? (
                <p className="py-6 text-center text-slate-700">
                  <Spinner label="Loading your cart…" />
                </p>
              ) : cart.isError ? (
                <p role="alert" className="py-6 text-center text-red-800">
                  Could not get your cart. Try again later.
                </p>
              ) : cart.data.cartItemsData.length === 0 ? (
                <p className="py-6 text-center text-slate-700">Your cart is empty.</p>
              ) : (
                <ul className="divide-y divide-slate-100">
                  {cart.data.cartItemsData.map((line) => (
                    <CartLineItem key={line.id} line={line} compact />
                  ))}
                </ul>
              )}
            </div>
            <div className="space-y-2 border-t border-slate-200 px-4 py-3">
              {cart.data && cart.data.cartItemsData.length > 0 ? (
                <p
                  aria-live="polite"
                  aria-busy={updating || undefined}
                  className="flex justify-between font-semibold text-slate-900"
                >
                  <span>Items total</span>
                  <span className="tabular-nums">
                    {updating ? 'Updating…' : formatApiNaira(cart.data.total)}
                  </span>
                </p>
              ) : null}
              <div className="grid grid-cols-2 gap-2">
                <Link to="/cart" className={buttonClasses('secondary')}>
                  View cart
                </Link>
                <Link to="/checkout" className={buttonClasses('primary')}>
                  Checkout
                </Link>
              </div>
            </div>
          </div>
        </div>
      ) : null}
    </>
  );
}
