import type { Deps } from '../../platform/deps.js';
import { cartRoutes } from './cart.routes.js';
import { createCartService } from './cart.service.js';
import type { PricingNeeds } from './cart-pricing.js';

// The cart module's public face: other modules import only from here.

export function createCartModule(deps: Deps, needs: PricingNeeds) {
  const service = createCartService(deps, needs);
  return { service, routes: cartRoutes(service) };
}

export type { CartService } from './cart.service.js';
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
  PricingNeeds,
  ShipmentItem,
  ShipmentQuote,
  StorePricing,
} from './cart-pricing.js';
export { couponLinesOfCart, UNLIMITED } from './cart-pricing.js';
