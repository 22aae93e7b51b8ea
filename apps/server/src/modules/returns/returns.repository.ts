import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { orderReturns, type ReturnStatus } from './returns.schema.js';

// The only file of the returns module that knows Drizzle.

export type ReturnRow = typeof orderReturns.$inferSelect;
export type NewReturn = typeof orderReturns.$inferInsert;

export interface ReturnFilter {
  customerId?: string;
  storeId?: string;
  status?: ReturnStatus;
  disputed?: boolean;
  orderId?: string;
}

export async function insertReturn(executor: Db, values: NewReturn): Promise<ReturnRow> {
  const [row] = await executor.insert(orderReturns).values(values).returning();
  return row!;
}

export async function lockReturn(executor: Db, returnId: string): Promise<ReturnRow | undefined> {
  const [row] = await executor.select().from(orderReturns).where(eq(orderReturns.id, returnId)).for('update');
  return row;
}

/** The returns a photo (by its file id) was sent with. */
export async function returnsWithPhoto(executor: Db, fileId: string): Promise<ReturnRow[]> {
  const pattern = `%/${fileId}-%`;
  return executor
    .select()
    .from(orderReturns)
    .where(
      sql`exists (select 1 from jsonb_array_elements_text(${orderReturns.photos}) as photo where photo like ${pattern})`,
    )
    .limit(20);
}

export async function findReturn(executor: Db, returnId: string): Promise<ReturnRow | undefined> {
  const [row] = await executor.select().from(orderReturns).where(eq(orderReturns.id, returnId)).limit(1);
  return row;
}

export async function updateReturn(
  executor: Db,
  returnId: string,
  patch: Partial<NewReturn>,
): Promise<ReturnRow> {
  const [row] = await executor
    .update(orderReturns)
    .set(patch)
    .where(eq(orderReturns.id, returnId))
    .returning();
  return row!;
}

/** Every return of an order (for the units already asked back). */
export async function returnsOfOrder(executor: Db, orderId: string): Promise<ReturnRow[]> {
  return executor.select().from(orderReturns).where(eq(orderReturns.orderId, orderId));
}

export async function returnPage(
  executor: Db,
  filter: ReturnFilter,
  page: { page: number; limit: number },
): Promise<{ rows: ReturnRow[]; total: number }> {
  const where: SQL | undefined = and(
    filter.customerId ? eq(orderReturns.customerId, filter.customerId) : undefined,
    filter.storeId ? eq(orderReturns.storeId, filter.storeId) : undefined,
    filter.status ? eq(orderReturns.status, filter.status) : undefined,
    filter.orderId ? eq(orderReturns.orderId, filter.orderId) : undefined,
    filter.disputed === undefined
      ? undefined
      : filter.disputed
        ? eq(orderReturns.disputeStatus, 'open')
        : undefined,
  );
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(orderReturns)
      .where(where)
      .orderBy(desc(orderReturns.createdAt), desc(orderReturns.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    executor.select({ value: count() }).from(orderReturns).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
