import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { customerShippingAddresses } from './addresses.schema.js';

/** The customer's saved delivery addresses, for their data export (ADR 073). */
export async function addressesForExport(db: Db, customerId: string) {
  const rows = await db
    .select()
    .from(customerShippingAddresses)
    .where(eq(customerShippingAddresses.customerId, customerId));
  return rows.map(({ customerId: _owner, ...row }) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** Closing an account deletes its saved addresses: nothing the law makes the business keep is in them. */
export async function eraseAddresses(tx: Db, customerId: string): Promise<number> {
  const deleted = await tx
    .delete(customerShippingAddresses)
    .where(eq(customerShippingAddresses.customerId, customerId))
    .returning({ id: customerShippingAddresses.id });
  return deleted.length;
}
