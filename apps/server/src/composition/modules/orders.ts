import { createOrderFulfilment } from '../../flows/order-fulfilment.js';
import { type OrderMoneyBooks, orderMoneyFlow } from '../../flows/order-money.js';
import type { RefundMoney } from '../../flows/return-and-refund.js';
import { createServiceLevels } from '../../flows/service-levels.js';
import { createOrdersModule } from '../../modules/orders/index.js';
import { defineEntry, defineModule, type Entry } from '../registry.js';
import { ledger } from './ledger.js';
import { payOnDelivery, payOnDeliveryFlow } from './pay-on-delivery.js';
import { payments } from './payments.js';

export const orders = defineModule('orders', ({ deps }) => createOrdersModule(deps));

/** The service-level dashboard (flows/service-levels.ts): late orders beside the returns waiting for a decision. */
export const serviceLevels = defineModule('service levels', ({ deps }) => createServiceLevels(deps));

/**
 * The books of an order's money (flows/order-money.ts): the ledger's steps each flow calls after a move, in its
 * transaction. An order paid at the door becomes payable only once its cash is remitted (ADR 074).
 */
// Typed by hand: the pay-on-delivery entries and these name each other, which TypeScript cannot infer around.
export const orderMoney: Entry<OrderMoneyBooks> = defineEntry('order money', ({ use }) =>
  orderMoneyFlow(use(ledger).service, use(payOnDelivery).service.cashRemitted),
);

/** What a refund's money steps use (flows/return-and-refund.ts): the refund rows, the payment and its provider. */
export const refundMoney = defineEntry(
  'refund money',
  ({ deps, use }): RefundMoney => ({
    db: deps.db,
    logger: deps.logger,
    books: use(orderMoney),
    refunds: use(orders).refunds,
    payments: use(payments).service,
  }),
);

/** The order-fulfilment flow (flows/order-fulfilment.ts): an order's moves, one at a time or the store's batch. */
export const orderFulfilment = defineModule('order fulfilment', ({ deps, use }) =>
  createOrderFulfilment({
    deps,
    books: use(orderMoney),
    fulfilment: use(orders).fulfilment,
    money: use(refundMoney),
    payOnDelivery: use(payOnDeliveryFlow).service,
  }),
);
