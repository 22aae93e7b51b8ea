import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { orderRefunds, orders, orderTrackers } from './orders.schema.js';

// The orders module's repository, continued.

// ---------- refunds (the history of money sent back, ADR 026) ----------

export type RefundRow = typeof orderRefunds.$inferSelect;
export type NewRefund = typeof orderRefunds.$inferInsert;

export async function refundsOfOrder(executor: Db, orderId: string): Promise<RefundRow[]> {
  return executor
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
}

/**
 * Ids of paid orders after `after` (by id), `limit` of them: for the flow that books paid orders the ledger never
 * heard of (ADR 047). A paid order is one the sales reports count (ADR 025).
 */
export async function paidOrderIds(executor: Db, after: string | null, limit: number): Promise<string[]> {
  const rows = await executor
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        after ? gt(orders.id, after) : undefined,
        sql`${orders.status} <> 'awaiting_payment'`,
        sql`(${orders.status} <> 'cancelled' or exists (select 1 from ${orderTrackers} t
          where t.id = ${orders.trackerId} and t.paid_at is not null))`,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function refundsOfReturns(executor: Db, returnIds: string[]): Promise<RefundRow[]> {
  if (returnIds.length === 0) return [];
  return executor
    .select()
    .from(orderRefunds)
    .where(inArray(orderRefunds.returnId, returnIds))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
}

export async function insertRefund(executor: Db, values: NewRefund): Promise<RefundRow> {
  const [row] = await executor.insert(orderRefunds).values(values).returning();
  return row!;
}

export async function lockRefund(executor: Db, refundId: string): Promise<RefundRow | undefined> {
  const [row] = await executor.select().from(orderRefunds).where(eq(orderRefunds.id, refundId)).for('update');
  return row;
}

export async function findRefund(executor: Db, refundId: string): Promise<RefundRow | undefined> {
  const [row] = await executor.select().from(orderRefunds).where(eq(orderRefunds.id, refundId)).limit(1);
  return row;
}

/** Updates a refund only while it is in one of `from` (a webhook and the sender may race); answers the row. */
export async function updateRefund(
  executor: Db,
  refundId: string,
  from: RefundRow['status'][],
  patch: Partial<NewRefund>,
): Promise<RefundRow | undefined> {
  const [row] = await executor
    .update(orderRefunds)
    .set(patch)
    .where(and(eq(orderRefunds.id, refundId), inArray(orderRefunds.status, from)))
    .returning();
  return row;
}

/** Who bears the refunds `which` selects: a return's refunds, or a card dispute's reversals. */
async function chargeRefundsTo(
  executor: Db,
  which: SQL | undefined,
  chargedTo: 'merchant' | 'platform',
  at: Date,
): Promise<RefundRow[]> {
  return executor.update(orderRefunds).set({ chargedTo, updatedAt: at }).where(which).returning();
}

export async function setChargedTo(
  executor: Db,
  returnId: string,
  chargedTo: 'merchant' | 'platform',
  at: Date,
): Promise<RefundRow[]> {
  return chargeRefundsTo(executor, eq(orderRefunds.returnId, returnId), chargedTo, at);
}

/** The refunds the provider settled itself under one key (a card dispute's reversal, ADR 049). */
function chargebacksSettledBy(settlementKey: string): SQL | undefined {
  return and(eq(orderRefunds.kind, 'chargeback'), eq(orderRefunds.providerReference, settlementKey));
}

export async function refundsSettledBy(executor: Db, settlementKey: string): Promise<RefundRow[]> {
  return executor.select().from(orderRefunds).where(chargebacksSettledBy(settlementKey));
}

export async function setChargedToSettledBy(
  executor: Db,
  settlementKey: string,
  chargedTo: 'merchant' | 'platform',
  at: Date,
): Promise<RefundRow[]> {
  return chargeRefundsTo(executor, chargebacksSettledBy(settlementKey), chargedTo, at);
}

/**
 * The provider's refund a webhook speaks of: by the provider's own id when we have it, else the oldest refund of
 * that payment with that amount that is not final (failed and unknown included: a late answer or a retry may have
 * come first, ADR 061). Paystack's refund.* samples name the processor's `refund_reference`, not the id its
 * `POST /refund` answered, so the fallback cannot exclude rows that hold an id. Locked.
 */
export async function lockProviderRefund(
  executor: Db,
  match: { paymentReference: string; providerReference: string | null; amountKobo: number | null },
): Promise<RefundRow | undefined> {
  if (match.providerReference) {
    const [byId] = await executor
      .select()
      .from(orderRefunds)
      .where(
        and(
          eq(orderRefunds.paymentReference, match.paymentReference),
          eq(orderRefunds.providerReference, match.providerReference),
        ),
      )
      .limit(1)
      .for('update');
    if (byId) return byId;
  }
  const [row] = await executor
    .select()
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.paymentReference, match.paymentReference),
        eq(orderRefunds.destination, 'provider'),
        inArray(orderRefunds.status, ['pending', 'processing', 'unknown', 'failed']),
        match.amountKobo === null ? undefined : eq(orderRefunds.amountKobo, match.amountKobo),
      ),
    )
    // The rows the provider most likely holds first: a call in flight or unheard, then a failure, then unsent.
    .orderBy(
      sql`case ${orderRefunds.status} when 'unknown' then 0 when 'processing' then 1 when 'failed' then 2 else 3 end`,
      asc(orderRefunds.createdAt),
    )
    .limit(1)
    .for('update');
  return row;
}

/** Every provider refund of one payment, locked: which of the provider's refunds are already ours (ADR 061). */
export async function lockProviderRefundsOfPayment(
  executor: Db,
  paymentReference: string,
): Promise<RefundRow[]> {
  return executor
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.paymentReference, paymentReference), eq(orderRefunds.destination, 'provider')))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id))
    .for('update');
}

/**
 * Provider refunds whose outcome nobody recorded (ADR 061), oldest first: `unknown` ones whose next look is due,
 * `processing` ones whose call was started (the intent) and never answered by `at` (the process died in between),
 * and `pending` ones booked before `bookedBefore` and never sent (the process died after the booking committed).
 */
export async function refundsToResume(
  executor: Db,
  at: Date,
  bookedBefore: Date,
  limit: number,
): Promise<RefundRow[]> {
  return executor
    .select()
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.destination, 'provider'),
        or(
          and(
            inArray(orderRefunds.status, ['unknown', 'processing']),
            isNull(orderRefunds.providerReference),
            lte(orderRefunds.nextAttemptAt, at),
          ),
          and(eq(orderRefunds.status, 'pending'), lte(orderRefunds.updatedAt, bookedBefore)),
        ),
      ),
    )
    .orderBy(asc(orderRefunds.updatedAt))
    .limit(limit);
}

/** Failed refunds whose automatic retry is due (ADR 049), oldest due first. */
export async function refundsDueForRetry(executor: Db, at: Date, limit: number): Promise<RefundRow[]> {
  return executor
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.status, 'failed'), lte(orderRefunds.nextAttemptAt, at)))
    .orderBy(asc(orderRefunds.nextAttemptAt))
    .limit(limit);
}

export async function refundPage(
  executor: Db,
  filter: { status?: RefundRow['status']; needsAttention?: boolean },
  page: { page: number; limit: number },
): Promise<{ rows: (RefundRow & { orderName: string })[]; total: number }> {
  const where = and(
    filter.status ? eq(orderRefunds.status, filter.status) : undefined,
    // Flagged and still with the provider: once processed, failed or decided, nothing is left to attend to.
    filter.needsAttention
      ? and(eq(orderRefunds.needsAttention, true), eq(orderRefunds.status, 'processing'))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    executor
      .select({ refund: orderRefunds, orderName: orders.orderName })
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .where(where)
      .orderBy(desc(orderRefunds.createdAt), desc(orderRefunds.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    executor.select({ value: count() }).from(orderRefunds).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row.refund, orderName: row.orderName })),
    total: total?.value ?? 0,
  };
}

export async function orderNames(executor: Db, orderIds: string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await executor
    .select({ id: orders.id, orderName: orders.orderName })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  return new Map(rows.map((row) => [row.id, row.orderName]));
}
