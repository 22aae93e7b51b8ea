import { createHmac } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { conflict } from '../errors.js';
import { sandboxCharges } from './sandbox.schema.js';

// What the sandbox provider's functions share (ADR 091): its database, the key it signs with, the clock; its test
// cards, a charge as read and moved on, and Paystack's shape of a charge, so the real adapter's mapping reads it.

export const SANDBOX_BASE = '/api/payments/sandbox';
export type SandboxCharge = typeof sandboxCharges.$inferSelect;

/** What the sandbox provider's functions work with. */
export interface SandboxContext {
  db: Db;
  /** The key its webhooks are signed with and its authorization codes derived from. */
  secret: string;
  /** The app's address, before the sandbox's checkout page. */
  publicUrl: string;
  now(): Date;
}

/** The sandbox's test cards, as documented in docs/operations/paystack.md. */
export const SANDBOX_CARDS = {
  success: '4084084084084081',
  declined: '4000000000000002',
  otp: '5060666666666666666',
  /** Pays at checkout and is saved, but every later charge of the saved card is declined (insufficient funds). */
  renewalDeclined: '4084080000005408',
} as const;
export const SANDBOX_OTP = '123456';

export const CARDS: Record<
  string,
  { type: string; outcome: 'success' | 'declined' | 'otp'; recurring: 'success' | 'declined' }
> = {
  [SANDBOX_CARDS.success]: { type: 'visa', outcome: 'success', recurring: 'success' },
  [SANDBOX_CARDS.declined]: { type: 'visa', outcome: 'declined', recurring: 'declined' },
  [SANDBOX_CARDS.otp]: { type: 'verve', outcome: 'otp', recurring: 'success' },
  [SANDBOX_CARDS.renewalDeclined]: { type: 'visa', outcome: 'success', recurring: 'declined' },
};

/** A charge still takes a card: never tried, or its last attempt was declined. */
export function retryable(charge: Pick<SandboxCharge, 'status'>): boolean {
  return charge.status === 'pending' || charge.status === 'failed';
}

// Built once (ADR 033): the payment page and every verify read the charge.
const chargeByReference = prepared('sandbox_charge_by_reference', (db) =>
  db
    .select()
    .from(sandboxCharges)
    .where(eq(sandboxCharges.reference, sql.placeholder('reference')))
    .limit(1),
);

export async function charge(ctx: SandboxContext, reference: string): Promise<SandboxCharge | undefined> {
  const [row] = await chargeByReference(ctx.db, { reference });
  return row;
}

/** Moves a charge out of `from` only if it is still there, so a double-submitted form settles once. */
export async function finish(
  ctx: SandboxContext,
  reference: string,
  from: SandboxCharge['status'] | SandboxCharge['status'][],
  values: Partial<SandboxCharge>,
) {
  const [row] = await ctx.db
    .update(sandboxCharges)
    .set({ ...values, updatedAt: ctx.now() })
    .where(
      and(
        eq(sandboxCharges.reference, reference),
        inArray(sandboxCharges.status, Array.isArray(from) ? from : [from]),
      ),
    )
    .returning();
  if (!row) throw conflict('This payment has already been completed');
  return row;
}

/** Like Paystack's AUTH_xxxxxxxxxx: the same card and payer always get the same code. */
export function authorizationCodeOf(ctx: SandboxContext, email: string, cardNumber: string): string {
  const digest = createHmac('sha256', ctx.secret)
    .update(`authorization:${email}:${cardNumber}`)
    .digest('hex');
  return `AUTH_sbx${digest.slice(0, 12)}`;
}

/** A card charge's outcome as its columns: paid now with Paystack's fee, or declined. */
export function outcomeValues(ctx: SandboxContext, success: boolean, amountKobo: number) {
  return success
    ? {
        status: 'success' as const,
        gatewayResponse: 'Successful',
        paidAt: ctx.now(),
        feesKobo: paystackFeeKobo(amountKobo),
      }
    : { status: 'failed' as const, gatewayResponse: 'Declined', paidAt: null, feesKobo: null };
}

/** Paystack's local card pricing: 1.5% plus ₦100 (waived under ₦2,500), capped at ₦2,000. */
export function paystackFeeKobo(amountKobo: number): number {
  const fee = Math.round(amountKobo * 0.015) + (amountKobo >= 250_000 ? 10_000 : 0);
  return Math.min(fee, 200_000);
}

/** Paystack's verify `data` for a charge, so that the same mapping reads both. */
export function paystackData(charge: SandboxCharge) {
  const status = charge.status === 'success' ? 'success' : charge.status === 'failed' ? 'failed' : 'ongoing';
  return {
    id: Number(charge.transactionId),
    domain: 'test',
    status,
    reference: charge.reference,
    amount: charge.amountKobo,
    currency: charge.currency,
    paid_at: charge.paidAt?.toISOString() ?? null,
    created_at: charge.createdAt.toISOString(),
    channel: charge.channel,
    fees: charge.feesKobo,
    gateway_response: charge.gatewayResponse,
    ip_address: charge.ipAddress,
    metadata: charge.metadata,
    customer: { email: charge.email },
    authorization: charge.cardLast4
      ? {
          card_type: charge.cardType,
          last4: charge.cardLast4,
          bank: charge.bank,
          country_code: charge.countryCode,
          channel: charge.channel,
          authorization_code: charge.authorizationCode,
          reusable: charge.authorizationCode !== null,
        }
      : null,
  };
}
