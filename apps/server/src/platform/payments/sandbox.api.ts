import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { prepared } from '../db/prepared.js';
import { AppError, notFound } from '../errors.js';
import { verificationFromPaystack } from './paystack.js';
import type {
  ChargeAuthorizationRequest,
  InitializeRequest,
  InitializeResult,
  ProviderRefund,
  RefundResult,
  Verification,
} from './provider.js';
import {
  CARDS,
  charge,
  outcomeValues,
  paystackData,
  SANDBOX_BASE,
  type SandboxCharge,
  type SandboxContext,
} from './sandbox.context.js';
import { sandboxCharges, sandboxRefunds } from './sandbox.schema.js';
import { signPaystackBody } from './signature.js';
import { splitProblem } from './subaccounts.js';

// The sandbox as the server calls Paystack's API (ADR 091's named functions): a payment initialised, verified,
// refunded, a saved card charged, and the signed webhooks Paystack would send.

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

/** What a saved card does when charged again, by its brand and last four digits (all the sandbox keeps of it). */
function recurringOutcome(row: SandboxCharge): 'success' | 'declined' {
  const card = Object.entries(CARDS).find(
    ([number, known]) => number.slice(-4) === row.cardLast4 && known.type === row.cardType,
  );
  return card?.[1].recurring ?? 'declined';
}

export async function initialize(ctx: SandboxContext, request: InitializeRequest): Promise<InitializeResult> {
  const split = request.split && request.split.length > 0 ? request.split : undefined;
  const problem = split ? splitProblem(split, request.amountKobo) : undefined;
  if (problem) throw new AppError('BAD_REQUEST', `The payment provider refused the request: ${problem}`);
  await insertCharge(request.executor ?? ctx.db, {
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
    await (request.executor ?? ctx.db)
      .update(sandboxCharges)
      .set({ split: split.map((share) => ({ subaccount: share.subaccount, share: share.shareKobo })) })
      .where(eq(sandboxCharges.reference, request.reference));
  }
  return {
    authorizationUrl: `${ctx.publicUrl}${SANDBOX_BASE}/checkout/${encodeURIComponent(request.reference)}`,
    accessCode: randomBytes(8).toString('hex'),
  };
}

export async function verify(ctx: SandboxContext, reference: string): Promise<Verification> {
  const row = await charge(ctx, reference);
  // Paystack answers 404 "Transaction reference not found"; the adapter turns that into NOT_FOUND too.
  if (!row) throw notFound('The payment provider does not know this payment');
  return verificationFromPaystack(paystackData(row));
}

export async function refund(
  ctx: SandboxContext,
  reference: string,
  amountKobo?: number,
): Promise<RefundResult> {
  const { db } = ctx;
  const row = await charge(ctx, reference);
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
      updatedAt: ctx.now(),
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
    throw new AppError('BAD_REQUEST', 'The payment provider refused the request: Refund amount is invalid');
  }
  // Kept as Paystack keeps its refunds, so that its refund list (reconciliation, ADR 065) names this one.
  await db
    .insert(sandboxRefunds)
    .values({ id: made.id, reference, amountKobo: amount, createdAt: ctx.now() });
  return { status: 'processed', amountKobo: amount, providerReference: made.id };
}

export async function listRefunds(ctx: SandboxContext, reference: string): Promise<ProviderRefund[]> {
  const row = await charge(ctx, reference);
  if (!row) throw notFound('The payment provider does not know this payment');
  return row.refunds.map((made) => ({
    providerReference: made.id,
    amountKobo: made.amountKobo,
    status: made.status,
  }));
}

export async function chargeAuthorization(
  ctx: SandboxContext,
  request: ChargeAuthorizationRequest,
): Promise<Verification> {
  const { db } = ctx;
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
    throw new AppError('BAD_REQUEST', 'The payment provider refused the request: Invalid authorization code');
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
      ...outcomeValues(ctx, success, request.amountKobo),
      ...(success ? {} : { gatewayResponse: 'Insufficient Funds' }),
    })
    .returning();
  return verificationFromPaystack(paystackData(row!));
}

/** The signed charge.success delivery Paystack would POST to our webhook URL. */
export function successWebhook(ctx: SandboxContext, row: SandboxCharge) {
  const body = Buffer.from(JSON.stringify({ event: 'charge.success', data: paystackData(row) }));
  return { body, signature: signPaystackBody(ctx.secret, body) };
}

/** A dispute's stage as the sandbox rehearses it (ADR 049). */
export interface SandboxDispute {
  stage: 'create' | 'remind' | 'resolve';
  id: number;
  resolution?: 'merchant-accepted' | 'auto-accepted' | 'declined';
  refundAmountKobo?: number;
}

/** A signed charge.dispute.* delivery about this charge, in Paystack's documented shape (the Dispute resource). */
export function disputeWebhook(ctx: SandboxContext, row: SandboxCharge, dispute: SandboxDispute) {
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
  return { body, signature: signPaystackBody(ctx.secret, body) };
}
