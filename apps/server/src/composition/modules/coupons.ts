import { couponLinesOfCart } from '../../modules/cart/index.js';
import { createCouponsModule } from '../../modules/coupons/index.js';
import { defineModule } from '../registry.js';
import { orders } from './orders.js';

export const coupons = defineModule('coupons', ({ deps, use }) =>
  createCouponsModule(deps, {
    isFirstTimeCustomer: use(orders).service.isFirstTimeCustomer,
    // apply-coupon checks a code against the cart's lines (a plain function of the cart module: no cycle).
    cartLines: couponLinesOfCart,
  }),
);
