import { type ComponentProps, lazy, Suspense } from 'react';
import type { AddToCart as AddToCartButton } from './add-to-cart-button';

// Its own chunk (with the cart mutation and the quantity stepper): a server-rendered product page shows the button
// in its HTML and hydrates it when this arrives, so it costs the page's first download nothing (ADR 029).
const AddToCart = lazy(() =>
  import('./add-to-cart-button').then((module) => ({ default: module.AddToCart })),
);

/** "Add to cart" of a product page, loaded after the page; a block of its height holds its place meanwhile. */
export function LazyAddToCart(props: ComponentProps<typeof AddToCartButton>) {
  return (
    <Suspense fallback={<div aria-hidden="true" className="h-11 min-w-40" />}>
      <AddToCart {...props} />
    </Suspense>
  );
}
