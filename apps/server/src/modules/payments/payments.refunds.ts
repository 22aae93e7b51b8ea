import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { conflict, notFound } from '../../platform/errors.js';
import { countMoneyOutcome } from '../../platform/observability/metrics.js';
import { outcomeUnknown } from '../../platform/payments/paystack-http.js';
import type { RefundResult } from '../../platform/payments/provider.js';
import type { PaymentsContext } from './payments.context.js';
import { paymentTransactions } from './payments.schema.js';
import { lockPaymentByReference } from './payments.statements.js';

// Money sent back on a payment (ADR 061): reserved on the payment under its row lock in the transaction that records
// the intent, sent to the provider after it committed, released when the provider did not make it.

/**
 * Reserves `amountKobo` of the payment for a refund, under its row lock, in the caller's transaction, so two refunds
 * never send back more than was paid. `force` takes it whatever is left: the provider already made that refund.
 */
export async function reserveRefund(
  ctx: PaymentsContext,
  executor: Db,
  reference: string,
  amountKobo: number,
  force = false,
) {
  const [row] = await lockPaymentByReference(executor, { reference });
  if (!row) throw notFound('Payment not found');
  if (!force) {
    if (row.status !== 'success') throw conflict('Only a successful payment can be refunded');
    const left = row.amountKobo - row.refundedKobo;
    if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0 || amountKobo > left) {
      throw conflict('The refund is more than what is left of the payment');
    }
  }
  await executor
    .update(paymentTransactions)
    .set({ refundedKobo: sql`${paymentTransactions.refundedKobo} + ${amountKobo}`, updatedAt: ctx.now() })
    .where(eq(paymentTransactions.id, row.id));
}

/** Asks the provider to make a refund reserved by `reserveRefund`, after the intent committed. */
export async function sendRefund(ctx: PaymentsContext, reference: string, amountKobo: number) {
  const result = await ctx.provider.refund(reference, amountKobo);
  ctx.logger.info({ reference, amountKobo, status: result.status }, 'refund requested');
  return result;
}

/** Frees what `reserveRefund` reserved: the provider did not make that refund. In the caller's transaction. */
export async function releaseRefund(
  ctx: PaymentsContext,
  executor: Db,
  reference: string,
  amountKobo: number,
) {
  await executor
    .update(paymentTransactions)
    .set({
      refundedKobo: sql`greatest(0, ${paymentTransactions.refundedKobo} - ${amountKobo})`,
      updatedAt: ctx.now(),
    })
    .where(eq(paymentTransactions.reference, reference));
}

/** Sends money back (all of what is left when no amount is given): reserved, sent, released when refused. */
export async function refund(ctx: PaymentsContext, reference: string, amountKobo?: number) {
  const { db } = ctx;
  // Reserve the amount first, under the row lock, so two refunds can never send back more than was paid.
  const amount = await db.transaction(async (tx) => {
    const [row] = await lockPaymentByReference(tx, { reference });
    if (!row) throw notFound('Payment not found');
    const wanted = amountKobo ?? row.amountKobo - row.refundedKobo;
    await reserveRefund(ctx, tx, reference, wanted);
    return wanted;
  });
  let result: RefundResult;
  try {
    result = await sendRefund(ctx, reference, amount);
  } catch (error) {
    // Unknown: the provider may have made it; the reservation stays until someone asks it (ADR 061).
    const unknown = outcomeUnknown(error);
    countMoneyOutcome('refund', unknown ? 'unknown' : 'refused');
    if (!unknown) await releaseRefund(ctx, db, reference, amount);
    throw error;
  }
  countMoneyOutcome('refund', result.status);
  if (result.status === 'failed') await releaseRefund(ctx, db, reference, amount);
  return result;
}
