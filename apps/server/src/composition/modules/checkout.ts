import { createCheckoutAndPay } from '../../flows/checkout-and-pay.js';
import { createCheckoutModule } from '../../modules/checkout/index.js';
import { defineModule } from '../registry.js';
import { cart } from './cart.js';
import { coupons } from './coupons.js';
import { ledger } from './ledger.js';
import { orders } from './orders.js';
import { payOnDelivery } from './pay-on-delivery.js';
import { payments } from './payments.js';

export const checkout = defineModule('checkout', ({ deps, use }) =>
  createCheckoutModule({ ...deps, payments: use(payments).service }),
);

/** The checkout-and-pay flow (flows/checkout-and-pay.ts): POST /checkout/create and the checkouts' payments. */
export const checkoutAndPay = defineModule('checkout and pay', ({ deps, salesFolder, use }) =>
  createCheckoutAndPay({
    deps,
    checkout: use(checkout).service,
    orders: use(orders).service,
    cart: use(cart).service,
    coupons: use(coupons).service,
    payOnDelivery: use(payOnDelivery).service,
    ledger: use(ledger).service,
    payments: use(payments).service,
    salesFolder,
  }),
);
