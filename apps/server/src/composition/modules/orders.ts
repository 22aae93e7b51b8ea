import { createOrderFulfilment, fulfilmentSteps } from '../../flows/order-fulfilment.js';
import { payOnDeliverySteps } from '../../flows/pay-on-delivery.js';
import { createOrdersModule } from '../../modules/orders/index.js';
import { defineEntry, defineModule } from '../registry.js';
import { payOnDelivery } from './pay-on-delivery.js';
import { payments } from './payments.js';

/** What the fulfilment chain reads of other modules; the returns' pickup uses its carriers and store address too. */
export const fulfilmentChain = defineEntry('fulfilment chain', ({ use }) => ({
  ...fulfilmentSteps(use(payments).service),
  payOnDelivery: payOnDeliverySteps(use(payOnDelivery).service),
}));

export const orders = defineModule('orders', ({ deps, use }) =>
  createOrdersModule(deps, use(fulfilmentChain)),
);

/** The order-fulfilment flow (flows/order-fulfilment.ts): an order's moves, one at a time or the store's batch. */
export const orderFulfilment = defineModule('order fulfilment', ({ deps, use }) =>
  createOrderFulfilment({
    deps,
    fulfilment: use(orders).fulfilment,
    refunds: use(orders).refunds,
    payOnDelivery: payOnDeliverySteps(use(payOnDelivery).service),
  }),
);
