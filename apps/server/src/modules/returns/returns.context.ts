import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import type { OrdersService, RefundsService } from '../orders/index.js';
import type { PaymentDisputeRow, PaymentsService } from '../payments/index.js';
import type { PickupsService } from './pickups.service.js';
import type { ReturnCaller, ReturnDecisions } from './returns.decisions.js';
import type { ReturnRow } from './returns.repository.js';
import {
  customerReturnView,
  customerReturnViews,
  cardDisputeView as disputeView,
  type ReturnViewContext,
  returnView,
  returnViews,
} from './returns.views.js';

// What the returns service's functions share (ADR 091): the platform, the orders and refunds it moves, the
// pickups, the decisions' lock, and the views of a return for each kind of caller.

/**
 * What returns is handed: the payments module's card disputes, bound to its provider (ADR 049). The customer and the
 * store's pickup place it reads through the auth and stores modules' index.
 */
export interface ReturnsNeeds {
  /** Card-holder disputes of our payments, as the payments module keeps them (ADR 049). */
  cardDisputes: Pick<PaymentsService, 'disputePage' | 'setDisputeBearer'>;
}

export interface ReturnsContext {
  deps: Deps;
  db: Db;
  orders: OrdersService;
  refunds: RefundsService;
  needs: ReturnsNeeds;
  pickups: PickupsService;
  decisions: ReturnDecisions;
  viewContext: ReturnViewContext;
}

export const views = (ctx: ReturnsContext, executor: Db, rows: ReturnRow[], caller: ReturnCaller) =>
  returnViews(ctx.viewContext, executor, rows, caller);
/** The return as the caller reads it, in the transaction of a move (the return-and-refund flow's last step). */
export const view = (ctx: ReturnsContext, executor: Db, row: ReturnRow, caller: ReturnCaller) =>
  returnView(ctx.viewContext, executor, row, caller);
export const customerViews = (ctx: ReturnsContext, executor: Db, rows: ReturnRow[], caller: ReturnCaller) =>
  customerReturnViews(ctx.viewContext, executor, rows, caller);
export const customerView = (ctx: ReturnsContext, executor: Db, row: ReturnRow, caller: ReturnCaller) =>
  customerReturnView(ctx.viewContext, executor, row, caller);
export const cardDisputeView = (ctx: ReturnsContext, executor: Db, row: PaymentDisputeRow) =>
  disputeView(ctx.viewContext, executor, row);
