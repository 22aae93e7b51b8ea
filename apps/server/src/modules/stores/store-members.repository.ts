import { isMerchantRole, merchantRolePermissions } from '@market/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { storeMembers } from './stores.schema.js';

/** The store a merchant account works in, with the role and permissions it holds there. */
export interface StoreMembership {
  storeId: string;
  role: string;
  permissions: string[];
}

/**
 * The caller's active membership. A user belongs to one store today; should they hold several, the oldest
 * wins until the web app lets them choose.
 */
export async function findActiveMembership(db: Db, userId: string): Promise<StoreMembership | undefined> {
  const [row] = await db
    .select()
    .from(storeMembers)
    .where(and(eq(storeMembers.userId, userId), eq(storeMembers.isActive, true)))
    .orderBy(asc(storeMembers.createdAt))
    .limit(1);
  if (!row) return undefined;
  const builtIn = isMerchantRole(row.role) ? [...merchantRolePermissions[row.role]] : [];
  return { storeId: row.storeId, role: row.role, permissions: row.permissions ?? builtIn };
}

export async function addStoreMember(
  db: Db,
  member: { storeId: string; userId: string; role: string; permissions?: string[] },
): Promise<void> {
  await db.insert(storeMembers).values(member).onConflictDoNothing();
}
