import { createApplyCoupon } from '../../flows/apply-coupon.js';
import { createCouponsModule } from '../../modules/coupons/index.js';
import { defineModule } from '../registry.js';

export const coupons = defineModule('coupons', ({ deps }) => createCouponsModule(deps));

/** The apply-coupon flow (flows/apply-coupon.ts): a code checked, then against the cart's lines. */
export const applyCoupon = defineModule('apply coupon', ({ deps, use }) =>
  createApplyCoupon(deps, use(coupons).service),
);
