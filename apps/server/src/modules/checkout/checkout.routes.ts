import { checkoutEndpoints } from '@market/contracts';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import type { RateLimits } from '../../platform/security/rate-limits.js';
import type { CheckoutService } from './checkout.service.js';

export function checkoutRoutes(checkout: CheckoutService, rateLimits: RateLimits): RouteDefinition[] {
  return [
    route(checkoutEndpoints.simulate, async ({ auth, body }) => ({
      message: 'Checkout priced',
      data: await checkout.simulate(auth.userId, body.addressId),
    })),
    route(checkoutEndpoints.create, async ({ auth, body, ip }) => {
      // Every checkout reserves stock: limited per customer (and per address), before any work is done.
      await rateLimits.consume('create-order', { ip, account: auth.userId });
      return {
        message: 'Order created. Complete the payment to place it.',
        data: await checkout.create(auth.userId, body, auth.account),
      };
    }),
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
