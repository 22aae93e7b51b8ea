import { z } from 'zod';
import { access } from './access.js';
import { settlementModes } from './bank-accounts.js';
import { isoDateTime, uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope, pageQuery, pagination } from './envelope.js';
import { publishRules } from './published-rules.js';

// ---------- commission, escrow and payouts (issue 8, ADR 027) ----------

export const payoutStatuses = ['approved', 'processing', 'processed', 'failed', 'reversed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

export const payoutStatusLabels: Record<PayoutStatus, string> = {
  approved: 'Approved',
  processing: 'Being paid',
  processed: 'Paid',
  failed: 'Failed',
  reversed: 'Reversed',
};

/** A store's money in naira: in escrow (paid orders not completed), payable, approved, and paid out. */
export const merchantBalances = z.object({
  /**
   * `transfer`: payable money is paid out when an admin approves a payout; `subaccount`: Paystack settles the
   * store's share of each payment to its bank account itself (ADR 051), so there is nothing to approve.
   */
  settlementMode: z.enum(settlementModes),
  /** Due on paid orders whose return window has not passed yet. */
  escrow: z.number(),
  /** Payable now and not in an approved payout (negative: refunds after payout owed back, netted next time). */
  payable: z.number(),
  /** In a payout an admin approved that is not paid yet. */
  approved: z.number(),
  /** Paid out to the bank account by approved payouts, ever. */
  processed: z.number(),
  /** Settled by Paystack to the store's subaccount from its share of payments, ever (subaccount mode). */
  settled: z.number(),
  /**
   * What the platform still owes the store, everything counted (escrow + payable − approved); negative: what the
   * store owes (a refund after its share was settled), taken off its next share or payout.
   */
  owed: z.number(),
});
export type MerchantBalances = z.infer<typeof merchantBalances>;

export const payout = z.object({
  id: uuid,
  reference: z.string(),
  storeId: uuid,
  storeName: z.string(),
  amount: z.number(),
  status: z.enum(payoutStatuses),
  orderCount: z.number().int(),
  bankName: z.string().nullable(),
  accountNumberLast4: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** Paystack holds the transfer until the OTP it sent to the business's phone is entered (Enter OTP). */
  needsOtp: z.boolean(),
  /** Being paid, and the provider has not said whether it acted on our last call: nothing is sent again meanwhile. */
  outcomeUnknown: z.boolean(),
  approvedAt: isoDateTime,
  processedAt: isoDateTime.nullable(),
});
export type Payout = z.infer<typeof payout>;

/** The specification's admin payment stats, in naira. */
export const adminPaymentStats = z.object({
  processedPayment: z.number(),
  approvedPayment: z.number(),
  pendingPayment: z.number(),
  settlementMode: z.enum(settlementModes),
  /** Settled by Paystack to stores' subaccounts, ever (subaccount mode). */
  settledPayment: z.number(),
});
export type AdminPaymentStats = z.infer<typeof adminPaymentStats>;

export const payableMerchant = z.object({
  storeId: uuid,
  storeName: z.string(),
  escrow: z.number(),
  payable: z.number(),
  approved: z.number(),
  /** The payout an admin approved that is not paid yet, if any (one at a time per store). */
  openPayoutId: uuid.nullable(),
  hasBankAccount: z.boolean(),
  /** Subaccount mode: the store's account is its Paystack subaccount, so it can be bought from. */
  hasSubaccount: z.boolean(),
});
export type PayableMerchant = z.infer<typeof payableMerchant>;

export const paymentCategory = z.object({
  slug: z.string(),
  name: z.string(),
  /** Percent of the item subtotal the platform keeps, e.g. 7.5. */
  commissionPercentage: z.number(),
  storeCount: z.number().int(),
  updatedAt: isoDateTime,
});
export type PaymentCategory = z.infer<typeof paymentCategory>;

export const COMMISSION_RANGE = 'The commission is a percentage from 0 to 100';
export const COMMISSION_DECIMALS = 'Use at most 2 decimal places';

export const updatePaymentCategoryBody = z.object({
  commissionPercentage: z
    .number({ error: 'Enter the commission as a percentage' })
    .min(0, COMMISSION_RANGE)
    .max(100, COMMISSION_RANGE)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, COMMISSION_DECIMALS)
    .apply((schema) =>
      publishRules(schema, [{ fields: [], rule: 'at most 2 decimal places' }], { multipleOf: 0.01 }),
    ),
});
export type UpdatePaymentCategoryBody = z.input<typeof updatePaymentCategoryBody>;

/** Percent (at most 2 decimals) to basis points, without float drift: 7.5 → 750. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}
export const basisPointsToPercent = (basisPoints: number) => basisPoints / 100;

export const NOTHING_PAYABLE = 'This store has nothing payable to pay out';
export const PAYOUT_ALREADY_OPEN = 'A payout of this store is already approved and not paid yet';
export const NO_BANK_ACCOUNT = 'This store has no payout bank account yet';
/** Said when a payout is approved while Paystack settles stores through subaccounts (ADR 051). */
export const PAYOUTS_SETTLED_BY_PAYSTACK =
  "Payouts are not approved here: Paystack settles each store's share of every payment to its bank account (SETTLEMENT_MODE=subaccount).";
/** Said when a checkout includes a store Paystack cannot settle to (subaccount mode, ADR 051). */
export function storesCannotBeSettled(storeNames: string[]): string {
  const one = storeNames.length === 1;
  return `${storeNames.join(', ')} cannot take payment yet: ${one ? 'it has' : 'they have'} not set up a payout bank account. Remove ${one ? 'its' : 'their'} items to check out.`;
}
export const PAYOUT_NOT_AWAITING_OTP = 'This payout is not waiting for an OTP';
/** Said when approving would send more than the Paystack balance holds (nothing is approved). */
export const insufficientBalanceMessage = (balanceNaira: string, payoutNaira: string) =>
  `The Paystack balance (${balanceNaira}) is less than this payout (${payoutNaira}). Top up the balance, then approve again.`;
/** Said when approval left the transfer waiting for the OTP Paystack sent to the business's phone. */
export const PAYOUT_NEEDS_OTP =
  "Payout approved. Paystack sent an OTP to the business's phone: choose Enter OTP on the payout to send the money (or turn off transfer OTPs in the Paystack dashboard under Settings, Preferences).";

export const finalizePayoutOtpBody = z.object({
  otp: z
    .string({ error: 'Enter the OTP' })
    .trim()
    .regex(/^[0-9]{4,8}$/, 'The OTP is 4 to 8 digits'),
});
export type FinalizePayoutOtpBody = z.input<typeof finalizePayoutOtpBody>;

/**
 * What the payouts lists filter on: a status, or `unknown`: being paid, and the provider has not said whether it acted
 * on our last call (a transfer or OTP unanswered; it is asking, ADR 061).
 */
export const payoutFilters = [...payoutStatuses, 'unknown'] as const;
export type PayoutFilter = (typeof payoutFilters)[number];
export const payoutFilterLabels: Record<PayoutFilter, string> = {
  ...payoutStatusLabels,
  unknown: 'Not known yet (asking the provider)',
};
const historyQuery = pageQuery.extend({ status: z.enum(payoutFilters).optional() });
const tags = ['Payouts'];

export const merchantPayoutEndpoints = {
  balances: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/merchant/payouts/balances',
    summary: "Your store's money: in escrow, payable, approved and paid out",
    tags,
    access: access.merchant('payouts:read'),
    response: envelope(merchantBalances),
  }),
  history: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/merchant/payouts',
    summary: "Your store's payouts, newest first",
    tags,
    access: access.merchant('payouts:read'),
    query: historyQuery,
    response: envelope(z.object({ payouts: z.array(payout), pagination })),
  }),
};

export const adminPayoutEndpoints = {
  stats: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/payments/stats',
    summary: 'Admin payment stats: processedPayment, approvedPayment, pendingPayment',
    tags,
    access: access.admin('finance:read'),
    response: envelope(adminPaymentStats),
  }),
  merchants: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/payments/merchants',
    summary: 'Stores with money payable or a payout approved, largest payable first',
    tags,
    access: access.admin('finance:read'),
    query: pageQuery,
    response: envelope(z.object({ merchants: z.array(payableMerchant), pagination })),
  }),
  payouts: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/payments/payouts',
    summary: 'Every payout, newest first',
    tags,
    access: access.admin('finance:read'),
    query: historyQuery,
    response: envelope(z.object({ payouts: z.array(payout), pagination })),
  }),
  approvePayout: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/admin/payments/approve-payout/:storeId',
    summary:
      "approvePayout: pay out the store's payable orders to its bank account (one open payout per store; 409 when nothing is payable or one is already open)",
    tags,
    access: access.admin('finance:payouts'),
    idempotent: true,
    params: z.object({ storeId: uuid }),
    response: envelope(payout),
  }),
  finalizeOtp: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/admin/payments/payouts/:payoutId/finalize-otp',
    summary:
      "Confirm a payout's transfer with the OTP Paystack sent to the business's phone (Paystack finalize_transfer); sent once however often asked",
    tags,
    access: access.admin('finance:payouts'),
    idempotent: true,
    params: z.object({ payoutId: uuid }),
    body: finalizePayoutOtpBody,
    response: envelope(payout),
  }),
  resendOtp: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/admin/payments/payouts/:payoutId/resend-otp',
    summary: "Ask Paystack to send the OTP of a payout's transfer to the business's phone again",
    tags,
    access: access.admin('finance:payouts'),
    idempotent: true,
    params: z.object({ payoutId: uuid }),
    response: envelope(payout),
  }),
  categories: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/admin/payment-categories',
    summary: "Payment categories and the commission each keeps of a store's item subtotal",
    tags,
    access: access.admin('finance:read'),
    response: envelope(z.array(paymentCategory)),
  }),
  updateCategory: defineEndpoint({
    surface: 'api',
    method: 'PATCH',
    path: '/admin/payment-categories/:slug',
    summary: 'Change the commission percentage of a payment category (orders paid from now on use it)',
    tags,
    access: access.admin('finance:payouts'),
    params: z.object({ slug: z.string().min(1).max(40) }),
    body: updatePaymentCategoryBody,
    response: envelope(paymentCategory),
  }),
};
