import { createPayOnDelivery } from '../../flows/pay-on-delivery.js';
import type { PayOnDeliverySteps } from '../../modules/orders/index.js';
import { createPayOnDeliveryModule, type PayOnDeliveryService } from '../../modules/pay-on-delivery/index.js';
import type { ServerModule } from '../../platform/http/module.js';
import { defineModule, type Entry } from '../registry.js';
import { cart } from './cart.js';
import { ledger } from './ledger.js';
import { orders } from './orders.js';

/** Pay on delivery (ADR 074): its rules, the cash at the door and remittances, over its own tables. */
export const payOnDelivery: Entry<ServerModule<PayOnDeliveryService>> = defineModule(
  'pay on delivery',
  ({ deps }) => createPayOnDeliveryModule(deps),
);

/**
 * The pay-on-delivery flow (flows/pay-on-delivery.ts): the books of cash at the door and of a remittance, and the
 * checkout page's options over the priced cart.
 */
// Typed by hand: it and the orders entries (whose order-fulfilment flow calls it) name each other, which TypeScript
// cannot infer around.
export const payOnDeliveryFlow: Entry<ServerModule<PayOnDeliverySteps>> = defineModule(
  'pay on delivery flow',
  ({ deps, use }) =>
    createPayOnDelivery({
      db: deps.db,
      now: deps.now,
      pod: use(payOnDelivery).service,
      ledger: use(ledger).service,
      orders: use(orders).service,
      cart: use(cart).service,
    }),
);
