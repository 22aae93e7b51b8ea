import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { storePolicies } from './policies.schema.js';

export type PolicyRow = typeof storePolicies.$inferSelect;
export type PolicyInsert = typeof storePolicies.$inferInsert;

/** In the order of the kinds (shipping, returns, refunds, privacy, terms). */
const kindOrder = sql`array_position(array['shipping','returns','refunds','privacy','terms']::text[], ${storePolicies.type})`;

/** The kinds of policy the store has written (the setup guide's step). */
export async function storePolicyTypes(db: Db, storeId: string): Promise<PolicyRow['type'][]> {
  const rows = await db
    .select({ type: storePolicies.type })
    .from(storePolicies)
    .where(eq(storePolicies.storeId, storeId));
  return rows.map((row) => row.type);
}

export function listStorePolicies(db: Db, storeId: string): Promise<PolicyRow[]> {
  return db.select().from(storePolicies).where(eq(storePolicies.storeId, storeId)).orderBy(kindOrder);
}

export async function insertPolicy(db: Db, values: PolicyInsert): Promise<PolicyRow> {
  const [row] = await db.insert(storePolicies).values(values).returning();
  return row!;
}

/** Changes a policy of this store; undefined when the store has no such policy. */
export async function updateStorePolicy(
  db: Db,
  storeId: string,
  id: string,
  changes: Partial<PolicyInsert>,
): Promise<PolicyRow | undefined> {
  const [row] = await db
    .update(storePolicies)
    .set(changes)
    .where(and(eq(storePolicies.id, id), eq(storePolicies.storeId, storeId)))
    .returning();
  return row;
}

export async function deleteStorePolicy(db: Db, storeId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(storePolicies)
    .where(and(eq(storePolicies.id, id), eq(storePolicies.storeId, storeId)))
    .returning({ id: storePolicies.id });
  return rows.length > 0;
}
