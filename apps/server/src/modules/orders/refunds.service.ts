import type { CustomerRefund, RefundRecord } from '@market/contracts';
import { bound } from '../../platform/bound.js';
import type { Db } from '../../platform/db/client.js';
import { pageInfo } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import type { RefundRow } from './orders.repository.js';
import * as repository from './orders.repository.js';
import type { OrderRefundStatus } from './orders.schema.js';
import { paidPerLine } from './refund-apportion.js';

// The refund history of orders (ADR 026). A refund is booked first, under the checkout's row lock, against what was
// paid: cash through the provider first, then the gift cards that paid; per item never more than was paid for its
// units, shipping only with the whole order. The provider is asked after the commit; its answer or its refund.*
// webhook moves the row on; a failure stays on the row for an admin to retry or reject. The sequence, with the
// payments and gift-cards modules' steps in it, is the return-and-refund flow's (flows/return-and-refund.ts): this
// module's functions are its steps over the refund rows and the checkout's refund counts.

import { book, planRefund, type RefundsContext } from './refunds.booking.js';
import { decide, onDispute, setChargedTo, setChargedToOfDispute, tellOutcome } from './refunds.outcomes.js';
import {
  claimDue,
  dueForRetry,
  lockToSend,
  markSending,
  onProviderRefundEvent,
  recordOutcome,
  refundsToResume,
  refusedBeforeSending,
  reopenFailed,
  settleFromProvider,
} from './refunds.provider.js';
import { customerRefundOf, refundRecordOf } from './refunds.rules.js';

export type { GivenToCards, RefundPlan, RefundsContext } from './refunds.booking.js';
export type { BookedOfOrder, DecidedMoney, DecidedRefund, DisputeEvent } from './refunds.outcomes.js';
export type { ProviderRefundEvent, ProviderRefundOutcome } from './refunds.provider.js';
export type { BookedRefund, BookRefundInput, RefundAtProvider } from './refunds.rules.js';
export {
  customerRefundOf,
  nextRefundAttempt,
  REFUND_OUTCOME_UNKNOWN,
  REFUND_RESUME_AFTER_MS,
  REFUND_RETRY_DELAYS_MINUTES,
  REFUND_UNSENT_AFTER_MS,
  refundRecordOf,
  unsettled,
} from './refunds.rules.js';

/** What was paid for each item of the order (line amount), for the return's view. */
async function paidPerItem(
  executor: Db,
  orderId: string,
): Promise<Map<string, { paidKobo: number; quantity: number }>> {
  const order = await repository.findOrder(executor, orderId);
  if (!order) return new Map();
  const items = await repository.itemsOfOrders(executor, [orderId]);
  items.sort((a, b) => a.id.localeCompare(b.id));
  const paid = paidPerLine(items, order.discountKobo);
  return new Map(items.map((item, index) => [item.id, { paidKobo: paid[index]!, quantity: item.quantity }]));
}

/** The admins' list of refunds, by status or those that need attention. */
async function list(
  ctx: RefundsContext,
  query: { page: number; limit: number; status?: OrderRefundStatus; needsAttention?: boolean },
) {
  const { rows, total } = await repository.refundPage(
    ctx.deps.db,
    { status: query.status, needsAttention: query.needsAttention },
    query,
  );
  return {
    refunds: rows.map((row) => refundRecordOf(row, row.orderName)),
    pagination: pageInfo(query.page, query.limit, total),
  };
}

async function record(executor: Db, row: RefundRow): Promise<RefundRecord> {
  const names = await repository.orderNames(executor, [row.orderId]);
  return refundRecordOf(row, names.get(row.orderId) ?? '');
}

/**
 * Refunds of orders. Named functions of a `RefundsContext` (ADR 091) in files by concern: booking
 * (`refunds.booking.ts`), the provider's side of a row (`refunds.provider.ts`), decisions, disputes and telling
 * (`refunds.outcomes.ts`), the rules that need no database (`refunds.rules.ts`); bound here. Each is a step of the
 * return-and-refund flow, which calls the payments and gift-cards modules between them.
 */
export function createRefundsService(deps: Deps) {
  const ctx: RefundsContext = {
    deps,
    tellOutcome: (executor, row) => tellOutcome(ctx, executor, row),
  };
  return {
    plan: bound(ctx, planRefund),
    book: bound(ctx, book),
    tellOutcome: bound(ctx, tellOutcome),
    lockToSend: bound(ctx, lockToSend),
    refusedBeforeSending: bound(ctx, refusedBeforeSending),
    markSending: bound(ctx, markSending),
    recordOutcome: bound(ctx, recordOutcome),
    settleFromProvider: bound(ctx, settleFromProvider),
    toResume: bound(ctx, refundsToResume),
    reopenFailed: bound(ctx, reopenFailed),
    dueForRetry: bound(ctx, dueForRetry),
    claimDue: bound(ctx, claimDue),
    decide: bound(ctx, decide),
    /** Every refund of one order, as its customer reads them. */
    async ofOrderForCustomer(executor: Db, orderId: string): Promise<CustomerRefund[]> {
      return (await repository.refundsOfOrder(executor, orderId)).map(customerRefundOf);
    },
    onProviderEvent: bound(ctx, onProviderRefundEvent),
    onDispute: bound(ctx, onDispute),
    setChargedToOfDispute: bound(ctx, setChargedToOfDispute),
    setChargedTo: bound(ctx, setChargedTo),
    refundsOfReturns: (executor: Db, returnIds: string[]) => repository.refundsOfReturns(executor, returnIds),
    paidPerItem,
    list: bound(ctx, list),
    record,
    find: (executor: Db, refundId: string) => repository.findRefund(executor, refundId),
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
