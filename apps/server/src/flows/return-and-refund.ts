import {
  adminReturnEndpoints,
  merchantReturnEndpoints,
  type RefundRejectBody,
  type UpdateReturnStatusBody,
} from '@market/contracts';
import { reserveStock, returnStock } from '../modules/catalog/index.js';
import { refundToCards } from '../modules/gift-cards/index.js';
import type {
  BookedRefund,
  BookRefundInput,
  DisputeEvent,
  OrderRow,
  OrdersService,
  ProviderRefundEvent,
  ProviderRefundOutcome,
  RefundRow,
  RefundsService,
} from '../modules/orders/index.js';
import type { PaymentsService } from '../modules/payments/index.js';
import {
  type ReturnCaller,
  type ReturnDecisions,
  type ReturnMoves,
  type ReturnRow,
  type ReturnsService,
  returnActorOf,
  returnCallerOf,
} from '../modules/returns/index.js';
import { bound } from '../platform/bound.js';
import type { Db } from '../platform/db/client.js';
import type { Deps } from '../platform/deps.js';
import { notFound } from '../platform/errors.js';
import { type RouteDefinition, route } from '../platform/http/routes.js';
import { outcomeUnknown } from '../platform/payments/paystack-http.js';
import { type LatePaymentRefunds, settleLateRefundFromWebhook } from './late-payment-refunds.js';
import type { OrderMoneyBooks } from './order-money.js';

// Flow: return and refund (ADR 047, 081). A return is asked, approved or rejected, its goods picked up and received
// in the returns module; the decision that moves money or stock crosses modules and is this flow's sequence. Each
// step is a module's public function; the transaction is the flow's.
//
// Decide (the store: PATCH /returns/update-refund-decision/{id}; the platform upholding a customer's dispute of a
// rejected return: POST /returns/return-order/{id}, /returns/replace-order/{id}), one transaction:
//   1. lock      returns.withLockedReturn: the order, then the return (row locks), the caller may see it.
//   2. record    store:    returns.recordStoreDecision (approved or received, else refused; audited).
//                platform: returns.recordUpheld (a dispute open, else refused; upheld, audited, the store told).
//   3. collect   platform only: returns.collectUpheld: the goods come back by carrier, as a store-approved
//                return's (a pickup waiting for a carrier; issue 34 item 12). The store rejected the return, so no
//                pickup was ever opened and the goods are with the customer.
//   4. refund    bookRefund (money step 1 below): the rows pending, the gift-card part back on its cards, the
//                books (the order-money flow); returns.markRefunded.
//      replace   returns.replacementLines, catalog's reserveStock (refused when short), orders.createReplacement
//                (a ₦0 paid order through the fulfilment chain), books.paid; returns.markReplaced.
//   5. order     returns.returnOrderIfWhole: every unit back at the store → the order is Returned; books.moved (the
//                order-money flow makes what is due to the store payable and stops counting the order).
//   6. tell      returns.tellRefunded / tellReplaced: the order's timeline and the customer's mail (outbox).
// After the commit:
//   7. send      sendRefund, each provider part (money steps 2–4 below). A provider failure stays on the refund
//                row for an admin; the decision stands.
//
// Move a return (the store: PATCH /returns/update-return-status/{id}, approve, reject, received, close; the platform
// dismissing a dispute), one transaction:
//   1. lock      returns.withLockedReturn, as above.
//   2. record    moves.recordMove: the move allowed and explained (a rejection's or a dismissal's reason), the pickup
//                opened at approval or, at "received", refused while a carrier holds the goods; the return's row;
//                the order released when the return ends; timeline and mail.
//   3. restock   at "received" only: catalog's returnStock of the return's units. The move is allowed once
//                (approved → item received, under the order's and the return's row locks), so a repeated or
//                concurrent call restocks nothing more (ADR 031).
//   4. answer    returns.view, in the transaction.
//
// Decide a refund the provider did not make (the platform: POST /returns/admin/refunds/{id}/reject, rejected or paid
// another way, with a reason the customer reads; ADR 049), one transaction:
//   1. lock      refunds.find, then orders.lockOrder (the order's row lock, as every order write takes first).
//   2. decide    refunds.decide (orders): refused unless pending or failed and not unknown; then the books:
//                books.refundRejected (a rejection) or books.doorRefundPaid (a door refund paid by transfer).
//   3. record    moves.recordRefundDecision: audited; a rejected refund's return is closed.
//   4. tell      moves.tellRefundDecided: timeline and mail (outbox).
// After the commit: 5. answer refunds.record.
//
// Send a failed refund again (the platform: POST /returns/admin/refunds/{id}/retry): retryRefund (money step 6),
// then refunds.record.
//
// One refund's money, step by step (ADR 061). Each step says what resumes it when the process stops after it:
//   1. book      bookRefund, in the decision's transaction: refunds.plan (the checkout locked, units refused twice,
//                the split over the card payment and the gift cards), gift-cards' refundToCards (the gift-card part
//                back on its cards), refunds.book (the rows, the provider part pending), books.refundBooked.
//                Interrupted after it: the row stays pending; resumeRefunds sends it (REFUND_UNSENT_AFTER_MS).
//   2. reserve   sendRefund, one transaction: refunds.lockToSend, payments.reserveRefund on the payment (refused:
//                refunds.refusedBeforeSending, failed as the provider would), refunds.markSending (pending →
//                processing, and when to look again). Interrupted after it: resumeRefunds asks (step 5).
//   3. send      payments.sendRefund, outside any transaction: made, refused, or unknown (a timeout, a cut
//                connection, a 5xx: the provider may have made it).
//   4. record    one transaction: refunds.recordOutcome (from processing only: a webhook that came first has the
//                last word); refused → payments.releaseRefund; unknown keeps the reservation.
//   5. settle    settleUnknown: payments.refundsAtProvider (Paystack GET /refund?transaction=), then, in one
//                transaction, refunds.settleFromProvider (ours if it holds one of that amount not yet claimed, else
//                never received: failed, due again at once) and payments.releaseRefund when it was not made. Never
//                sent again before this. A refund.* webhook moves a row the same way (listenToProviderRefunds).
//   6. retry     retryDue (the job) or retryRefund (an admin): refunds.claimDue / refunds.reopenFailed (failed →
//                pending), then step 2. Retry, reject and "paid another way" are refused while the outcome is unknown.
//
// What each refund does to the order's money (the store's and the commission's parts, a chargeback) is the
// order-money flow's step, in the booking transaction.

/**
 * What a refund's money steps use: the refund rows (orders module), the payment and its provider (payments), and the
 * books (the order-money flow's steps over the ledger).
 */
export interface RefundMoney {
  db: Db;
  logger: Deps['logger'];
  books: Pick<OrderMoneyBooks, 'refundBooked' | 'refundRejected' | 'doorRefundPaid' | 'chargedToChanged'>;
  refunds: Pick<
    RefundsService,
    | 'plan'
    | 'book'
    | 'tellOutcome'
    | 'lockToSend'
    | 'refusedBeforeSending'
    | 'markSending'
    | 'recordOutcome'
    | 'settleFromProvider'
    | 'toResume'
    | 'reopenFailed'
    | 'dueForRetry'
    | 'claimDue'
    | 'onProviderEvent'
    | 'onDispute'
    | 'find'
  >;
  payments: Pick<PaymentsService, 'reserveRefund' | 'sendRefund' | 'releaseRefund' | 'refundsAtProvider'>;
}

/** Step 1, in the caller's transaction: the refund planned, the gift-card part back on its cards, the rows booked. */
export async function bookRefund(money: RefundMoney, tx: Db, input: BookRefundInput): Promise<BookedRefund> {
  const plan = await money.refunds.plan(tx, input);
  const given = plan.giftCardKobo > 0 ? await refundToCards(tx, plan.tracker.id, plan.giftCardKobo) : null;
  const booked = await money.refunds.book(tx, plan, given);
  await money.books.refundBooked(tx, plan.order, booked.rows);
  return booked;
}

/**
 * A card dispute heard from the provider, in its transaction (ADR 049): a resolution the bank accepted is booked as
 * chargeback refunds of the payment's orders (refunds.onDispute), each order's rows then in the books.
 */
export async function bookCardDispute(money: RefundMoney, tx: Db, event: DisputeEvent): Promise<string> {
  const { answer, booked } = await money.refunds.onDispute(tx, event);
  for (const { order, rows } of booked) await money.books.refundBooked(tx, order, rows);
  return answer;
}

/** Step 3: the provider's answer to one call, classified; an answer it may have made without our hearing is unknown. */
async function callProvider(money: RefundMoney, row: RefundRow): Promise<ProviderRefundOutcome> {
  try {
    const result = await money.payments.sendRefund(row.paymentReference, row.amountKobo);
    if (result.status === 'failed')
      return { kind: 'refused', reason: 'The payment provider could not make the refund' };
    return { kind: 'made', status: result.status, providerReference: result.providerReference ?? null };
  } catch (error) {
    const unknown = outcomeUnknown(error);
    money.logger.error(
      { err: error, reference: row.reference, amountKobo: row.amountKobo },
      unknown ? 'refund outcome unknown' : 'refund refused',
    );
    return unknown ? { kind: 'unknown' } : { kind: 'refused', reason: messageOf(error) };
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Steps 2–4 of one booked refund, after the booking committed: reserve, send, record. */
export async function sendRefund(money: RefundMoney, refundId: string): Promise<RefundRow> {
  const { db, refunds, payments } = money;
  const intent = await db.transaction(async (tx) => {
    const { row, sendable } = await refunds.lockToSend(tx, refundId);
    if (!sendable) return { row, send: false };
    try {
      await payments.reserveRefund(tx, row.paymentReference, row.amountKobo);
    } catch (error) {
      // Nothing left of the payment to send back (or it is not paid): refused here, as the provider would.
      return {
        row: await refunds.refusedBeforeSending(tx, row, messageOf(error)),
        send: false,
        refused: true,
      };
    }
    return { row: await refunds.markSending(tx, row), send: true };
  });
  if (!intent.send) {
    if ('refused' in intent) await refunds.tellOutcome(db, intent.row);
    return intent.row;
  }
  const row = intent.row;
  const outcome = await callProvider(money, row);
  const recorded = await db.transaction(async (tx) => {
    const moved = await refunds.recordOutcome(tx, row, outcome);
    if (moved && outcome.kind === 'refused')
      await payments.releaseRefund(tx, row.paymentReference, row.amountKobo);
    return moved;
  });
  return recorded ?? (await refunds.find(db, row.id))!;
}

/** Step 5: a refund whose outcome nobody recorded, settled from what the provider holds against the payment. */
async function settleUnknown(money: RefundMoney, row: RefundRow): Promise<void> {
  const atProvider = await money.payments.refundsAtProvider(row.paymentReference);
  await money.db.transaction(async (tx) => {
    const settled = await money.refunds.settleFromProvider(tx, row.id, atProvider);
    if (settled.release) await money.payments.releaseRefund(tx, row.paymentReference, row.amountKobo);
  });
}

/** Step 6, an admin's: a failed refund sent again at once, whatever its automatic retry was waiting for. */
export async function retryRefund(money: RefundMoney, refundId: string): Promise<RefundRow> {
  await money.refunds.reopenFailed(refundId);
  return sendRefund(money, refundId);
}

/** Step 6, the job's (ADR 049): failed refunds whose retry is due, each claimed once, then sent. */
async function retryDue(money: RefundMoney, limit = 20): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (const refundId of await money.refunds.dueForRetry(limit)) {
    if (!(await money.refunds.claimDue(refundId))) continue;
    const done = await sendRefund(money, refundId);
    if (done.status === 'failed') failed += 1;
    else sent += 1;
  }
  return { sent, failed };
}

/**
 * The refunds job (`refunds.retry-failed`): first every refund whose outcome nobody recorded is settled by asking
 * the provider (step 5), and every refund booked and never sent is sent (step 2); then failed refunds that are due
 * are sent again (step 6). Asking comes first, so nothing is sent again while its first send may have been made.
 */
export async function resumeRefunds(money: RefundMoney): Promise<{ sent: number; failed: number }> {
  for (const row of await money.refunds.toResume()) {
    if (row.status === 'pending') {
      await sendRefund(money, row.id);
      continue;
    }
    try {
      await settleUnknown(money, row);
    } catch (error) {
      // Still not answering: the row stays unknown and is asked again on the next run.
      money.logger.warn({ err: String(error), reference: row.reference }, 'refund outcome still unknown');
    }
  }
  return retryDue(money);
}

/**
 * A provider's refund.* webhook, in one transaction: the refund row it names moved (refunds.onProviderEvent), and
 * the payment's reservation following the provider: freed when it failed, taken whatever is left when it made one
 * we had not reserved (ADR 061).
 */
async function heardFromProvider(money: RefundMoney, event: ProviderRefundEvent): Promise<string> {
  return money.db.transaction(async (tx) => {
    const { answer, row, reservation } = await money.refunds.onProviderEvent(tx, event);
    if (row && reservation === 'release')
      await money.payments.releaseRefund(tx, row.paymentReference, row.amountKobo);
    if (row && reservation === 'reserve')
      await money.payments.reserveRefund(tx, row.paymentReference, row.amountKobo, true);
    return answer;
  });
}

export interface ReturnAndRefundParts extends RefundMoney {
  /** The order-money flow's books: a refund's, a replacement paid, an order Returned. */
  books: RefundMoney['books'] & Pick<OrderMoneyBooks, 'paid' | 'moved'>;
  returns: Pick<ReturnsService, 'viewOf' | 'view'>;
  decisions: ReturnDecisions;
  moves: ReturnMoves;
  orders: Pick<OrdersService, 'createReplacement' | 'lockOrder'>;
  refunds: RefundMoney['refunds'] & Pick<RefundsService, 'decide' | 'record'>;
}

/** A decision made: the return, and the provider parts of its refund to send after the commit. */
type Decided = { returnId: string; toSend: string[] };

/** Steps 4–6: the refund or the replacement, the order Returned when whole, the customer told. */
async function settle(
  parts: ReturnAndRefundParts,
  tx: Db,
  caller: ReturnCaller,
  row: ReturnRow,
  order: OrderRow,
  decision: 'refund' | 'replace',
  note?: string,
): Promise<Decided> {
  const { decisions, orders, books } = parts;
  if (decision === 'refund') {
    const booked = await bookRefund(parts, tx, decisions.refundOf(row, order, caller));
    const updated = await decisions.markRefunded(tx, row, order, booked.amountKobo, note);
    const returned = await decisions.returnOrderIfWhole(tx, row, order, caller, 'refund');
    if (returned) await books.moved(tx, returned);
    await decisions.tellRefunded(tx, updated, order, caller, booked.amountKobo);
    return { returnId: row.id, toSend: booked.toSend };
  }
  const lines = await decisions.replacementLines(tx, row, order);
  await reserveStock(
    tx,
    lines.map(({ item, quantity }) => ({ productId: item.productId, variantId: item.variantId, quantity })),
  );
  const replacement = await orders.createReplacement(tx, order, lines, row.id);
  await books.paid(tx, [replacement]);
  const updated = await decisions.markReplaced(tx, row, order, replacement, note);
  const returned = await decisions.returnOrderIfWhole(tx, row, order, caller, 'replace');
  if (returned) await books.moved(tx, returned);
  await decisions.tellReplaced(tx, updated, order, caller, replacement);
  return { returnId: row.id, toSend: [] };
}

/** Step 7, after the commit: each provider part sent; then the return as the caller reads it. */
async function afterCommit(parts: ReturnAndRefundParts, decided: Decided, caller: ReturnCaller) {
  for (const refundId of decided.toSend) await sendRefund(parts, refundId);
  return parts.returns.viewOf(caller, decided.returnId);
}

/** The store refunds what was paid for the returned items, or replaces them. */
async function storeDecides(
  parts: ReturnAndRefundParts,
  caller: ReturnCaller,
  returnId: string,
  body: { decision: 'refund' | 'replace'; note?: string },
) {
  const { decisions } = parts;
  const decided = await decisions.withLockedReturn(returnId, caller, async (tx, row, order) => {
    await decisions.recordStoreDecision(tx, row, order, body.decision, body.note);
    return settle(parts, tx, caller, row, order, body.decision, body.note);
  });
  return afterCommit(parts, decided, caller);
}

/** The platform upholds the customer's dispute of a rejected return: the goods come back, refunded or replaced. */
async function platformUpholds(
  parts: ReturnAndRefundParts,
  caller: ReturnCaller,
  returnId: string,
  decision: 'refund' | 'replace',
  note?: string,
) {
  const { decisions } = parts;
  const decided = await decisions.withLockedReturn(returnId, caller, async (tx, row, order) => {
    const upheld = await decisions.recordUpheld(tx, row, order, decision, note);
    await decisions.collectUpheld(tx, upheld, order, caller);
    return settle(parts, tx, caller, upheld, order, decision);
  });
  return afterCommit(parts, decided, caller);
}

/** The store's move of a return, or the platform's dismissal of a dispute; stock back when the goods arrive. */
async function move(
  parts: ReturnAndRefundParts,
  caller: ReturnCaller,
  returnId: string,
  body: UpdateReturnStatusBody,
) {
  const { returns, decisions, moves } = parts;
  return decisions.withLockedReturn(returnId, caller, async (tx, row, order) => {
    const updated = await moves.recordMove(tx, row, order, caller, body);
    if (body.status === 'item_received') await returnStock(tx, moves.unitsOf(row));
    return returns.view(tx, updated, caller);
  });
}

/** The platform decides a refund the provider did not make: rejected, or paid another way. */
async function decideRefund(
  parts: ReturnAndRefundParts,
  caller: ReturnCaller,
  refundId: string,
  body: RefundRejectBody,
) {
  const { moves, refunds } = parts;
  const outcome = body.outcome ?? 'rejected';
  const reason = body.note.trim();
  const decided = await parts.db.transaction(async (tx) => {
    const found = await refunds.find(tx, refundId);
    if (!found) throw notFound('Refund not found');
    const order = await parts.orders.lockOrder(tx, found.orderId);
    if (!order) throw notFound('Refund not found');
    const { row, money } = await refunds.decide(tx, refundId, {
      outcome,
      reason,
      actor: returnActorOf(caller),
    });
    if (money.kind === 'rejected') await parts.books.refundRejected(tx, money.row, money.order);
    if (money.kind === 'paid-by-transfer') await parts.books.doorRefundPaid(tx, money.row);
    await moves.recordRefundDecision(tx, found, row, order, outcome, reason);
    await moves.tellRefundDecided(tx, order, caller, row, outcome, reason);
    return row;
  });
  return refunds.record(parts.db, decided);
}

/** Wires the flow: its routes, and its steps bound to the parts. */
export function createReturnAndRefund(parts: ReturnAndRefundParts) {
  const routes: RouteDefinition[] = [
    route(merchantReturnEndpoints.updateStatus, async ({ auth, params, body }) => {
      const updated = await move(parts, returnCallerOf(auth), params.id, body);
      return { message: `Return is now ${updated.status.known_name.toLowerCase()}`, data: updated };
    }),
    route(adminReturnEndpoints.rejectRefund, async ({ auth, params, body }) => {
      const refund = await decideRefund(parts, returnCallerOf(auth), params.id, body);
      return {
        message:
          refund.decision?.outcome === 'paid_another_way'
            ? 'Refund marked paid another way; the customer was told'
            : 'Refund request rejected; the customer was told',
        data: refund,
      };
    }),
    route(adminReturnEndpoints.retryRefund, async ({ params }) => {
      const refund = await parts.refunds.record(parts.db, await retryRefund(parts, params.id));
      return {
        message: refund.status === 'failed' ? 'The refund failed again' : 'The refund was sent again',
        data: refund,
      };
    }),
    route(merchantReturnEndpoints.refundDecision, async ({ auth, params, body }) => {
      const updated = await storeDecides(parts, returnCallerOf(auth), params.id, body);
      return { message: `Return is now ${updated.status.known_name.toLowerCase()}`, data: updated };
    }),
    route(adminReturnEndpoints.returnOrder, async ({ auth, params, body }) => ({
      message: 'Order return was successful',
      data: await platformUpholds(parts, returnCallerOf(auth), params.id, 'refund', body.note),
    })),
    route(adminReturnEndpoints.replaceOrder, async ({ auth, params, body }) => ({
      message: 'Order replacement was successful',
      data: await platformUpholds(parts, returnCallerOf(auth), params.id, 'replace', body.note),
    })),
  ];
  return {
    service: {
      storeDecides: bound(parts, storeDecides),
      platformUpholds: bound(parts, platformUpholds),
      move: bound(parts, move),
      decideRefund: bound(parts, decideRefund),
    },
    routes,
  };
}

/**
 * The provider's refund.* webhooks move the refund rows (processed, failed, needs attention); one that no refund row
 * claims may be a late payment's refund, which the checkout sweep sent (ADR 080).
 */
export function listenToProviderRefunds(
  money: RefundMoney,
  payments: Pick<PaymentsService, 'onRefundEvent'>,
  latePayments: LatePaymentRefunds,
) {
  payments.onRefundEvent(async (event) => {
    const outcome = await heardFromProvider(money, event);
    if (outcome !== 'refund:unknown') return outcome;
    return (await settleLateRefundFromWebhook(latePayments, event)) ?? outcome;
  });
}
