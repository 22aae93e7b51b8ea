import { CHECKOUT_PREFIX } from '../modules/checkout/index.js';
import type { LedgerService } from '../modules/ledger/index.js';
import type { OrdersService } from '../modules/orders/index.js';
import type { PaymentsService } from '../modules/payments/index.js';
import type { Config } from '../platform/config.js';
import {
  createPaystackSubaccounts,
  createSandboxSubaccounts,
  type SubaccountProvider,
} from '../platform/payments/index.js';

// Flow: subaccount settlement (SETTLEMENT_MODE=subaccount, ADR 051; in src/flows since ADR 047): the steps that
// join the checkout's payment to the stores' subaccounts and the books. In transfer mode none of this is wired.

/** Paystack's Subaccounts API with PAYSTACK_SECRET_KEY, else the sandbox's; none in transfer mode. */
export function selectSubaccounts(
  config: Config,
  logger: Parameters<typeof createPaystackSubaccounts>[0]['logger'],
  given?: SubaccountProvider,
): SubaccountProvider | undefined {
  if (config.settlementMode !== 'subaccount') return undefined;
  if (given) return given;
  return config.paystackSecretKey
    ? createPaystackSubaccounts({
        secretKey: config.paystackSecretKey,
        baseUrl: config.paystackBaseUrl,
        logger,
      })
    : createSandboxSubaccounts();
}

/**
 * A checkout's payment is initialised with each store's share (the ledger works it out from the checkout's orders)
 * and, once Paystack took it, the shares are posted as settled to the stores.
 */
export function wireSubaccountSettlement(modules: {
  payments: PaymentsService;
  orders: Pick<OrdersService, 'findTracker' | 'ordersOf'>;
  ledger: Pick<LedgerService, 'settlementSplit' | 'settleSplit'>;
}): void {
  const { payments, orders, ledger } = modules;
  payments.splitWith(CHECKOUT_PREFIX, async (executor, payment) => {
    const tracker = await orders.findTracker(executor, { reference: payment.reference });
    if (!tracker) return undefined;
    const checkoutOrders = await orders.ordersOf(executor, tracker.id);
    return ledger.settlementSplit(executor, checkoutOrders, payment.amountKobo);
  });
  payments.onSplitSettled((executor, reference, split) => ledger.settleSplit(executor, reference, split));
}
