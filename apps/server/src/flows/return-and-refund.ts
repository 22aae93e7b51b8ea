import { adminReturnEndpoints, merchantReturnEndpoints } from '@market/contracts';
import { reserveStock } from '../modules/catalog/index.js';
import type { CheckoutService } from '../modules/checkout/index.js';
import { refundToCards } from '../modules/gift-cards/index.js';
import type { OrderRow, OrdersService, RefundNeeds, RefundsService } from '../modules/orders/index.js';
import type { PaymentsService } from '../modules/payments/index.js';
import {
  type ReturnCaller,
  type ReturnDecisions,
  type ReturnRow,
  type ReturnsService,
  returnCallerOf,
} from '../modules/returns/index.js';
import type { Db } from '../platform/db/client.js';
import type { Deps } from '../platform/deps.js';
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
  returns: Pick<ReturnsService, 'viewOf'>;
  decisions: ReturnDecisions;
  orders: Pick<OrdersService, 'createReplacement'>;
  refunds: Pick<RefundsService, 'book' | 'send'>;
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

export function createReturnAndRefund(parts: ReturnAndRefundParts) {
  const { returns, decisions, refunds } = parts;

  /** Step 7, after the commit: each provider part sent; then the return as the caller reads it. */
  async function afterCommit(decided: Decided, caller: ReturnCaller) {
    for (const refundId of decided.toSend) await refunds.send(refundId);
    return returns.viewOf(caller, decided.returnId);
  }

  /** The store refunds what was paid for the returned items, or replaces them. */
  async function storeDecides(
    caller: ReturnCaller,
    returnId: string,
    body: { decision: 'refund' | 'replace'; note?: string },
  ) {
    const decided = await decisions.withLockedReturn(returnId, caller, async (tx, row, order) => {
      await decisions.recordStoreDecision(tx, row, order, body.decision, body.note);
      return settle(parts, tx, caller, row, order, body.decision, body.note);
    });
    return afterCommit(decided, caller);
  }

  /** The platform upholds the customer's dispute of a rejected return: the goods come back, refunded or replaced. */
  async function platformUpholds(
    caller: ReturnCaller,
    returnId: string,
    decision: 'refund' | 'replace',
    note?: string,
  ) {
    const decided = await decisions.withLockedReturn(returnId, caller, async (tx, row, order) => {
      const upheld = await decisions.recordUpheld(tx, row, order, decision, note);
      await decisions.collectUpheld(tx, upheld, order, caller);
      return settle(parts, tx, caller, upheld, order, decision);
    });
    return afterCommit(decided, caller);
  }

  const routes: RouteDefinition[] = [
    route(merchantReturnEndpoints.refundDecision, async ({ auth, params, body }) => {
      const updated = await storeDecides(returnCallerOf(auth), params.id, body);
      return { message: `Return is now ${updated.status.known_name.toLowerCase()}`, data: updated };
    }),
    route(adminReturnEndpoints.returnOrder, async ({ auth, params, body }) => ({
      message: 'Order return was successful',
      data: await platformUpholds(returnCallerOf(auth), params.id, 'refund', body.note),
    })),
    route(adminReturnEndpoints.replaceOrder, async ({ auth, params, body }) => ({
      message: 'Order replacement was successful',
      data: await platformUpholds(returnCallerOf(auth), params.id, 'replace', body.note),
    })),
  ];
  return { service: { storeDecides, platformUpholds }, routes };
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
