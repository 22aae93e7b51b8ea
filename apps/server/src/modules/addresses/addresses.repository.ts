import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { prepared } from '../../platform/db/prepared.js';
import { customerShippingAddresses } from './addresses.schema.js';

export type AddressRow = typeof customerShippingAddresses.$inferSelect;
export type AddressInsert = typeof customerShippingAddresses.$inferInsert;
const table = customerShippingAddresses;

/**
 * Serialises every change to one customer's addresses until the transaction ends. A row lock cannot do it: the
 * first address has no row to lock, and "at most 20" and "one default" are facts about the whole set.
 */
export async function lockCustomerAddresses(tx: Db, customerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`addresses:${customerId}`}, 0))`);
}

export function listAddresses(db: Db, customerId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(table)
    .where(eq(table.customerId, customerId))
    .orderBy(desc(table.isDefault), desc(table.createdAt), desc(table.id));
}

export async function countAddresses(db: Db, customerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(eq(table.customerId, customerId));
  return row?.n ?? 0;
}

// Built once (ADR 033): every checkout reads the address it ships to.
const addressById = prepared('addresses_by_id', (db) =>
  db
    .select()
    .from(table)
    .where(and(eq(table.id, sql.placeholder('id')), eq(table.customerId, sql.placeholder('customerId'))))
    .limit(1),
);

export async function findAddress(db: Db, customerId: string, id: string): Promise<AddressRow | undefined> {
  const [row] = await addressById(db, { id, customerId });
  return row;
}

export async function findDefaultAddress(db: Db, customerId: string): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(table.customerId, customerId), eq(table.isDefault, true)))
    .limit(1);
  return row;
}

export async function insertAddress(db: Db, values: AddressInsert): Promise<AddressRow> {
  const [row] = await db.insert(table).values(values).returning();
  return row!;
}

export async function updateAddress(
  db: Db,
  customerId: string,
  id: string,
  values: Partial<AddressInsert>,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .update(table)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(table.id, id), eq(table.customerId, customerId)))
    .returning();
  return row;
}

/** Clears the flag on every other address first, so the one-default index never sees two at once. */
export async function setDefault(db: Db, customerId: string, id: string): Promise<AddressRow | undefined> {
  await db
    .update(table)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(table.customerId, customerId), eq(table.isDefault, true), ne(table.id, id)));
  return updateAddress(db, customerId, id, { isDefault: true });
}

export async function deleteAddress(db: Db, customerId: string, id: string): Promise<AddressRow | undefined> {
  const [row] = await db
    .delete(table)
    .where(and(eq(table.id, id), eq(table.customerId, customerId)))
    .returning();
  return row;
}

export async function newestAddress(db: Db, customerId: string): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(table)
    .where(eq(table.customerId, customerId))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(1);
  return row;
}
