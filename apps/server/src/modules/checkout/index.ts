import { checkoutRoutes } from './checkout.routes.js';
import { type CheckoutDeps, createCheckoutService } from './checkout.service.js';

// The checkout module's public face: the flow from a priced cart to paid orders.

export function createCheckoutModule(deps: CheckoutDeps) {
  const service = createCheckoutService(deps);
  return { service, routes: checkoutRoutes(service) };
}

export type { CheckoutBegun, CheckoutWritten } from './checkout.open.js';
export type { StockLine } from './checkout.ports.js';
export {
  CHECKOUT_PREFIX,
  type CheckoutService,
  type OpenedCheckout,
  PAYMENT_WINDOW_MINUTES,
  paidNotices,
} from './checkout.service.js';
