import type { Db } from '../../platform/db/client.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { OrderActor } from './order-status.js';
import type { OrderRow, RefundRow } from './orders.repository.js';
import * as repository from './orders.repository.js';
import { book, planRefund, type RefundsContext, unbook } from './refunds.booking.js';
import { REFUND_OUTCOME_UNKNOWN, unsettled } from './refunds.rules.js';

// What becomes of a booked refund besides the provider's answer (refunds.provider.ts): the customer and the admins
// told of it, an admin's decision (ADR 049), a card dispute the bank resolved, who bears it.

/** Paystack's resolutions where the card-holder won and the bank reversed the payment. */
const ACCEPTED_RESOLUTIONS = new Set(['merchant-accepted', 'auto-accepted']);

/**
 * Tells the customer a refund reached the provider or failed, and admins who handle refunds of a failure
 * (ADR 057). Keyed by the refund, its outcome and its attempt, so a webhook and the answer it repeats tell once.
 */
export async function tellOutcome(
  ctx: Pick<RefundsContext, 'deps'>,
  executor: Db,
  row: RefundRow,
): Promise<void> {
  if (row.destination !== 'provider' || (row.status !== 'processed' && row.status !== 'failed')) return;
  const order = await repository.findOrder(executor, row.orderId);
  if (!order) return;
  const params = { orderId: order.id, orderNumber: order.orderName, amountKobo: row.amountKobo };
  const key = `${row.id}:${row.status}:${row.attempts}`;
  await ctx.deps.events.emit(
    executor,
    row.status === 'processed'
      ? [
          {
            kind: 'refund.paid',
            key: `refund.paid:${row.id}`,
            audience: [{ user: order.customerId }],
            params,
          },
        ]
      : [
          {
            kind: 'refund.failed',
            key: `refund.failed:${key}`,
            audience: [{ user: order.customerId }, { admins: 'returns:disputes' }],
            params,
          },
        ],
  );
}

type Decision = { outcome: 'rejected' | 'paid_another_way'; reason: string; actor: OrderActor };

/**
 * What an admin's decision did to a refund's money, for the caller's flow to book in the ledger in the decision's
 * transaction (ADR 081): `rejected` (`row` as it stood before, `order` as it stands), or a refund owed at the door
 * paid by the platform's transfer (`paid-by-transfer`), or nothing the books hear of.
 */
export type DecidedMoney =
  | { kind: 'rejected'; row: RefundRow; order: OrderRow }
  | { kind: 'paid-by-transfer'; row: RefundRow }
  | { kind: 'none' };

/** A decided refund: its row as the decision left it, and what the decision did to its money. */
export interface DecidedRefund {
  row: RefundRow;
  money: DecidedMoney;
}

/** Marks a failed refund to the card, or one owed at the door, paid outside the provider (ADR 089). */
async function markPaidAnotherWay(
  executor: Db,
  row: RefundRow,
  decided: Partial<RefundRow>,
  at: Date,
): Promise<DecidedRefund> {
  // Paid at the door (ADR 089): owed from the booking, paid by the platform's transfer the admin records.
  const byTransfer = row.destination === 'bank_transfer';
  const from = byTransfer ? 'pending' : 'failed';
  if (row.status !== from || (!byTransfer && row.destination !== 'provider')) {
    throw conflict(
      byTransfer
        ? `This refund is ${row.status}; it was already decided`
        : `This refund is ${row.status}; only a failed refund to the card can be marked paid another way`,
    );
  }
  const updated = await repository.updateRefund(executor, row.id, [from], {
    ...decided,
    status: 'processed',
    processedAt: at,
  });
  return {
    row: updated!,
    money: byTransfer ? { kind: 'paid-by-transfer', row: updated! } : { kind: 'none' },
  };
}

/**
 * An admin decides a refund the provider did not make, in the caller's transaction, with a reason the customer
 * reads (ADR 049):
 * - `rejected` (pending or failed): its money is no longer owed (the checkout's booked amount goes down, the flow's
 *   books reverse it); its units stay refused;
 * - `paid_another_way` (failed only): the platform paid the customer outside the provider; the refund stands as
 *   booked and is done.
 */
export async function decide(
  ctx: RefundsContext,
  executor: Db,
  refundId: string,
  decision: Decision,
): Promise<DecidedRefund> {
  const row = await repository.lockRefund(executor, refundId);
  if (!row) throw notFound('Refund not found');
  const at = ctx.deps.now();
  if (unsettled(row, at)) throw conflict(REFUND_OUTCOME_UNKNOWN);
  const decided = {
    decision: decision.outcome,
    decisionReason: decision.reason,
    decidedBy: decision.actor.id,
    decidedAt: at,
    nextAttemptAt: null,
    needsAttention: false,
    updatedAt: at,
  } as const;
  if (decision.outcome === 'paid_another_way') return markPaidAnotherWay(executor, row, decided, at);
  if (row.status !== 'failed' && row.status !== 'pending') {
    throw conflict(`This refund is ${row.status}; only a pending or failed refund can be rejected`);
  }
  await unbook(ctx, executor, row);
  // Its status only (cancelled and returned are terminal), so not locked here: the books lock its page.
  const order = await repository.findOrder(executor, row.orderId);
  const updated = await repository.updateRefund(executor, row.id, ['failed', 'pending'], {
    ...decided,
    status: 'rejected',
    failureReason: row.failureReason,
  });
  return { row: updated!, money: order ? { kind: 'rejected', row, order } : { kind: 'none' } };
}

/** Refund rows booked for one order, for the flow to book in the ledger. */
export interface BookedOfOrder {
  order: OrderRow;
  rows: RefundRow[];
}

/** A card dispute as the provider's webhook reports it. */
export interface DisputeEvent {
  stage: 'create' | 'remind' | 'resolve';
  disputeId: string;
  transactionReference: string;
  resolution: string | null;
  category: string | null;
  refundAmountKobo: number | null;
  bearer: 'merchant' | 'platform' | null;
  settlementKey: string;
}

/**
 * A card dispute heard from the provider (ADR 049). Only a resolution moves money: accepted (the bank reversed the
 * payment) books the whole card payment back as `chargeback` refunds of the checkout's orders, already processed,
 * borne as the admin decided (the store by default); declined moves nothing. An accepted dispute that is not the
 * whole remaining card payment, or whose checkout gift cards also paid, is left for an admin to settle. Answers
 * the refund rows booked per order, which the caller's flow books in the ledger in this transaction (ADR 081).
 */
export async function onDispute(
  ctx: RefundsContext,
  executor: Db,
  event: DisputeEvent,
): Promise<{ answer: string; booked: BookedOfOrder[] }> {
  const none = (answer: string) => ({ answer, booked: [] });
  if (event.stage !== 'resolve') return none(`dispute:${event.stage}`);
  if (!ACCEPTED_RESOLUTIONS.has(event.resolution ?? '')) return none('dispute:nothing-moved');
  if ((await repository.refundsSettledBy(executor, event.settlementKey)).length > 0)
    return none('dispute:refund-booked');
  const tracker = await repository.lockTracker(executor, { reference: event.transactionReference });
  if (tracker?.status !== 'paid') return none('dispute:needs-review');
  const cashLeft = tracker.amountDueKobo - tracker.refundedKobo;
  const giftLeft = tracker.giftCardKobo - tracker.giftCardRefundedKobo;
  const reversed = event.refundAmountKobo ?? cashLeft;
  if (cashLeft <= 0 || reversed !== cashLeft || giftLeft > 0) return none('dispute:needs-review');
  const booked: BookedOfOrder[] = [];
  const reason =
    `Card dispute ${event.disputeId}${event.category ? ` (${event.category})` : ''} resolved ${event.resolution}: ` +
    'the bank reversed the payment';
  for (const order of await repository.ordersOfTracker(executor, tracker.id)) {
    // The bank reversed the card payment only: an order paid at the door was not in it (ADR 089).
    if (order.paymentMethod === 'on_delivery') continue;
    const plan = await planRefund(ctx, executor, {
      orderId: order.id,
      returnId: null,
      kind: 'chargeback',
      lines: 'all',
      reason,
      actor: { role: 'system', id: null },
      chargedTo: event.bearer ?? 'merchant',
      settledByProvider: event.settlementKey,
    });
    // No gift card paid (checked above; the plan refuses a gift-card part the provider did not reverse).
    const { rows } = await book(ctx, executor, plan, null);
    booked.push({ order: plan.order, rows });
  }
  return { answer: 'dispute:refund-booked', booked };
}

/**
 * An admin changed who bears a dispute: the refunds its resolution booked move with it. Answers them, for the
 * caller's flow to move in the books (flows/refund-bearer.ts).
 */
export async function setChargedToOfDispute(
  ctx: RefundsContext,
  executor: Db,
  settlementKey: string,
  chargedTo: 'merchant' | 'platform',
) {
  return repository.setChargedToSettledBy(executor, settlementKey, chargedTo, ctx.deps.now());
}

/** An admin changed who bears a return's refund: its rows, answered for the caller's flow to move in the books. */
export async function setChargedTo(
  _ctx: RefundsContext,
  executor: Db,
  returnId: string,
  chargedTo: 'merchant' | 'platform',
  at: Date,
) {
  return repository.setChargedTo(executor, returnId, chargedTo, at);
}
