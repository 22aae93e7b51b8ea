import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { AddressBook } from '../../../features/addresses/components/address-book';
import { CART_MESSAGES, cartMutationKey } from '../../../features/cart/api/cart-keys';
import { useCart, useInvalidateCart } from '../../../features/cart/api/get-cart';
import { useSelectCartAddress } from '../../../features/cart/api/select-address';
import { CartSummary, CheckoutProblems } from '../../../features/cart/components/cart-summary';
import { CouponEntry } from '../../../features/cart/components/coupon-entry';
import { GiftCardEntry } from '../../../features/cart/components/gift-card-entry';
import { ShippingFees } from '../../../features/cart/components/shipping-fees';
import { PlaceOrder } from '../../../features/checkout/components/place-order';
import { usePodOptions } from '../../../features/pay-on-delivery/api/get-options';
import { onDeliveryTotal, PaymentChoice } from '../../../features/pay-on-delivery/components/payment-choice';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { RequireSession } from '../../require-session';

/** `/checkout`: delivery address, shipping per store, coupon, gift cards, the server's totals, and pay. */
export function Component() {
  useDocumentTitle('Checkout');
  return (
    <RequireSession kind="customer">
      <PageHeader title="Checkout" />
      <Checkout />
    </RequireSession>
  );
}

function Checkout() {
  const session = useSession('customer');
  const cart = useCart();
  const select = useSelectCartAddress();
  const invalidateCart = useInvalidateCart();
  const updating = useIsMutating({ mutationKey: cartMutationKey }) > 0;
  const [onDelivery, setOnDelivery] = useState<string[]>([]);
  const podOptions = usePodOptions(cart.data?.selectedShippingAddress?.id ?? null);
  // Only what the server allows now counts: a store that stopped allowing it drops out of the choice.
  const chosen = onDelivery.filter((storeId) =>
    podOptions.data?.some((option) => option.allowed && option.storeId === storeId),
  );

  if (cart.isPending) return <LoadingState label="Loading your cart…" />;
  if (cart.isError) return <ErrorState title={CART_MESSAGES.cart} onRetry={() => cart.refetch()} />;
  const data = cart.data;
  if (data.cartItemsData.length === 0) {
    return (
      <EmptyState title="Your cart is empty">
        <Link to="/search" className={buttonClasses('primary', 'mt-2')}>
          Browse products
        </Link>
      </EmptyState>
    );
  }
  const selectedId = data.selectedShippingAddress?.id ?? null;
  const user = session?.user;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="min-w-0 space-y-4">
        <section aria-labelledby="address-heading" className="space-y-3">
          <h2 id="address-heading" className="text-lg font-bold text-slate-900">
            Deliver to
          </h2>
          <AddressBook
            selectedId={selectedId}
            onSelect={(addressId) => select.mutate(addressId)}
            onChanged={invalidateCart}
            busy={select.isPending}
            prefill={
              user && 'firstName' in user
                ? { fullName: `${user.firstName} ${user.lastName}`.trim(), emailAddress: user.email }
                : undefined
            }
          />
        </section>
        <ShippingFees cart={data} />
        <CouponEntry cart={data} />
        <GiftCardEntry cart={data} />
        <PaymentChoice addressId={selectedId} chosen={chosen} onChange={setOnDelivery} />
      </div>
      <div className="space-y-3 lg:sticky lg:top-20 lg:self-start">
        <CartSummary cart={data} updating={updating || cart.isFetching}>
          <CheckoutProblems problems={data.canCheckout ? [] : data.checkoutProblems} />
          {data.cartItemsData.some((line) => line.problem) ? (
            <Link to="/cart" className={buttonClasses('secondary', 'w-full')}>
              Fix your cart
            </Link>
          ) : null}
          <PlaceOrder
            canCheckout={data.canCheckout}
            amountDue={Math.max(0, data.amountDue - onDeliveryTotal(podOptions.data, chosen))}
            payOnDeliveryStoreIds={chosen}
            addressId={selectedId}
            waiting={updating || cart.isFetching}
          />
        </CartSummary>
      </div>
    </div>
  );
}
