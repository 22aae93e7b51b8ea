import type { Deps } from '../../platform/deps.js';
import type { RateCardCache } from '../shipping/index.js';
import { cartRoutes } from './cart.routes.js';
import { createCartService } from './cart.service.js';

// The cart module's public face: other modules import only from here.

/** The customer's cart, priced with the rate card this process caches (the composition's `rateCards`). */
export function createCartModule(deps: Deps, rateCards: RateCardCache) {
  const service = createCartService(deps, rateCards);
  return { service, routes: cartRoutes(service) };
}

export { type CartService, lockCart } from './cart.service.js';
export type {
  AddressForCheckout,
  AppliedCoupon,
  AppliedGiftCardBalance,
  CartRow,
  CheckoutPricing,
  CouponEvaluation,
  CouponLine,
  PriceCart,
  PricedLine,
  ShipmentItem,
  ShipmentQuote,
  StorePricing,
} from './cart-pricing.js';
export { couponLinesOfCart, UNLIMITED } from './cart-pricing.js';
