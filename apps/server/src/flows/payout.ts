import {
  adminPayoutEndpoints,
  NO_BANK_ACCOUNT,
  PAYOUT_NEEDS_OTP,
  PAYOUTS_SETTLED_BY_PAYSTACK,
  type Payout,
} from '@market/contracts';
import { findBankAccount } from '../modules/bank-accounts/index.js';
import type { LedgerService } from '../modules/ledger/index.js';
import type { PaymentsService } from '../modules/payments/index.js';
import { findStoreById } from '../modules/stores/index.js';
import type { Deps } from '../platform/deps.js';
import { conflict, notFound } from '../platform/errors.js';
import { type RouteDefinition, route } from '../platform/http/routes.js';
import {
  createPaystackTransfers,
  createSandboxTransfers,
  sandboxSecret,
  type TransferProvider,
} from '../platform/payments/index.js';

// Flow: payout (ADR 047, 076). An admin approves a store's payable money; the provider's transfer.* webhooks come
// back through the payments module's webhook and settle it in the ledger. Steps that reach outside the database say
// what undoes or resumes them.
//
// Approve (POST /api/admin/payouts/:storeId/approve):
//   1. mode     none in SETTLEMENT_MODE=subaccount: Paystack settles each store's share itself (ADR 051).
//   2. payee    the store's name (stores) and its payout bank account (bank accounts).
//   3. balance  ledger.refuseBeyondBalance: the provider's balance (outside the database; a read: nothing to undo).
//   4. open     ledger.openPayout, one transaction: the store's payable orders locked, the payout and its orders.
//   5. send     ledger.sendPayout: claimed (approved → processing, so sent once), then the provider's recipient and
//               transfer (outside the database). Refused: settled as failed, which gives its orders back to the next
//               payout. No answer: marked unknown; resumed by ledger.confirmLatePayouts, which asks the provider by
//               the payout's reference before anything is sent again (ADR 061). An OTP: ledger.finalizeOtp.
// Settle (the provider's transfer.* webhook, listenToTransfers below):
//   6. settle   ledger.settleTransfer: the payout movement, or the orders payable again.

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

export interface PayoutParts {
  deps: Pick<Deps, 'db' | 'config'>;
  ledger: Pick<LedgerService, 'refuseBeyondBalance' | 'openPayout' | 'sendPayout'>;
}

export function createPayoutFlow({ deps, ledger }: PayoutParts) {
  async function approve(adminId: string, storeId: string): Promise<Payout> {
    if (deps.config.settlementMode === 'subaccount') throw conflict(PAYOUTS_SETTLED_BY_PAYSTACK);
    const storeName = (await findStoreById(deps.db, storeId))?.storeName;
    if (!storeName) throw notFound('Store not found');
    const account = await findBankAccount(deps.db, storeId);
    if (!account) throw conflict(NO_BANK_ACCOUNT);
    await ledger.refuseBeyondBalance(storeId);
    const payout = await ledger.openPayout(adminId, { storeId, storeName, account });
    return ledger.sendPayout(payout.id);
  }

  const routes: RouteDefinition[] = [
    route(adminPayoutEndpoints.approvePayout, async ({ auth, params }) => {
      const payout = await approve(auth.userId, params.storeId);
      return {
        message: payout.needsOtp
          ? PAYOUT_NEEDS_OTP
          : payout.status === 'processed'
            ? 'Payout approved and paid'
            : payout.status === 'failed'
              ? 'Payout approved but the transfer failed'
              : 'Payout approved; the transfer is on its way',
        data: payout,
      };
    }),
  ];
  return { service: { approve }, routes };
}

/** The provider's transfer.* webhooks settle the payout they name. */
export function listenToTransfers(
  payments: Pick<PaymentsService, 'onTransferEvent'>,
  ledger: Pick<LedgerService, 'settleTransfer'>,
) {
  payments.onTransferEvent((event) => ledger.settleTransfer(event));
}
