import { checkoutAndPaySteps } from '../../flows/checkout-and-pay.js';
import { createCheckoutModule } from '../../modules/checkout/index.js';
import { defineModule } from '../registry.js';
import { cart } from './cart.js';
import { coupons } from './coupons.js';
import { orders } from './orders.js';
import { payments } from './payments.js';

export const checkout = defineModule('checkout', ({ deps, salesFolder, use }) =>
  createCheckoutModule(
    { ...deps, payments: use(payments).service },
    checkoutAndPaySteps({
      cart: use(cart).service,
      orders: use(orders).service,
      coupons: use(coupons).service,
      salesFolder,
    }),
  ),
);
