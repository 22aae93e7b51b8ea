import { couponLinesOfCart } from '../../modules/cart/index.js';
import { createCouponsModule } from '../../modules/coupons/index.js';
import { isFirstTimeCustomer } from '../../modules/orders/index.js';
import { defineModule } from '../registry.js';

export const coupons = defineModule('coupons', ({ deps }) =>
  createCouponsModule(deps, {
    isFirstTimeCustomer,
    // apply-coupon checks a code against the cart's lines (a plain function of the cart module: no cycle).
    cartLines: couponLinesOfCart,
  }),
);
