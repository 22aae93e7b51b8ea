import { randomBytes } from 'node:crypto';
import { koboToNaira, type Payout, type PayoutStatus } from '@market/contracts';
import type { payouts } from './ledger.schema.js';

// A payout's row as the screens read it, its reference, and the payouts' timings (ADR 038, 061).

export const OPEN: readonly PayoutStatus[] = ['approved', 'processing'];

/**
 * A payout still open this long after it was sent (or approved) has lost its webhook, or its transfer request was
 * cut off: the provider is asked what became of it (ADR 038). Paystack finishes most transfers within minutes.
 */
export const PAYOUT_CONFIRM_AFTER_MINUTES = 30;
/** Payouts looked at per run of the job; the next run takes the rest. */
export const LATE_PAYOUTS_PER_RUN = 100;
export const TRANSFER_NEVER_ARRIVED = 'The transfer never reached the payment provider';
/** How long after an unknown outcome (a transfer or OTP finalise unanswered) the provider is asked (ADR 061). */
export const PAYOUT_UNKNOWN_ASK_AFTER_MS = 2 * 60_000;
/** Why a payout's OTP cannot be entered again while the provider has not said what it did with the last one. */
export const PAYOUT_OUTCOME_UNKNOWN =
  'The payment provider has not told us whether it accepted the last OTP for this payout. We are asking it now; ' +
  'until it answers, the OTP cannot be entered again, so the store is never paid twice.';

/** In Paystack's transfer reference alphabet (lowercase letters, digits, `-`, `_`): `pay_` and 80 random bits. */
export function newPayoutReference(): string {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  return `pay_${Array.from(randomBytes(16), (byte) => alphabet[byte % 32]).join('')}`;
}

export type PayoutRow = typeof payouts.$inferSelect;

export function payoutView(row: PayoutRow): Payout {
  return {
    id: row.id,
    reference: row.reference,
    storeId: row.storeId,
    storeName: row.storeName,
    amount: koboToNaira(row.amountKobo),
    status: row.status,
    orderCount: row.orderCount,
    bankName: row.bankName,
    accountNumberLast4: row.accountNumberLast4,
    failureReason: row.failureReason,
    needsOtp: row.needsOtp,
    outcomeUnknown: row.status === 'processing' && row.outcomeUnknownSince !== null,
    approvedAt: row.approvedAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
  };
}
