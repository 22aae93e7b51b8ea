import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { storeMembers, stores } from './stores.schema.js';

/** The stores a merchant account works in, with its role and since when, for its data export (ADR 073). */
export async function storeMembershipsForExport(db: Db, userId: string) {
  const rows = await db
    .select({
      storeId: storeMembers.storeId,
      storeName: stores.storeName,
      role: storeMembers.role,
      isActive: storeMembers.isActive,
      since: storeMembers.createdAt,
    })
    .from(storeMembers)
    .innerJoin(stores, eq(stores.id, storeMembers.storeId))
    .where(eq(storeMembers.userId, userId))
    .orderBy(asc(storeMembers.createdAt));
  return rows.map((row) => ({ ...row, since: row.since.toISOString() }));
}

/** Whether the account owns a store: a store needs someone answerable for its orders and money. */
export async function ownsAStore(tx: Db, userId: string): Promise<boolean> {
  const [owned] = await tx
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.merchantId, userId))
    .limit(1);
  return Boolean(owned);
}

/** A closed staff member's places end: no store counts them as a member any more. Answers how many ended. */
export async function endStoreMemberships(tx: Db, userId: string, at: Date): Promise<number> {
  const ended = await tx
    .update(storeMembers)
    .set({ isActive: false, updatedAt: at })
    .where(and(eq(storeMembers.userId, userId), eq(storeMembers.isActive, true)))
    .returning({ id: storeMembers.id });
  return ended.length;
}
