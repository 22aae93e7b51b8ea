import { listenToTransfers } from '../flows/payout.js';
import { bookCardDispute, listenToProviderRefunds } from '../flows/return-and-refund.js';
import { wireSubaccountSettlement } from '../flows/subaccount-settlement.js';
import { ledger } from './modules/ledger.js';
import { orders, refundMoney } from './modules/orders.js';
import { payments } from './modules/payments.js';
import type { Wiring } from './registry.js';

/**
 * The flows that listen for what happens in a module (a provider's webhook), each joined
 * once the modules are built (ADR 047, 076). Adding a flow that listens: its file in `flows/` and one line here.
 */
export const flows: ((wiring: Wiring) => void)[] = [
  // A refund.* webhook no order refund claims may settle a late payment's refund (flows/late-payment-refunds.ts).
  ({ deps, use }) =>
    listenToProviderRefunds(use(refundMoney), use(payments).service, {
      deps,
      orders: use(orders).service,
      payments: use(payments).service,
    }),
  // A card dispute's resolution books the bank's reversal as refunds of the payment's orders (ADR 049).
  ({ use }) =>
    use(payments).service.onDisputeEvent((executor, event) =>
      bookCardDispute(use(refundMoney), executor, event),
    ),
  // The channel that paid (card, bank transfer, USSD), as the provider reported it, on the customer's order.
  ({ use }) => use(orders).service.readPaymentChannelFrom(use(payments).service.paidChannelOf),
  // The provider's transfer webhooks settling payouts.
  ({ use }) => listenToTransfers(use(payments).service, use(ledger).service),
  ({ deps, use }) => {
    if (deps.config.settlementMode === 'subaccount')
      wireSubaccountSettlement({
        payments: use(payments).service,
        orders: use(orders).service,
        ledger: use(ledger).service,
      });
  },
];
