import {
  adminReturnEndpoints,
  merchantReturnEndpoints,
  type RefundRejectBody,
  type UpdateReturnStatusBody,
} from '@market/contracts';
import { reserveStock, returnStock } from '../modules/catalog/index.js';
import type { CheckoutService } from '../modules/checkout/index.js';
import { refundToCards } from '../modules/gift-cards/index.js';
import type { OrderRow, OrdersService, RefundNeeds, RefundsService } from '../modules/orders/index.js';
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
//   4. refund    refunds.book (orders): the rows pending, the gift-card part back on its cards, the books (the
//                order-money flow); returns.markRefunded.
//      replace   returns.replacementLines, catalog's reserveStock (refused when short), orders.createReplacement
//                (a ₦0 paid order through the fulfilment chain); returns.markReplaced.
//   5. order     returns.returnOrderIfWhole: every unit back at the store → the order is Returned (the order-money
//                flow makes what is due to the store payable).
//   6. tell      returns.tellRefunded / tellReplaced: the order's timeline and the customer's mail (outbox).
// After the commit:
//   7. send      refunds.send, each provider part (the steps below). A provider failure stays on the refund row for
//                an admin; the decision stands.
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
//   2. decide    refunds.decide (orders): refused unless pending or failed and not unknown; the books moved.
//   3. record    moves.recordRefundDecision: audited; a rejected refund's return is closed.
//   4. tell      moves.tellRefundDecided: timeline and mail (outbox).
// After the commit: 5. answer refunds.record.
//
// Sending one refund to the provider, step by step (ADR 061):
//   1. book        — refunds.book, in the caller's transaction: the rows (pending) and the books.
//                    Interrupted after it: the row stays pending; `resumeRefunds` sends it (REFUND_UNSENT_AFTER_MS).
//   2. intend      — refunds.send, one transaction: pending → processing, payments.reserveRefund, when to look again.
//                    Interrupted after it: `resumeRefunds` asks the provider (step 4), never sends blind.
//   3. call        — payments.sendRefund, outside any transaction. Made / refused / unknown (a timeout, a cut
//                    connection, a 5xx: the provider may have made it). Unknown keeps the reservation.
//   4. settle      — refunds.settleFromProvider with payments.refundsAtProvider (Paystack GET /refund?transaction=):
//                    ours if it holds one of that amount not yet claimed, else never received: failed, released,
//                    due again at once. A refund.* webhook settles any row not final by the same match.
//   5. retry       — refunds.retryDue: failed and due → pending → step 2. Retry, reject and "paid another way"
//                    are refused while the outcome is unknown.
//
// What each refund does to the order's money (the store's and the commission's parts, a chargeback) is the
// order-money flow's step, in the booking transaction.

export interface ReturnAndRefundParts {
  db: Db;
  returns: Pick<ReturnsService, 'viewOf' | 'view'>;
  decisions: ReturnDecisions;
  moves: ReturnMoves;
  orders: Pick<OrdersService, 'createReplacement' | 'lockOrder'>;
  refunds: Pick<RefundsService, 'book' | 'send' | 'find' | 'decide' | 'record'>;
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
  const { decisions, orders, refunds } = parts;
  if (decision === 'refund') {
    const booked = await refunds.book(tx, decisions.refundOf(row, order, caller));
    const updated = await decisions.markRefunded(tx, row, order, booked.amountKobo, note);
    await decisions.returnOrderIfWhole(tx, row, order, caller, 'refund');
    await decisions.tellRefunded(tx, updated, order, caller, booked.amountKobo);
    return { returnId: row.id, toSend: booked.toSend };
  }
  const lines = await decisions.replacementLines(tx, row, order);
  await reserveStock(
    tx,
    lines.map(({ item, quantity }) => ({ productId: item.productId, variantId: item.variantId, quantity })),
  );
  const replacement = await orders.createReplacement(tx, order, lines, row.id);
  const updated = await decisions.markReplaced(tx, row, order, replacement, note);
  await decisions.returnOrderIfWhole(tx, row, order, caller, 'replace');
  await decisions.tellReplaced(tx, updated, order, caller, replacement);
  return { returnId: row.id, toSend: [] };
}

/** Step 7, after the commit: each provider part sent; then the return as the caller reads it. */
async function afterCommit(parts: ReturnAndRefundParts, decided: Decided, caller: ReturnCaller) {
  const { returns, refunds } = parts;
  for (const refundId of decided.toSend) await refunds.send(refundId);
  return returns.viewOf(caller, decided.returnId);
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
    const row = await refunds.decide(tx, refundId, { outcome, reason, actor: returnActorOf(caller) });
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

/** The money steps the orders module's refunds call: the provider's refund, its reservation, the gift cards'. */
export function refundSteps(
  payments: Pick<PaymentsService, 'reserveRefund' | 'sendRefund' | 'releaseRefund'>,
): Pick<RefundNeeds, 'reserveRefund' | 'sendRefund' | 'releaseRefund' | 'refundToCards'> {
  return {
    reserveRefund: (executor, reference, amountKobo, force) =>
      payments.reserveRefund(executor, reference, amountKobo, force),
    sendRefund: (reference, amountKobo) => payments.sendRefund(reference, amountKobo),
    releaseRefund: (executor, reference, amountKobo) =>
      payments.releaseRefund(executor, reference, amountKobo),
    refundToCards,
  };
}

/**
 * The provider's refund.* webhooks move the refund rows (processed, failed, needs attention); one that no refund row
 * claims may be a late payment's refund, which the checkout sweep sent (ADR 080).
 */
export function listenToProviderRefunds(
  payments: Pick<PaymentsService, 'onRefundEvent'>,
  refunds: Pick<RefundsService, 'onProviderEvent'>,
  checkout: Pick<CheckoutService, 'settleLateRefund'>,
) {
  payments.onRefundEvent(async (event) => {
    const outcome = await refunds.onProviderEvent(event);
    if (outcome !== 'refund:unknown') return outcome;
    return (await checkout.settleLateRefund(event)) ?? outcome;
  });
}

/**
 * The refunds job (`refunds.retry-failed`): first every refund whose outcome nobody recorded is settled by asking
 * the provider (step 4), and every refund booked and never sent is sent (step 2); then failed refunds that are due
 * are sent again (step 5). Asking comes first, so nothing is sent again while its first send may have been made.
 */
export async function resumeRefunds(
  deps: Pick<Deps, 'logger'>,
  payments: Pick<PaymentsService, 'refundsAtProvider'>,
  refunds: Pick<RefundsService, 'toResume' | 'settleFromProvider' | 'send' | 'retryDue'>,
): Promise<{ sent: number; failed: number }> {
  for (const row of await refunds.toResume()) {
    if (row.status === 'pending') {
      await refunds.send(row.id);
      continue;
    }
    try {
      const atProvider = await payments.refundsAtProvider(row.paymentReference);
      await refunds.settleFromProvider(row.id, atProvider);
    } catch (error) {
      // Still not answering: the row stays unknown and is asked again on the next run.
      deps.logger.warn({ err: String(error), reference: row.reference }, 'refund outcome still unknown');
    }
  }
  return refunds.retryDue();
}
