import type { CartLine, CartState } from '@market/contracts';
import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { CART_MESSAGES, cartMutationKey } from '../api/cart-keys';
import { useEmptyCart } from '../api/empty-cart';
import { useCart } from '../api/get-cart';
import { CartLineItem } from './cart-line-item';
import { CartSummary, CheckoutProblems } from './cart-summary';

/** Lines grouped by store, in the order the stores first appear. */
export function linesByStore(cart: CartState): { storeId: string; storeName: string; lines: CartLine[] }[] {
  const groups = new Map<string, { storeId: string; storeName: string; lines: CartLine[] }>();
  for (const line of cart.cartItemsData) {
    const group = groups.get(line.storeId) ?? { storeId: line.storeId, storeName: line.storeName, lines: [] };
    group.lines.push(line);
    groups.set(line.storeId, group);
  }
  return [...groups.values()];
}

/** `/cart`: lines by store with quantity +/−, remove, empty, problems, and the server's totals. */
export function CartView() {
  const cart = useCart();
  const empty = useEmptyCart();
  const [confirming, setConfirming] = useState(false);
  const updating = useIsMutating({ mutationKey: cartMutationKey }) > 0;

  if (cart.isPending) return <LoadingState label="Loading your cart…" />;
  if (cart.isError) return <ErrorState title={CART_MESSAGES.cart} onRetry={() => cart.refetch()} />;
  const data = cart.data;
  if (data.cartItemsData.length === 0) {
    return (
      <EmptyState title="Your cart is empty">
        <p>Find something you like and add it to your cart.</p>
        <Link to="/search" className={buttonClasses('primary', 'mt-3')}>
          Browse products
        </Link>
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="min-w-0 space-y-4">
        {linesByStore(data).map((group) => (
          <section
            key={group.storeId}
            aria-label={`From ${group.storeName}`}
            className="rounded-lg border border-slate-200 bg-white px-3"
          >
            <h2 className="border-b border-slate-100 py-2 text-sm font-bold text-slate-900">
              From {group.storeName}
            </h2>
            <ul className="divide-y divide-slate-100">
              {group.lines.map((line) => (
                <CartLineItem key={line.id} line={line} />
              ))}
            </ul>
          </section>
        ))}
        <Button variant="dangerGhost" onClick={() => setConfirming(true)}>
          Empty cart
        </Button>
      </div>
      <div className="space-y-3">
        <CartSummary cart={data} updating={updating}>
          <CheckoutProblems problems={cartOnlyProblems(data)} />
          {hasLineProblems(data) || data.aboveOrderLimit ? (
            <span className={buttonClasses('primary', 'w-full opacity-60')} aria-disabled="true">
              Go to checkout
            </span>
          ) : (
            <Link to="/checkout" className={buttonClasses('primary', 'w-full')}>
              Go to checkout
            </Link>
          )}
        </CartSummary>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Empty your cart?"
        description="Every item is taken out of your cart."
        confirmLabel="Empty cart"
        busy={empty.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => empty.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </div>
  );
}

/**
 * On the cart page a missing address is not a problem yet: it is chosen at checkout. A cart above the limit per
 * order is (ADR 063): only changing the cart helps.
 */
function cartOnlyProblems(cart: CartState): string[] {
  return [
    ...(hasLineProblems(cart) ? ['Some items need your attention: change or remove them.'] : []),
    ...(cart.aboveOrderLimit ? [cart.aboveOrderLimit] : []),
  ];
}

function hasLineProblems(cart: CartState): boolean {
  return cart.cartItemsData.some((line) => line.problem);
}
