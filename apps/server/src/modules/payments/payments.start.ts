import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { StatementPart } from '../../platform/db/prepared.js';
import { AppError } from '../../platform/errors.js';
import { countMoneyOutcome } from '../../platform/observability/metrics.js';
import { outcomeUnknown } from '../../platform/payments/paystack-http.js';
import type { PaymentPurpose } from '../../platform/payments/provider.js';
import {
  find,
  type PaymentState,
  type PaymentsContext,
  prefixOf,
  purposeOf,
  type StartPayment,
} from './payments.context.js';
import { paymentTransactions } from './payments.schema.js';
import { settle } from './payments.settle.js';
import { insertPayment } from './payments.statements.js';

// Starting a payment: recorded first (status initialized), then the provider is asked for the page the payer goes to
// (ADR 055), or, for a saved card with no payer present, to charge it (ADR 071).

/** A saved card's charge: `start`'s input without a page to return to. */
export type SavedCardCharge = Omit<StartPayment, 'callbackPath'> & {
  authorizationCode: string;
  resend?: boolean;
};

/** Paystack's smallest NGN charge is ₦1.00 (100 kobo). */
function ensureChargeable(amountKobo: number) {
  if (!Number.isSafeInteger(amountKobo) || amountKobo < 100) {
    throw new AppError('BAD_REQUEST', 'The amount to pay must be at least ₦1.00');
  }
}

/** What `record` checks before it writes anything: a registered purpose, a chargeable amount, a path of this app. */
function ensureRecordable(ctx: PaymentsContext, input: StartPayment) {
  purposeOf(ctx, prefixOf(input.reference));
  ensureChargeable(input.amountKobo);
  if (!input.callbackPath.startsWith('/') || input.callbackPath.startsWith('//')) {
    throw new Error('callbackPath must be a path of this app, such as /checkout/complete');
  }
}

export async function record(ctx: PaymentsContext, executor: Db, input: StartPayment) {
  const prefix = prefixOf(input.reference);
  ensureRecordable(ctx, input);
  // Worked out before anything is written: a split that cannot be made (a store lost its subaccount) leaves no
  // payment row behind to block the next try under the same reference.
  const splitter = ctx.splitters.get(prefix);
  const split = splitter
    ? await splitter(executor, { reference: input.reference, amountKobo: input.amountKobo })
    : undefined;
  await insertPayment(executor, {
    reference: input.reference,
    purpose: prefix,
    provider: ctx.provider.name,
    customerId: input.customerId ?? null,
    amountKobo: input.amountKobo,
    metadata: input.metadata ?? {},
    customerEmail: input.email,
  });
  if (split && split.length > 0) {
    await executor
      .update(paymentTransactions)
      .set({ split })
      .where(eq(paymentTransactions.reference, input.reference));
    ctx.recordedSplits.set(input.reference, split);
  }
}

/**
 * `record` as a part of the caller's statement of writes (issue 32, item 6; ADR 087): the checkout's rows and its
 * payment in one round trip. Undefined when the purpose splits its payments (ADR 051): the split is worked out
 * from the rows the caller's statement writes, so such a payment is recorded after it, by `record`.
 */
export function recordPart(ctx: PaymentsContext, input: StartPayment): StatementPart | undefined {
  if (ctx.splitters.has(prefixOf(input.reference))) return undefined;
  ensureRecordable(ctx, input);
  return {
    name: 'payments_record',
    sql: () => sql`insert into ${paymentTransactions} (reference, purpose, provider, customer_id, amount_kobo,
        currency, status, metadata, customer_email)
      values (${sql.placeholder('paymentReference')}, ${sql.placeholder('paymentPurpose')},
        ${sql.placeholder('paymentProvider')}, ${sql.placeholder('paymentCustomerId')}::uuid,
        ${sql.placeholder('paymentAmountKobo')}::bigint, 'NGN', 'initialized', ${sql.placeholder('paymentMetadata')}::jsonb,
        ${sql.placeholder('paymentCustomerEmail')})`,
    values: {
      paymentReference: input.reference,
      paymentPurpose: prefixOf(input.reference),
      paymentProvider: ctx.provider.name,
      paymentCustomerId: input.customerId ?? null,
      paymentAmountKobo: input.amountKobo,
      paymentMetadata: JSON.stringify(input.metadata ?? {}),
      paymentCustomerEmail: input.email,
    },
  };
}

export async function open(ctx: PaymentsContext, executor: Db, input: StartPayment) {
  let split = ctx.recordedSplits.get(input.reference);
  ctx.recordedSplits.delete(input.reference);
  if (!split && ctx.splitters.has(prefixOf(input.reference))) {
    const [row] = await executor
      .select({ split: paymentTransactions.split })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.reference, input.reference));
    split = row?.split ?? undefined;
  }
  const result = await ctx.provider.initialize({
    reference: input.reference,
    amountKobo: input.amountKobo,
    email: input.email,
    callbackUrl: `${ctx.publicUrl}${input.callbackPath}`,
    metadata: { ...input.metadata, purpose: prefixOf(input.reference) },
    ...(split && split.length > 0
      ? { split: split.map((line) => ({ subaccount: line.subaccount, shareKobo: line.shareKobo })) }
      : {}),
    executor,
  });
  return { authorizationUrl: result.authorizationUrl, reference: input.reference };
}

export async function start(ctx: PaymentsContext, executor: Db, input: StartPayment) {
  await record(ctx, executor, input);
  return open(ctx, executor, input);
}

/** The provider refused to charge (an authorization no longer valid): the charge failed; no money moved. */
async function chargeRefused(
  ctx: PaymentsContext,
  purpose: PaymentPurpose,
  input: SavedCardCharge,
  error: AppError,
): Promise<PaymentState> {
  ctx.logger.warn({ reference: input.reference }, 'saved card charge refused by the provider');
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(paymentTransactions)
      .set({ status: 'failed', gatewayResponse: error.message, updatedAt: ctx.now() })
      .where(eq(paymentTransactions.reference, input.reference))
      .returning();
    await purpose.onFailed?.(tx, input.reference, {
      reference: input.reference,
      status: 'failed',
      amountKobo: input.amountKobo,
      requestedAmountKobo: null,
      currency: 'NGN',
      paidAt: null,
      channel: null,
      providerTransactionId: null,
      feesKobo: null,
      customerEmail: input.email,
      ipAddress: null,
      card: null,
      gatewayResponse: error.message,
      reusableAuthorization: null,
    });
    return { status: row!.status, reference: input.reference };
  });
}

/**
 * Charges a saved card authorization with no payer present (ADR 061, 071): recorded first and committed, charged,
 * then settled through `settle` like any other payment. `resend` charges an `initialized` row again under the same
 * reference (Paystack refuses a second charge under one reference, so it is never charged twice).
 */
export async function chargeSaved(ctx: PaymentsContext, input: SavedCardCharge): Promise<PaymentState> {
  const prefix = prefixOf(input.reference);
  const purpose = purposeOf(ctx, prefix);
  ensureChargeable(input.amountKobo);
  if (input.resend) {
    const row = await find(ctx.db, input.reference);
    if (row?.status !== 'initialized') return { status: row?.status ?? 'failed', reference: input.reference };
  } else {
    await ctx.db.insert(paymentTransactions).values({
      reference: input.reference,
      purpose: prefix,
      provider: ctx.provider.name,
      customerId: input.customerId ?? null,
      amountKobo: input.amountKobo,
      currency: 'NGN',
      status: 'initialized',
      metadata: { ...input.metadata, recurring: true },
      customerEmail: input.email,
    });
  }
  try {
    await ctx.provider.chargeAuthorization({
      reference: input.reference,
      amountKobo: input.amountKobo,
      email: input.email,
      authorizationCode: input.authorizationCode,
      metadata: { ...input.metadata, purpose: prefix },
    });
  } catch (error) {
    if (outcomeUnknown(error)) {
      // The charge may have been made: it stays initialized until verify by reference says (ADR 071).
      ctx.logger.warn({ reference: input.reference }, 'saved card charge outcome unknown');
      countMoneyOutcome('payment', 'unknown');
      return { status: 'initialized', reference: input.reference };
    }
    if (input.resend && error instanceof AppError && /duplicate/i.test(error.message)) {
      // Paystack holds a charge under this reference after all: what it says of it settles the row.
      return settle(ctx, input.reference);
    }
    if (!(error instanceof AppError) || error.code !== 'BAD_REQUEST') throw error;
    return chargeRefused(ctx, purpose, input, error);
  }
  return settle(ctx, input.reference);
}
