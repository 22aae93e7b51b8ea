import { couponCustomerEndpoints, couponMerchantEndpoints } from '@market/contracts';
import { type RouteDefinition, route, storeActor } from '../../platform/http/routes.js';
import type { RateLimits } from '../../platform/security/rate-limits.js';
import type { CouponsService } from './coupons.service.js';

export function couponsRoutes(coupons: CouponsService, rateLimits: RateLimits): RouteDefinition[] {
  return [
    route(couponMerchantEndpoints.list, async ({ auth, query }) => ({
      message: 'Coupons',
      data: await coupons.list(storeActor(auth), query),
    })),
    route(couponMerchantEndpoints.one, async ({ auth, params }) => ({
      message: 'Coupon',
      data: await coupons.get(storeActor(auth), params.id),
    })),
    route(couponMerchantEndpoints.create, async ({ auth, body }) => ({
      message: 'Coupon created',
      data: await coupons.create(storeActor(auth), body),
    })),
    route(couponMerchantEndpoints.update, async ({ auth, params, body }) => ({
      message: 'Coupon updated',
      data: await coupons.update(storeActor(auth), params.id, body),
    })),
    route(couponMerchantEndpoints.remove, async ({ auth, params }) => {
      await coupons.remove(storeActor(auth), params.id);
      return { message: 'Coupon deleted' };
    }),

    route(couponCustomerEndpoints.forProducts, async ({ auth, body }) => ({
      message: 'Coupons',
      data: await coupons.forProducts(auth.userId, body),
    })),
    route(couponCustomerEndpoints.validate, async ({ auth, body, ip }) => {
      // Guessing codes is limited per customer and per address (validate and apply, flows/apply-coupon.ts, share the
      // budget).
      await rateLimits.consume('coupon', { ip, account: auth.userId });
      const data = await coupons.validate(auth.userId, body);
      return { message: data.applies ? 'Coupon is valid' : (data.reason ?? 'Coupon does not apply'), data };
    }),
    route(couponCustomerEndpoints.remove, async ({ auth, body }) => ({
      message: 'Coupon removed',
      data: { codes: await coupons.removeCode(auth.userId, body.code) },
    })),
    route(couponCustomerEndpoints.applied, async ({ auth }) => ({
      message: 'Applied coupons',
      data: { codes: await coupons.appliedCodesOf(auth.userId) },
    })),
  ];
}
