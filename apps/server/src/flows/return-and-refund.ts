import { refundToCards } from '../modules/gift-cards/index.js';
import type { RefundNeeds, RefundsService } from '../modules/orders/index.js';
import type { PaymentsService } from '../modules/payments/index.js';

// Flow: return and refund (ADR 047). The orders module books a refund (cancellation, return, an admin's decision)
// before money moves (ADR 026); this flow gives it the payment provider's and the gift cards' steps, and brings
// the provider's refund.* webhooks back to the refund rows. What each refund does to the order's money (the
// store's and the commission's parts, a chargeback) is the order-money flow's step, in the booking transaction.

/** The money steps the orders module's refunds call: the provider's refund, its release, the gift cards'. */
export function refundSteps(
  payments: Pick<PaymentsService, 'refund' | 'releaseRefund'>,
): Pick<RefundNeeds, 'refund' | 'releaseRefund' | 'refundToCards'> {
  return {
    refund: (reference, amountKobo) => payments.refund(reference, amountKobo),
    releaseRefund: (executor, reference, amountKobo) =>
      payments.releaseRefund(executor, reference, amountKobo),
    refundToCards,
  };
}

/** The provider's refund.* webhooks move the refund rows (processed, failed, needs attention). */
export function listenToProviderRefunds(
  payments: Pick<PaymentsService, 'onRefundEvent'>,
  refunds: Pick<RefundsService, 'onProviderEvent'>,
) {
  payments.onRefundEvent((event) => refunds.onProviderEvent(event));
}
