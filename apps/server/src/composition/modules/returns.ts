import { createReturnAndRefund } from '../../flows/return-and-refund.js';
import { findAccountById } from '../../modules/auth/index.js';
import { createReturnsModule } from '../../modules/returns/index.js';
import { defineModule } from '../registry.js';
import { fulfilmentChain, orders } from './orders.js';
import { payments } from './payments.js';

export const returns = defineModule('returns', ({ deps, use }) =>
  createReturnsModule(
    deps,
    { orders: use(orders).service, refunds: use(orders).refunds },
    {
      findCustomer: findAccountById,
      cardDisputes: use(payments).service,
      // The pickup of a return's goods uses the delivery chain's carriers and the store's address (ADR 060).
      carriers: use(fulfilmentChain).carriers,
      storePickup: use(fulfilmentChain).storePickup,
    },
  ),
);

/** The return-and-refund flow (flows/return-and-refund.ts): the store's and the platform's refund-or-replace decisions. */
export const returnAndRefund = defineModule('return and refund', ({ deps, use }) =>
  createReturnAndRefund({
    db: deps.db,
    returns: use(returns).service,
    decisions: use(returns).decisions,
    moves: use(returns).moves,
    orders: use(orders).service,
    refunds: use(orders).refunds,
  }),
);
