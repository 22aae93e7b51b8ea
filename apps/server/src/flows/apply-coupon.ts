import { COUPON_APPLIED_MESSAGE, couponCustomerEndpoints } from '@market/contracts';
import { couponLinesOfCart } from '../modules/cart/index.js';
import type { CouponsService } from '../modules/coupons/index.js';
import type { Deps } from '../platform/deps.js';
import { type RouteDefinition, route } from '../platform/http/routes.js';

// Flow: apply a coupon code to the customer's cart (POST /coupons/apply). The cart reads coupons when it prices, so
// the coupons module cannot read the cart back; this flow sets the two side by side (ADR 115, amended):
//   1. live     coupons.liveCode: the code as stored, refused unless it is a live code this customer may use now.
//   2. lines    cart's couponLinesOfCart: the cart's lines as the coupon engine reads them, read only for a live
//               code (a guessed code costs no read of the cart).
//   3. apply    coupons.applyLiveCode: on the cart when it discounts those lines; the codes on the cart answered.
// Guessing is limited per customer and per address, on the budget the coupons module's validate route spends too.

/** Steps 1–3 for one customer's code; answers the codes now on the cart. */
export async function applyCoupon(
  deps: Pick<Deps, 'db' | 'now'>,
  coupons: Pick<CouponsService, 'liveCode' | 'applyLiveCode'>,
  customerId: string,
  rawCode: string,
): Promise<string[]> {
  const code = await coupons.liveCode(customerId, rawCode);
  const lines = await couponLinesOfCart(deps.db, customerId, deps.now());
  return coupons.applyLiveCode(customerId, code, lines);
}

/** Wires the flow: the customer's apply-coupon route. */
export function createApplyCoupon(deps: Pick<Deps, 'db' | 'now' | 'rateLimits'>, coupons: CouponsService) {
  const routes: RouteDefinition[] = [
    route(couponCustomerEndpoints.apply, async ({ auth, body, ip }) => {
      await deps.rateLimits.consume('coupon', { ip, account: auth.userId });
      return {
        message: COUPON_APPLIED_MESSAGE,
        data: { codes: await applyCoupon(deps, coupons, auth.userId, body.code) },
      };
    }),
  ];
  return {
    service: {
      applyCoupon: (customerId: string, code: string) => applyCoupon(deps, coupons, customerId, code),
    },
    routes,
  };
}
