import { and, eq, inArray, sql } from 'drizzle-orm';
import { prepared } from '../db/prepared.js';
import { conflict, notFound } from '../errors.js';
import {
  authorizationCodeOf,
  CARDS,
  charge,
  finish,
  outcomeValues,
  retryable,
  SANDBOX_OTP,
  type SandboxCharge,
  type SandboxContext,
} from './sandbox.context.js';
import { sandboxCharges } from './sandbox.schema.js';

// The sandbox's checkout page as the payer meets it (ADR 091's named functions): a test card tried, an OTP, a bank
// transfer or USSD instead of a card.

export interface CardAttempt {
  cardNumber: string;
  expiry: string;
  cvv: string;
  ipAddress: string;
}

/** What the sandbox's page offers besides a card, as Paystack's checkout does (its `channel` names). */
export const SANDBOX_NON_CARD_CHANNELS = ['bank_transfer', 'ussd'] as const;

export type AttemptOutcome =
  | { kind: 'invalid'; field: 'cardNumber' | 'expiry' | 'cvv'; message: string }
  | { kind: 'otp' }
  | { kind: 'done'; charge: SandboxCharge };

/** A placeholder sent to the driver as it is (nullable values, times as ISO strings; see payments.statements.ts). */
const raw = (name: string) => sql`${sql.placeholder(name)}`;

/** Built once (ADR 037): `finish` of a card attempt that succeeded or was declined, every column it sets. */
const finishAttempt = prepared('sandbox_finish_attempt', (db) =>
  db
    .update(sandboxCharges)
    .set({
      status: raw('status'),
      channel: raw('channel'),
      cardType: raw('cardType'),
      cardLast4: raw('cardLast4'),
      bank: raw('bank'),
      countryCode: raw('countryCode'),
      ipAddress: raw('ipAddress'),
      authorizationCode: raw('authorizationCode'),
      gatewayResponse: raw('gatewayResponse'),
      paidAt: raw('paidAt'),
      feesKobo: raw('feesKobo'),
      updatedAt: raw('updatedAt'),
    })
    .where(
      and(
        eq(sandboxCharges.reference, sql.placeholder('reference')),
        inArray(sandboxCharges.status, ['pending', 'failed']),
      ),
    )
    .returning(),
);

function expiryProblem(expiry: string, now: Date): string | undefined {
  const match = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return 'Enter the expiry date as MM/YY';
  const year = 2000 + Number(match[2]);
  const month = Number(match[1]);
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  if (year * 12 + month < current) return 'This card has expired';
  return undefined;
}

/** What is wrong with the card form, as Paystack's page says it, or the sandbox's test card it names. */
function cardProblem(
  ctx: SandboxContext,
  card: CardAttempt,
  number: string,
): Extract<AttemptOutcome, { kind: 'invalid' }> | undefined {
  if (!/^\d{12,19}$/.test(number)) {
    return { kind: 'invalid', field: 'cardNumber', message: 'Enter the card number' };
  }
  const expiry = expiryProblem(card.expiry, ctx.now());
  if (expiry) return { kind: 'invalid', field: 'expiry', message: expiry };
  if (!/^\d{3,4}$/.test(card.cvv.trim())) {
    return { kind: 'invalid', field: 'cvv', message: 'Enter the 3 digits on the back of the card' };
  }
  if (!CARDS[number]) {
    return {
      kind: 'invalid',
      field: 'cardNumber',
      message: 'Use one of the sandbox test cards listed below',
    };
  }
  return undefined;
}

/** The payer submitted the card form; `current`: the charge the caller has just read, so it is not read again. */
export async function attempt(
  ctx: SandboxContext,
  reference: string,
  card: CardAttempt,
  current?: SandboxCharge,
): Promise<AttemptOutcome> {
  const row = current?.reference === reference ? current : await charge(ctx, reference);
  if (!row) throw notFound('Payment not found');
  // As on Paystack's page, a declined attempt (card or OTP) lets the payer try again under the same reference.
  if (!retryable(row)) throw conflict('This payment has already been completed');
  const number = card.cardNumber.replace(/[\s-]/g, '');
  const problem = cardProblem(ctx, card, number);
  if (problem) return problem;
  const known = CARDS[number]!;
  const cardValues = {
    channel: 'card',
    cardType: known.type,
    cardLast4: number.slice(-4),
    bank: 'TEST BANK',
    countryCode: 'NG',
    ipAddress: card.ipAddress,
    // Every sandbox test card is reusable once it has paid; a declined attempt stores nothing usable.
    authorizationCode: known.outcome === 'declined' ? null : authorizationCodeOf(ctx, row.email, number),
  };
  if (known.outcome === 'otp') {
    await finish(ctx, reference, ['pending', 'failed'], { ...cardValues, status: 'send_otp' });
    return { kind: 'otp' };
  }
  const outcome = outcomeValues(ctx, known.outcome === 'success', row.amountKobo);
  const [done] = await finishAttempt(ctx.db, {
    ...cardValues,
    ...outcome,
    paidAt: outcome.paidAt?.toISOString() ?? null,
    updatedAt: ctx.now().toISOString(),
    reference,
  });
  if (!done) throw conflict('This payment has already been completed');
  return { kind: 'done', charge: done };
}

/**
 * The payer paid by bank transfer to the account the page showed, or by dialling the USSD code (Paystack's
 * `bank_transfer` and `ussd` channels, issue 36): the charge succeeds with that channel and no card.
 */
export async function payWithoutCard(
  ctx: SandboxContext,
  reference: string,
  channel: (typeof SANDBOX_NON_CARD_CHANNELS)[number],
  ipAddress: string,
) {
  const row = await charge(ctx, reference);
  if (!row) throw notFound('Payment not found');
  if (!retryable(row)) throw conflict('This payment has already been completed');
  return finish(ctx, reference, ['pending', 'failed'], {
    ...outcomeValues(ctx, true, row.amountKobo),
    channel,
    cardType: null,
    cardLast4: null,
    bank: channel === 'ussd' ? 'Guaranty Trust Bank (*737#)' : 'Wema Bank (transfer)',
    countryCode: 'NG',
    ipAddress,
    authorizationCode: null,
  });
}

/** The payer submitted the OTP form; a wrong OTP declines the charge, as a bank would after its last try. */
export async function submitOtp(ctx: SandboxContext, reference: string, otp: string) {
  const row = await charge(ctx, reference);
  if (!row) throw notFound('Payment not found');
  return finish(ctx, reference, 'send_otp', outcomeValues(ctx, otp.trim() === SANDBOX_OTP, row.amountKobo));
}
