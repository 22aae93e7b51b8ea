import { adminPayoutEndpoints, merchantPayoutEndpoints } from '@market/contracts';
import { type RouteDefinition, requireStoreId, route } from '../../platform/http/routes.js';
import type { LedgerService } from './ledger.service.js';

export function ledgerRoutes(ledger: LedgerService): RouteDefinition[] {
  return [
    route(merchantPayoutEndpoints.balances, async ({ auth }) => ({
      message: 'Balances',
      data: await ledger.merchantBalances(requireStoreId(auth)),
    })),
    route(merchantPayoutEndpoints.history, async ({ auth, query }) => ({
      message: 'Payouts',
      data: await ledger.merchantHistory(requireStoreId(auth), query),
    })),
    route(adminPayoutEndpoints.stats, async () => ({ message: 'Payment stats', data: await ledger.stats() })),
    route(adminPayoutEndpoints.merchants, async ({ query }) => ({
      message: 'Merchants to pay',
      data: await ledger.payableMerchants(query),
    })),
    route(adminPayoutEndpoints.payouts, async ({ query }) => ({
      message: 'Payouts',
      data: await ledger.adminPayouts(query),
    })),
    // adminPayoutEndpoints.approvePayout is the payout flow's (src/flows/payout.ts, ADR 076).
    route(adminPayoutEndpoints.finalizeOtp, async ({ params, body }) => {
      const payout = await ledger.finalizeOtp(params.payoutId, body.otp);
      return {
        message:
          payout.status === 'processed'
            ? 'OTP accepted: the payout is paid'
            : payout.status === 'failed'
              ? 'OTP accepted but the transfer failed'
              : payout.needsOtp
                ? 'Paystack still waits for an OTP'
                : 'OTP accepted: the transfer is on its way',
        data: payout,
      };
    }),
    route(adminPayoutEndpoints.resendOtp, async ({ params }) => ({
      message: "Paystack sent the OTP to the business's phone again",
      data: await ledger.resendOtp(params.payoutId),
    })),
    route(adminPayoutEndpoints.categories, async () => ({
      message: 'Payment categories',
      data: await ledger.categories(),
    })),
    route(adminPayoutEndpoints.updateCategory, async ({ params, body }) => ({
      message: 'Commission updated',
      data: await ledger.updateCategory(params.slug, body.commissionPercentage),
    })),
  ];
}
