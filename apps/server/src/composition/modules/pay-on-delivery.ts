import { payOnDeliveryNeeds } from '../../flows/pay-on-delivery.js';
import { createPayOnDeliveryModule, type PayOnDeliveryService } from '../../modules/pay-on-delivery/index.js';
import type { ServerModule } from '../../platform/http/module.js';
import { defineModule, type Entry } from '../registry.js';
import { cart } from './cart.js';
import { ledger } from './ledger.js';
import { orders } from './orders.js';

/**
 * Pay on delivery (ADR 074). The ledger, the orders and the cart are read through getters, at the time of each
 * fact: the orders module's fulfilment chain calls pay on delivery, so neither can be built before the other.
 */
// Typed by hand: it and the orders module name each other, which TypeScript cannot infer around.
export const payOnDelivery: Entry<ServerModule<PayOnDeliveryService>> = defineModule(
  'pay on delivery',
  ({ deps, use }) =>
    createPayOnDeliveryModule(
      deps,
      payOnDeliveryNeeds({
        ledger: () => use(ledger).service,
        orders: () => use(orders).service,
        cart: () => use(cart).service,
        db: deps.db,
        now: deps.now,
      }),
    ),
);
