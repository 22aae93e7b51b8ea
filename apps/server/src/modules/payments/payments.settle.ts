import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { parsedJson, rowFromJson } from '../../platform/db/json-rows.js';
import { type ReadPart, readTogether } from '../../platform/db/prepared.js';
import { notFound } from '../../platform/errors.js';
import { countMoneyOutcome } from '../../platform/observability/metrics.js';
import type { PaymentPurpose, Verification } from '../../platform/payments/provider.js';
import {
  FINAL,
  find,
  listenerOf,
  type PaymentState,
  type PaymentsContext,
  type PaymentTransaction,
  purposeOf,
} from './payments.context.js';
import { type PaymentStatus, paymentTransactions } from './payments.schema.js';
import {
  lockedPaymentPart,
  lockPaymentByReference,
  settledValues,
  settlePayment,
  transactionFields,
} from './payments.statements.js';

// Settling a payment (ADR 033, 037, 044): the one path that marks money as received, for the webhook and the payer's
// return alike. The provider is asked outside the transaction; the row is settled under its lock.

/**
 * The amount rule (ADR 044): exactly what the order costs, or, when the business passes Paystack's charges to its
 * customers, that plus exactly the fee Paystack reports for the charge (`fees`), with `requested_amount` (when given)
 * the order's amount. Anything else is a mismatch, never paid.
 */
export function paidAsExpected(
  verification: Pick<Verification, 'amountKobo' | 'feesKobo' | 'requestedAmountKobo'>,
  expectedKobo: number,
): boolean {
  if (verification.amountKobo === expectedKobo) return true;
  const fees = verification.feesKobo;
  return (
    fees !== null &&
    fees > 0 &&
    verification.amountKobo - fees === expectedKobo &&
    (verification.requestedAmountKobo === null || verification.requestedAmountKobo === expectedKobo)
  );
}

/** `known`: the row the caller has just read, so that it is not read twice (ADR 033). */
export async function settle(
  ctx: PaymentsContext,
  reference: string,
  known?: PaymentTransaction,
): Promise<PaymentState> {
  return (await settleMarking(ctx, reference, known, null)).state;
}

/** The locked row, what the provider said of it, and the webhook event that brought it (null when none did). */
interface Settling {
  tx: Db;
  row: PaymentTransaction;
  purpose: PaymentPurpose;
  verification: Verification;
  reference: string;
  eventId: string | null;
  /** What the provider reported, as the row's columns, and when. */
  fields: ReturnType<typeof transactionFields> & { updatedAt: Date };
}

/**
 * The provider took the money: paid when it is what the purpose expects in naira under this reference, a mismatch
 * otherwise (never marked paid). The split's subaccounts were paid their shares either way.
 */
async function settleSucceeded(ctx: PaymentsContext, settling: Settling): Promise<PaymentStatus> {
  const { tx, row, purpose, verification, reference, eventId, fields } = settling;
  const expected = await purpose.expectedAmountKobo(tx, reference);
  const problems = [
    ...(verification.reference === reference ? [] : ['reference']),
    ...(verification.currency === 'NGN' ? [] : ['currency']),
    ...(expected !== undefined && paidAsExpected(verification, expected) ? [] : ['amount']),
  ];
  const status: PaymentStatus = problems.length === 0 ? 'success' : 'mismatch';
  await settlePayment(tx, settledValues(fields, status, row.id, eventId));
  // The provider paid the subaccounts their flat shares whatever the amount check says.
  if (row.split && row.split.length > 0) await listenerOf(ctx.listeners, 'split')(tx, reference, row.split);
  countMoneyOutcome('payment', status);
  if (status === 'mismatch') {
    // Money arrived that is not what the order costs: never mark it paid; finance refunds or settles by hand.
    ctx.logger.error(
      {
        reference,
        problems,
        expectedKobo: expected ?? null,
        receivedKobo: verification.amountKobo,
        currency: verification.currency,
      },
      'payment does not match what was expected; not marked paid',
    );
    return status;
  }
  await purpose.onPaid(tx, reference, verification);
  ctx.logger.info({ reference, amountKobo: verification.amountKobo }, 'payment settled');
  return status;
}

/**
 * The payment's row locked in the settling transaction, and the purpose's own rows after it in the same statement
 * when it names them (`lockWithPayment`, ADR 087).
 */
async function lockPayment(tx: Db, purpose: PaymentPurpose, reference: string) {
  const also = purpose.lockWithPayment?.(tx, reference);
  if (!also) return (await lockPaymentByReference(tx, { reference }))[0];
  const [row] = await readTogether(tx, [lockedPaymentPart(reference), ...also]);
  return row as PaymentTransaction | undefined;
}

/**
 * settle(), marking the webhook event `eventId` processed (outcome `settled:<status>`) in the settling
 * transaction when it writes the payment (ADR 037); `marked` says whether it did, so the caller marks it otherwise.
 */
export async function settleMarking(
  ctx: PaymentsContext,
  reference: string,
  known: PaymentTransaction | undefined,
  eventId: string | null,
): Promise<{ state: PaymentState; marked: boolean }> {
  const unmarked = (state: PaymentState) => ({ state, marked: false });
  const current = known ?? (await find(ctx.db, reference));
  if (!current) throw notFound('Payment not found');
  if (FINAL.has(current.status)) return unmarked({ status: current.status, reference });
  const purpose = purposeOf(ctx, current.purpose);

  // Asked outside the transaction: no row lock is held while waiting on the network.
  const verification = await ctx.provider.verify(reference);
  if (verification.status === 'pending') return unmarked({ status: current.status, reference });

  return ctx.db.transaction(async (tx) => {
    const marked = (state: PaymentState) => ({ state, marked: eventId !== null });
    const row = await lockPayment(tx, purpose, reference);
    if (!row) throw notFound('Payment not found');
    // The webhook and the payer's return may race here; the second one to get the lock finds it settled.
    if (FINAL.has(row.status)) return unmarked({ status: row.status, reference });
    const fields = { ...transactionFields(verification), updatedAt: ctx.now() };

    if (verification.status === 'success') {
      const settling = { tx, row, purpose, verification, reference, eventId, fields };
      const status = await settleSucceeded(ctx, settling);
      return marked({ status, reference });
    }

    // failed or abandoned. Not final: Paystack lets the payer try another card under the same reference, and
    // money that arrives later must still be honoured. The purpose hears of the first failure only.
    const failure: PaymentStatus = verification.status === 'abandoned' ? 'abandoned' : 'failed';
    if (row.status === failure) return unmarked({ status: row.status, reference });
    await settlePayment(tx, settledValues(fields, failure, row.id, eventId));
    countMoneyOutcome('payment', failure);
    if (row.status === 'initialized') await purpose.onFailed?.(tx, reference, verification);
    return marked({ status: failure, reference });
  });
}

/** settle() for the account that started the payment; anyone else is told it does not exist. */
export async function settleFor(ctx: PaymentsContext, customerId: string, reference: string) {
  const row = await find(ctx.db, reference);
  if (!row || row.customerId !== customerId) throw notFound('Payment not found');
  return settle(ctx, reference, row);
}

/**
 * settleFor() answering the payment's row as it is afterwards: a settled row is read once (ADR 033). `known` is the
 * row as the caller read it just now (`paymentPart`; null: none), not read again then.
 */
export async function settledRowFor(
  ctx: PaymentsContext,
  customerId: string,
  reference: string,
  known?: PaymentTransaction | null,
) {
  const row = known === undefined ? await find(ctx.db, reference) : known;
  if (!row || row.customerId !== customerId) throw notFound('Payment not found');
  if (FINAL.has(row.status)) return row;
  await settle(ctx, reference, row);
  return (await find(ctx.db, reference)) ?? row;
}

/** The channel the provider reported for a successful payment (card, bank_transfer, ussd…), or null. */
export async function paidChannelOf(ctx: PaymentsContext, reference: string) {
  const [row] = await ctx.db
    .select({ channel: paymentTransactions.channel, status: paymentTransactions.status })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.reference, reference));
  return row?.status === 'success' ? row.channel : null;
}

/** The payment of `reference`, if any, as a part of a read of several modules (`readTogether`, ADR 087). */
export function paymentPart(reference: string): ReadPart<PaymentTransaction | null> {
  return {
    name: 'payment_by_reference',
    sql: () => sql`select row_to_json(p) from ${paymentTransactions} p
        where p.reference = ${sql.placeholder('reference')} limit 1`,
    values: { reference },
    decode: (json) =>
      json === null ? null : rowFromJson<PaymentTransaction>(paymentTransactions, parsedJson(json)),
  };
}
