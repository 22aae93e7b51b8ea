import { fulfilmentSteps } from '../../flows/order-fulfilment.js';
import { createOrdersModule } from '../../modules/orders/index.js';
import { defineEntry, defineModule } from '../registry.js';
import { payments } from './payments.js';

/** What the fulfilment chain reads of other modules; the returns' pickup uses its carriers and store address too. */
export const fulfilmentChain = defineEntry('fulfilment chain', ({ use }) =>
  fulfilmentSteps(use(payments).service),
);

export const orders = defineModule('orders', ({ deps, use }) =>
  createOrdersModule(deps, use(fulfilmentChain)),
);
