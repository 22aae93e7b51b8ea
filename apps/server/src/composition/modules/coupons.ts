import { couponLinesOfCart } from '../../modules/cart/index.js';
import { createCouponsModule } from '../../modules/coupons/index.js';
import { defineModule } from '../registry.js';

export const coupons = defineModule('coupons', ({ deps }) =>
  createCouponsModule(deps, {
    // apply-coupon checks a code against the cart's lines (the cart's function: the cart reads coupons).
    cartLines: couponLinesOfCart,
  }),
);
