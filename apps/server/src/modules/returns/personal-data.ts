import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { orderReturns } from './returns.schema.js';

/** The customer's returns, for their data export (ADR 073). */
export async function returnsForExport(db: Db, customerId: string) {
  const rows = await db.select().from(orderReturns).where(eq(orderReturns.customerId, customerId));
  return rows.map((row) => ({
    id: row.id,
    orderName: row.orderName,
    storeName: row.storeName,
    type: row.type,
    status: row.status,
    reason: row.reason,
    lines: row.lines,
    refundKobo: row.refundKobo,
    disputeStatus: row.disputeStatus,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A closed account's returns stay with their refunds (the books) but no longer name the person. */
export async function anonymiseReturns(tx: Db, customerId: string, name: string): Promise<void> {
  await tx.update(orderReturns).set({ customerName: name }).where(eq(orderReturns.customerId, customerId));
}
