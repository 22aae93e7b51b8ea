import { findBankAccount, subaccountCodes } from '../modules/bank-accounts/index.js';
import type { LedgerNeeds, LedgerService } from '../modules/ledger/index.js';
import type { PaymentsService } from '../modules/payments/index.js';
import {
  findStoreById,
  listPaymentCategories,
  storeCommissionBasisPointsSql,
  updatePaymentCategoryCommission,
} from '../modules/stores/index.js';
import type { Deps } from '../platform/deps.js';
import {
  createPaystackTransfers,
  createSandboxTransfers,
  sandboxSecret,
  type TransferProvider,
} from '../platform/payments/index.js';

// Flow: payout (ADR 047). An admin approves a store's payable money (the ledger: the payout, its orders, the
// transfer); the provider's transfer.* webhooks come back through the payments module's webhook and settle it in
// the ledger (the payout movement, or the orders payable again).

/** Paystack Transfers with a secret key, else the sandbox's, which answers through the same webhook handler. */
export function transfersFor(
  deps: Deps,
  payments: Pick<PaymentsService, 'handleWebhook'>,
  given?: TransferProvider,
): TransferProvider {
  if (given) return given;
  if (deps.config.paystackSecretKey)
    return createPaystackTransfers({
      secretKey: deps.config.paystackSecretKey,
      baseUrl: deps.config.paystackBaseUrl,
      logger: deps.logger,
    });
  return createSandboxTransfers({
    db: deps.db,
    secret: sandboxSecret(deps.config.dataDir),
    deliver: (body, signature) => payments.handleWebhook(body, signature),
    requireOtp: deps.config.sandboxTransferOtp,
  });
}

/** The provider's transfer.* webhooks settle the payout they name. */
export function listenToTransfers(
  payments: Pick<PaymentsService, 'onTransferEvent'>,
  ledger: Pick<LedgerService, 'settleTransfer'>,
) {
  payments.onTransferEvent((event) => ledger.settleTransfer(event));
}

/** What the ledger reads of the stores and bank accounts modules: names, payout accounts, payment categories. */
export function ledgerStoreFacts(): Omit<LedgerNeeds, 'transfers'> {
  return {
    commissionBasisPointsSql: storeCommissionBasisPointsSql,
    storeName: async (executor, storeId) => (await findStoreById(executor, storeId))?.storeName,
    bankAccount: findBankAccount,
    subaccountCodes,
    categories: { list: listPaymentCategories, update: updatePaymentCategoryCommission },
  };
}
