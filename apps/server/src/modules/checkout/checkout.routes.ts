import { checkoutEndpoints } from '@market/contracts';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import type { CheckoutService } from './checkout.service.js';

export function checkoutRoutes(checkout: CheckoutService): RouteDefinition[] {
  return [
    // checkoutEndpoints.create is the checkout-and-pay flow's (src/flows/checkout-and-pay.ts, ADR 076), and
    // checkoutEndpoints.simulate the cart's (the cart priced as checkout prices it).
    route(checkoutEndpoints.pay, async ({ auth, body }) => ({
      message: 'Payment started',
      data: await checkout.pay(auth.userId, body.trackerId, auth.account),
    })),
    route(checkoutEndpoints.recordTransaction, async ({ auth, body }) => ({
      message: 'Transaction recorded',
      data: await checkout.recordTransaction(auth.userId, body.reference, auth.account),
    })),
    route(checkoutEndpoints.tracker, async ({ auth, params }) => ({
      message: 'Checkout',
      data: await checkout.tracker(auth.userId, params.reference),
    })),
  ];
}
