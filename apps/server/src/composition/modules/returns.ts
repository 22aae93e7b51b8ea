import { createRefundBearer } from '../../flows/refund-bearer.js';
import { createReturnAndRefund } from '../../flows/return-and-refund.js';
import { createReturnsModule } from '../../modules/returns/index.js';
import { defineModule } from '../registry.js';
import { orderMoney, orders, refundMoney } from './orders.js';
import { payments } from './payments.js';

export const returns = defineModule('returns', ({ deps, use }) =>
  createReturnsModule(
    deps,
    { orders: use(orders).service, refunds: use(orders).refunds },
    { cardDisputes: use(payments).service },
  ),
);

/** The return-and-refund flow (flows/return-and-refund.ts): the store's and the platform's refund-or-replace decisions. */
export const returnAndRefund = defineModule('return and refund', ({ use }) =>
  createReturnAndRefund({
    ...use(refundMoney),
    books: use(orderMoney),
    returns: use(returns).service,
    decisions: use(returns).decisions,
    moves: use(returns).moves,
    orders: use(orders).service,
    refunds: use(orders).refunds,
  }),
);

/** The refund-bearer flow (flows/refund-bearer.ts): who bears a return's refund or a card dispute, in the books. */
export const refundBearer = defineModule('refund bearer', ({ deps, use }) =>
  createRefundBearer({
    db: deps.db,
    now: deps.now,
    books: use(orderMoney),
    decisions: use(returns).decisions,
    returns: use(returns).service,
    refunds: use(orders).refunds,
  }),
);
