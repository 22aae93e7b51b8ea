import { createHmac, randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { AppError, conflict, notFound } from '../errors.js';
import { parsePaystackWebhook, verificationFromPaystack } from './paystack.js';
import type { PaymentProvider, RefundResult } from './provider.js';
import { sandboxCharges, sandboxRefunds } from './sandbox.schema.js';
import { signPaystackBody, verifyPaystackSignature } from './signature.js';
import { splitProblem } from './subaccounts.js';

// Built once (ADR 036): every checkout's payment page starts with one charge.
const insertCharge = prepared('sandbox_insert_charge', (db) =>
  db.insert(sandboxCharges).values({
    reference: sql.placeholder('reference'),
    transactionId: sql.placeholder('transactionId'),
    amountKobo: sql.placeholder('amountKobo'),
    currency: 'NGN',
    email: sql.placeholder('email'),
    callbackUrl: sql.placeholder('callbackUrl'),
    metadata: sql.placeholder('metadata'),
  }),
);

/** A placeholder sent to the driver as it is (nullable values, times as ISO strings; see payments.service.ts). */
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

export const SANDBOX_BASE = '/api/payments/sandbox';
export type SandboxCharge = typeof sandboxCharges.$inferSelect;

/** The sandbox's test cards, as documented in docs/operations/paystack.md. */
export const SANDBOX_CARDS = {
  success: '4084084084084081',
  declined: '4000000000000002',
  otp: '5060666666666666666',
  /** Pays at checkout and is saved, but every later charge of the saved card is declined (insufficient funds). */
  renewalDeclined: '4084080000005408',
} as const;
export const SANDBOX_OTP = '123456';

const CARDS: Record<
  string,
  { type: string; outcome: 'success' | 'declined' | 'otp'; recurring: 'success' | 'declined' }
> = {
  [SANDBOX_CARDS.success]: { type: 'visa', outcome: 'success', recurring: 'success' },
  [SANDBOX_CARDS.declined]: { type: 'visa', outcome: 'declined', recurring: 'declined' },
  [SANDBOX_CARDS.otp]: { type: 'verve', outcome: 'otp', recurring: 'success' },
  [SANDBOX_CARDS.renewalDeclined]: { type: 'visa', outcome: 'success', recurring: 'declined' },
};

/** What a saved card does when charged again, by its brand and last four digits (all the sandbox keeps of it). */
function recurringOutcome(row: SandboxCharge): 'success' | 'declined' {
  const card = Object.entries(CARDS).find(
    ([number, known]) => number.slice(-4) === row.cardLast4 && known.type === row.cardType,
  );
  return card?.[1].recurring ?? 'declined';
}

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

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  charge(reference: string): Promise<SandboxCharge | undefined>;
  /** The payer submitted the card form; `current`: the charge the caller has just read, so it is not read again. */
  attempt(reference: string, card: CardAttempt, current?: SandboxCharge): Promise<AttemptOutcome>;
  /** The payer submitted the OTP form; a wrong OTP declines the charge, as a bank would after its last try. */
  submitOtp(reference: string, otp: string): Promise<SandboxCharge>;
  /**
   * The payer paid by bank transfer to the account the page showed, or by dialling the USSD code (Paystack's
   * `bank_transfer` and `ussd` channels, issue 36): the charge succeeds with that channel and no card.
   */
  payWithoutCard(
    reference: string,
    channel: (typeof SANDBOX_NON_CARD_CHANNELS)[number],
    ipAddress: string,
  ): Promise<SandboxCharge>;
  /** The signed charge.success delivery Paystack would POST to our webhook URL. */
  successWebhook(charge: SandboxCharge): { body: Buffer; signature: string };
  /**
   * A signed charge.dispute.* delivery about this charge, in Paystack's documented shape (the Dispute resource, the
   * payment in `transaction.reference`): the sandbox's way to rehearse a card-holder dispute (ADR 049).
   */
  disputeWebhook(
    charge: SandboxCharge,
    dispute: {
      stage: 'create' | 'remind' | 'resolve';
      id: number;
      resolution?: 'merchant-accepted' | 'auto-accepted' | 'declined';
      refundAmountKobo?: number;
    },
  ): { body: Buffer; signature: string };
}

/** A charge still takes a card: never tried, or its last attempt was declined. */
export function retryable(charge: Pick<SandboxCharge, 'status'>): boolean {
  return charge.status === 'pending' || charge.status === 'failed';
}

const SANDBOX_KEY_FILE = 'payments-sandbox.key';
const SANDBOX_KEY = /^sk_sandbox_[0-9a-f]{64}$/;
const sandboxKeys = new Map<string, string>();

/**
 * The key the sandbox signs and checks its webhooks with: random, made on the first start and kept in the data
 * directory (`payments-sandbox.key`, readable by the owner only). It was once derived from JWT_SECRET, whose
 * development default is public, so anyone could sign a `transfer.reversed` and be paid twice (issue 24).
 */
export function sandboxSecret(dataDir: string): string {
  const known = sandboxKeys.get(dataDir);
  if (known) return known;
  const file = path.join(dataDir, SANDBOX_KEY_FILE);
  const read = () => {
    try {
      return fs.readFileSync(file, 'utf8').trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
  let key = read();
  if (key === null || !SANDBOX_KEY.test(key)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const fresh = `sk_sandbox_${randomBytes(32).toString('hex')}`;
    try {
      // `wx`: two processes starting at once on one data directory keep the first key written.
      fs.writeFileSync(file, `${fresh}\n`, { flag: key === null ? 'wx' : 'w', mode: 0o600 });
      key = fresh;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      key = read() ?? '';
    }
  }
  sandboxKeys.set(dataDir, key);
  return key;
}

/** Paystack's local card pricing: 1.5% plus ₦100 (waived under ₦2,500), capped at ₦2,000. */
export function paystackFeeKobo(amountKobo: number): number {
  const fee = Math.round(amountKobo * 0.015) + (amountKobo >= 250_000 ? 10_000 : 0);
  return Math.min(fee, 200_000);
}

/** Paystack's verify `data` for a charge, so that the same mapping reads both. */
function paystackData(charge: SandboxCharge) {
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

// Built once (ADR 033): the payment page and every verify read the charge.
const chargeByReference = prepared('sandbox_charge_by_reference', (db) =>
  db
    .select()
    .from(sandboxCharges)
    .where(eq(sandboxCharges.reference, sql.placeholder('reference')))
    .limit(1),
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

/**
 * The built-in stand-in for Paystack, for a fresh clone and for tests: same initialise / verify / refund answers,
 * a checkout page served by the app, test cards, and the same signed webhook delivered in-process.
 */
export function createSandboxProvider(options: {
  db: Db;
  secret: string;
  publicUrl: string;
  now?: () => Date;
}): SandboxProvider {
  const { db, secret } = options;
  const now = options.now ?? (() => new Date());

  async function charge(reference: string) {
    const [row] = await chargeByReference(db, { reference });
    return row;
  }

  /** Moves a charge out of `from` only if it is still there, so a double-submitted form settles once. */
  async function finish(
    reference: string,
    from: SandboxCharge['status'] | SandboxCharge['status'][],
    values: Partial<SandboxCharge>,
  ) {
    const [row] = await db
      .update(sandboxCharges)
      .set({ ...values, updatedAt: now() })
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
  function authorizationCodeOf(email: string, cardNumber: string): string {
    const digest = createHmac('sha256', secret).update(`authorization:${email}:${cardNumber}`).digest('hex');
    return `AUTH_sbx${digest.slice(0, 12)}`;
  }

  function outcomeValues(success: boolean, amountKobo: number) {
    return success
      ? {
          status: 'success' as const,
          gatewayResponse: 'Successful',
          paidAt: now(),
          feesKobo: paystackFeeKobo(amountKobo),
        }
      : { status: 'failed' as const, gatewayResponse: 'Declined', paidAt: null, feesKobo: null };
  }

  return {
    name: 'sandbox',

    async initialize(request) {
      const split = request.split && request.split.length > 0 ? request.split : undefined;
      const problem = split ? splitProblem(split, request.amountKobo) : undefined;
      if (problem) throw new AppError('BAD_REQUEST', `The payment provider refused the request: ${problem}`);
      await insertCharge(request.executor ?? db, {
        reference: request.reference,
        // Paystack's transaction ids are 10-digit numbers.
        transactionId: String(randomInt(1_000_000_000, 9_999_999_999)),
        amountKobo: request.amountKobo,
        email: request.email,
        callbackUrl: request.callbackUrl,
        metadata: request.metadata ?? {},
      });
      if (split) {
        // Kept as Paystack keeps a dynamic split on the transaction (rare: only in subaccount settlement mode).
        await (request.executor ?? db)
          .update(sandboxCharges)
          .set({ split: split.map((share) => ({ subaccount: share.subaccount, share: share.shareKobo })) })
          .where(eq(sandboxCharges.reference, request.reference));
      }
      return {
        authorizationUrl: `${options.publicUrl}${SANDBOX_BASE}/checkout/${encodeURIComponent(request.reference)}`,
        accessCode: randomBytes(8).toString('hex'),
      };
    },

    async verify(reference) {
      const row = await charge(reference);
      // Paystack answers 404 "Transaction reference not found"; the adapter turns that into NOT_FOUND too.
      if (!row) throw notFound('The payment provider does not know this payment');
      return verificationFromPaystack(paystackData(row));
    },

    async refund(reference, amountKobo): Promise<RefundResult> {
      const row = await charge(reference);
      if (!row) throw notFound('The payment provider does not know this payment');
      const amount = amountKobo ?? row.amountKobo - row.refundedKobo;
      const made = {
        id: `RF_SBX_${randomInt(100_000_000, 999_999_999)}`,
        amountKobo: amount,
        status: 'processed',
      };
      const [updated] = await db
        .update(sandboxCharges)
        .set({
          refundedKobo: sql`${sandboxCharges.refundedKobo} + ${amount}`,
          refunds: sql`${sandboxCharges.refunds} || ${JSON.stringify([made])}::jsonb`,
          updatedAt: now(),
        })
        .where(
          and(
            eq(sandboxCharges.reference, reference),
            eq(sandboxCharges.status, 'success'),
            sql`${sandboxCharges.refundedKobo} + ${amount} <= ${sandboxCharges.amountKobo}`,
          ),
        )
        .returning();
      if (!updated || amount <= 0) {
        throw new AppError(
          'BAD_REQUEST',
          'The payment provider refused the request: Refund amount is invalid',
        );
      }
      // Kept as Paystack keeps its refunds, so that its refund list (reconciliation, ADR 065) names this one.
      await db
        .insert(sandboxRefunds)
        .values({ id: made.id, reference, amountKobo: amount, createdAt: now() });
      return { status: 'processed', amountKobo: amount, providerReference: made.id };
    },

    async listRefunds(reference) {
      const row = await charge(reference);
      if (!row) throw notFound('The payment provider does not know this payment');
      return row.refunds.map((made) => ({
        providerReference: made.id,
        amountKobo: made.amountKobo,
        status: made.status,
      }));
    },

    async chargeAuthorization(request) {
      // Paystack only charges an authorization for the customer (e-mail) it was issued to.
      const [saved] = await db
        .select()
        .from(sandboxCharges)
        .where(
          and(
            eq(sandboxCharges.authorizationCode, request.authorizationCode),
            eq(sandboxCharges.email, request.email),
            eq(sandboxCharges.status, 'success'),
          ),
        )
        .limit(1);
      if (!saved) {
        throw new AppError(
          'BAD_REQUEST',
          'The payment provider refused the request: Invalid authorization code',
        );
      }
      const success = recurringOutcome(saved) === 'success';
      const [row] = await db
        .insert(sandboxCharges)
        .values({
          reference: request.reference,
          transactionId: String(randomInt(1_000_000_000, 9_999_999_999)),
          amountKobo: request.amountKobo,
          currency: 'NGN',
          email: request.email,
          callbackUrl: '',
          metadata: request.metadata ?? {},
          channel: 'card',
          cardType: saved.cardType,
          cardLast4: saved.cardLast4,
          bank: saved.bank,
          countryCode: saved.countryCode,
          authorizationCode: saved.authorizationCode,
          ...outcomeValues(success, request.amountKobo),
          ...(success ? {} : { gatewayResponse: 'Insufficient Funds' }),
        })
        .returning();
      return verificationFromPaystack(paystackData(row!));
    },

    verifySignature: (rawBody, signature) => verifyPaystackSignature(secret, rawBody, signature),
    parseWebhook: parsePaystackWebhook,

    charge,

    async attempt(reference, card, current) {
      const row = current?.reference === reference ? current : await charge(reference);
      if (!row) throw notFound('Payment not found');
      // As on Paystack's page, a declined attempt (card or OTP) lets the payer try again under the same reference.
      if (!retryable(row)) throw conflict('This payment has already been completed');
      const number = card.cardNumber.replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(number)) {
        return { kind: 'invalid', field: 'cardNumber', message: 'Enter the card number' };
      }
      const expiry = expiryProblem(card.expiry, now());
      if (expiry) return { kind: 'invalid', field: 'expiry', message: expiry };
      if (!/^\d{3,4}$/.test(card.cvv.trim())) {
        return { kind: 'invalid', field: 'cvv', message: 'Enter the 3 digits on the back of the card' };
      }
      const known = CARDS[number];
      if (!known) {
        return {
          kind: 'invalid',
          field: 'cardNumber',
          message: 'Use one of the sandbox test cards listed below',
        };
      }
      const cardValues = {
        channel: 'card',
        cardType: known.type,
        cardLast4: number.slice(-4),
        bank: 'TEST BANK',
        countryCode: 'NG',
        ipAddress: card.ipAddress,
        // Every sandbox test card is reusable once it has paid; a declined attempt stores nothing usable.
        authorizationCode: known.outcome === 'declined' ? null : authorizationCodeOf(row.email, number),
      };
      if (known.outcome === 'otp') {
        await finish(reference, ['pending', 'failed'], { ...cardValues, status: 'send_otp' });
        return { kind: 'otp' };
      }
      const outcome = outcomeValues(known.outcome === 'success', row.amountKobo);
      const [done] = await finishAttempt(db, {
        ...cardValues,
        ...outcome,
        paidAt: outcome.paidAt?.toISOString() ?? null,
        updatedAt: now().toISOString(),
        reference,
      });
      if (!done) throw conflict('This payment has already been completed');
      return { kind: 'done', charge: done };
    },

    async payWithoutCard(reference, channel, ipAddress) {
      const row = await charge(reference);
      if (!row) throw notFound('Payment not found');
      if (!retryable(row)) throw conflict('This payment has already been completed');
      return finish(reference, ['pending', 'failed'], {
        ...outcomeValues(true, row.amountKobo),
        channel,
        cardType: null,
        cardLast4: null,
        bank: channel === 'ussd' ? 'Guaranty Trust Bank (*737#)' : 'Wema Bank (transfer)',
        countryCode: 'NG',
        ipAddress,
        authorizationCode: null,
      });
    },

    async submitOtp(reference, otp) {
      const row = await charge(reference);
      if (!row) throw notFound('Payment not found');
      return finish(reference, 'send_otp', outcomeValues(otp.trim() === SANDBOX_OTP, row.amountKobo));
    },

    successWebhook(row) {
      const body = Buffer.from(JSON.stringify({ event: 'charge.success', data: paystackData(row) }));
      return { body, signature: signPaystackBody(secret, body) };
    },
    disputeWebhook(row, dispute) {
      const opened = row.paidAt ?? row.createdAt;
      const resolved = dispute.stage === 'resolve';
      const data = {
        id: dispute.id,
        refund_amount: dispute.refundAmountKobo ?? row.amountKobo,
        currency: row.currency,
        status: resolved ? 'resolved' : 'awaiting-merchant-feedback',
        resolution: resolved ? (dispute.resolution ?? 'declined') : null,
        domain: 'test',
        transaction: paystackData(row),
        transaction_reference: null,
        category: 'chargeback',
        customer: { email: row.email },
        dueAt: new Date(opened.getTime() + 2 * 24 * 60 * 60 * 1000).toISOString(),
        resolvedAt: resolved ? new Date().toISOString() : null,
        evidence: null,
        attachments: null,
        note: null,
        history: [],
        messages: [],
        created_at: opened.toISOString(),
        updated_at: new Date().toISOString(),
      };
      const body = Buffer.from(JSON.stringify({ event: `charge.dispute.${dispute.stage}`, data }));
      return { body, signature: signPaystackBody(secret, body) };
    },
  };
}

/**
 * Production without a Paystack key and without PAYMENTS_SANDBOX=true: the fake-card sandbox must never take
 * "payments" on a live site, so every payment is refused with a clear answer instead.
 */
export function createUnavailableProvider(): PaymentProvider {
  const unavailable = () => new AppError('SERVICE_UNAVAILABLE', 'Payments are not available at the moment.');
  return {
    name: 'paystack',
    initialize: async () => {
      throw unavailable();
    },
    verify: async () => {
      throw unavailable();
    },
    refund: async () => {
      throw unavailable();
    },
    listRefunds: async () => {
      throw unavailable();
    },
    chargeAuthorization: async () => {
      throw unavailable();
    },
    verifySignature: () => false,
    parseWebhook: parsePaystackWebhook,
  };
}
