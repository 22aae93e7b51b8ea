import type { CheckoutService } from '../modules/checkout/index.js';
import { refundToCards } from '../modules/gift-cards/index.js';
import type { RefundNeeds, RefundsService } from '../modules/orders/index.js';
import type { PaymentsService } from '../modules/payments/index.js';
import type { Deps } from '../platform/deps.js';

// Flow: return and refund (ADR 047). The orders module books a refund (cancellation, return, an admin's decision)
// before money moves (ADR 026); this flow gives it the payment provider's and the gift cards' steps, and brings
// the provider's refund.* webhooks back to the refund rows. What each refund does to the order's money (the
// store's and the commission's parts, a chargeback) is the order-money flow's step, in the booking transaction.
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
