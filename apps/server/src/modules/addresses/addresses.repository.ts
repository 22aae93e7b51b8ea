import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { rowFromJson } from '../../platform/db/json-rows.js';
import { prepared, type ReadPart } from '../../platform/db/prepared.js';
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

/**
 * `findAddress` and `findDefaultAddress` of one customer as a part of a read of several modules (`readTogether`, ADR
 * 087): the address `addressId` names (null: none; compared as text, so an id that is no uuid finds nothing rather
 * than failing the statement) and the default one.
 */
export function chosenAndDefaultAddressPart(
  customerId: string,
  addressId: string | null,
): ReadPart<{ chosen?: AddressRow; fallback?: AddressRow }> {
  return {
    name: 'addresses_chosen_and_default',
    sql: () => sql`
      select json_build_object(
        'chosen', (select row_to_json(a) from ${table} a
          where a.customer_id = ${sql.placeholder('customerId')}::uuid and a.id::text = ${sql.placeholder('addressId')}::text),
        'fallback', (select row_to_json(a) from ${table} a
          where a.customer_id = ${sql.placeholder('customerId')}::uuid and a.is_default limit 1))`,
    values: { customerId, addressId },
    decode: (json) => {
      const both = (typeof json === 'string' ? JSON.parse(json) : json) as {
        chosen: Record<string, unknown> | null;
        fallback: Record<string, unknown> | null;
      };
      return {
        chosen: both.chosen ? rowFromJson<AddressRow>(table, both.chosen) : undefined,
        fallback: both.fallback ? rowFromJson<AddressRow>(table, both.fallback) : undefined,
      };
    },
  };
}
