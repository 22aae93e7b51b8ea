import { bound } from '../../platform/bound.js';
import type { Deps } from '../../platform/deps.js';
import type { OrdersService, RefundsService } from '../orders/index.js';
import type { PickupsService } from './pickups.service.js';
import {
  cardDisputes,
  recordChargeback,
  recordDisputeBearer,
  refundRequests,
} from './returns.chargebacks.js';
import { cardDisputeView, type ReturnsContext, type ReturnsNeeds, view } from './returns.context.js';
import type { ReturnCaller, ReturnDecisions } from './returns.decisions.js';
import {
  list,
  listForCustomer,
  mayViewPhoto,
  one,
  oneForCustomer,
  orderRefundsForCustomer,
  viewOf,
} from './returns.reads.js';
import { create, dispute } from './returns.requests.js';

// Returns and replacements (issue 8, ADR 026). The customer asks within the return window after delivery; the
// store approves or rejects, marks the goods received and decides refund or replacement; a rejected return may be
// disputed, and admins decide disputes and who bears the refund (chargeback). Every decision runs under the order's
// row lock, then the return's, so two decisions on one return cannot both pass.

export type { ReturnsNeeds } from './returns.context.js';

/**
 * Returns as named functions of one context (ADR 091, 104): a customer's request and dispute in
 * `returns.requests.ts`, reads in `.reads.ts`, chargebacks, card disputes and refund requests in
 * `.chargebacks.ts`; bound here. The decisions and moves are the return-and-refund flow's (`returns.moves.ts`).
 */
export function createReturnsService(
  deps: Deps,
  orders: OrdersService,
  refunds: RefundsService,
  needs: ReturnsNeeds,
  pickups: PickupsService,
  decisions: ReturnDecisions,
) {
  const ctx: ReturnsContext = {
    deps,
    db: deps.db,
    orders,
    refunds,
    needs,
    pickups,
    decisions,
    viewContext: { orders, refunds, pickups },
  };
  return {
    /** `POST /ordertracking/create-return`. */
    create: bound(ctx, create),
    list: bound(ctx, list),
    /** The customer's returns: the customer's own shape (no chargeback, refunds in their words). */
    listForCustomer: bound(ctx, listForCustomer),
    oneForCustomer: bound(ctx, oneForCustomer),
    orderRefundsForCustomer: bound(ctx, orderRefundsForCustomer),
    mayViewPhoto: bound(ctx, mayViewPhoto),
    /** The return as the caller reads it, in the transaction of a move (the return-and-refund flow's last step). */
    view: bound(ctx, view),
    viewOf: bound(ctx, viewOf),
    one: bound(ctx, one),
    dispute: bound(ctx, dispute),
    /** The refund-bearer flow's steps (flows/refund-bearer.ts): who bears a return's refund or a card dispute. */
    recordChargeback: bound(ctx, recordChargeback),
    cardDisputes: bound(ctx, cardDisputes),
    recordDisputeBearer: bound(ctx, recordDisputeBearer),
    cardDisputeView: bound(ctx, cardDisputeView),
    refunds: bound(ctx, refundRequests),
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
export type { ReturnCaller };
