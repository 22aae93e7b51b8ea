import { isMerchantRole, merchantRolePermissions } from '@market/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { users } from '../auth/auth.schema.js';
import { storeMembers, storeRoles } from './stores.schema.js';

/** The store a merchant account works in, with the role and permissions it holds there. */
export interface StoreMembership {
  storeId: string;
  role: string;
  permissions: string[];
}

/** A membership's permissions: its own list, else its custom role's, else its built-in role's. */
function permissionsOf(row: {
  role: string;
  permissions: string[] | null;
  customPermissions: string[] | null;
}): string[] {
  if (row.permissions) return row.permissions;
  if (row.customPermissions) return row.customPermissions;
  return isMerchantRole(row.role) ? [...merchantRolePermissions[row.role]] : [];
}

/**
 * The caller's active membership, read on every merchant call (so a new role or a deactivation applies at the
 * next call). A user belongs to one store today; should they hold several, the oldest wins.
 */
export async function findActiveMembership(db: Db, userId: string): Promise<StoreMembership | undefined> {
  const [row] = await db
    .select({
      storeId: storeMembers.storeId,
      role: storeMembers.role,
      permissions: storeMembers.permissions,
      customName: storeRoles.name,
      customPermissions: storeRoles.permissions,
    })
    .from(storeMembers)
    .leftJoin(storeRoles, eq(storeRoles.id, storeMembers.customRoleId))
    .where(and(eq(storeMembers.userId, userId), eq(storeMembers.isActive, true)))
    .orderBy(asc(storeMembers.createdAt))
    .limit(1);
  if (!row) return undefined;
  return { storeId: row.storeId, role: row.customName ?? row.role, permissions: permissionsOf(row) };
}

export async function addStoreMember(
  db: Db,
  member: {
    storeId: string;
    userId: string;
    role: string;
    customRoleId?: string | null;
    permissions?: string[];
  },
): Promise<void> {
  await db.insert(storeMembers).values(member).onConflictDoNothing();
}

/** A member of a store as the staff screens show it: the membership, its account and its role. */
export interface StoreMemberRow {
  userId: string;
  role: string;
  customRoleId: string | null;
  customRoleName: string | null;
  permissions: string[];
  isActive: boolean;
  createdAt: Date;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  passwordSet: boolean;
  lastLoginAt: Date | null;
}

const memberColumns = {
  userId: storeMembers.userId,
  role: storeMembers.role,
  ownPermissions: storeMembers.permissions,
  customRoleId: storeMembers.customRoleId,
  customRoleName: storeRoles.name,
  customPermissions: storeRoles.permissions,
  isActive: storeMembers.isActive,
  createdAt: storeMembers.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phoneNumber: users.phoneNumber,
  passwordSet: sql<boolean>`${users.passwordHash} is not null`,
  lastLoginAt: users.lastLoginAt,
};

interface SelectedMember {
  userId: string;
  role: string;
  ownPermissions: string[] | null;
  customRoleId: string | null;
  customRoleName: string | null;
  customPermissions: string[] | null;
  isActive: boolean;
  createdAt: Date;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  passwordSet: boolean;
  lastLoginAt: Date | null;
}

function toMemberRow(row: SelectedMember): StoreMemberRow {
  return {
    userId: row.userId,
    role: row.role,
    customRoleId: row.customRoleId,
    customRoleName: row.customRoleName,
    permissions: permissionsOf({
      role: row.role,
      permissions: row.ownPermissions,
      customPermissions: row.customPermissions,
    }),
    isActive: row.isActive,
    createdAt: row.createdAt,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    passwordSet: row.passwordSet,
    lastLoginAt: row.lastLoginAt,
  };
}

export async function listStoreMembers(db: Db, storeId: string): Promise<StoreMemberRow[]> {
  const rows = await db
    .select(memberColumns)
    .from(storeMembers)
    .innerJoin(users, eq(users.id, storeMembers.userId))
    .leftJoin(storeRoles, eq(storeRoles.id, storeMembers.customRoleId))
    .where(eq(storeMembers.storeId, storeId))
    .orderBy(asc(storeMembers.createdAt), asc(storeMembers.userId));
  return rows.map(toMemberRow);
}

/** One member of one store (another store's member is not found); `forUpdate` locks the membership. */
export async function findStoreMember(
  db: Db,
  storeId: string,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<StoreMemberRow | undefined> {
  const query = db
    .select(memberColumns)
    .from(storeMembers)
    .innerJoin(users, eq(users.id, storeMembers.userId))
    .leftJoin(storeRoles, eq(storeRoles.id, storeMembers.customRoleId))
    .where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.userId, userId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: storeMembers }) : await query;
  return row ? toMemberRow(row) : undefined;
}

export async function updateStoreMember(
  db: Db,
  storeId: string,
  userId: string,
  changes: { role?: string; customRoleId?: string | null; isActive?: boolean; updatedAt: Date },
): Promise<void> {
  await db
    .update(storeMembers)
    .set(changes)
    .where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.userId, userId)));
}

export async function deleteStoreMember(db: Db, storeId: string, userId: string): Promise<void> {
  await db
    .delete(storeMembers)
    .where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.userId, userId)));
}

// ---------- custom roles of a store ----------

export type StoreRoleRow = typeof storeRoles.$inferSelect & { memberCount: number };

export async function listStoreRoles(db: Db, storeId: string): Promise<StoreRoleRow[]> {
  const roles = await db
    .select()
    .from(storeRoles)
    .where(eq(storeRoles.storeId, storeId))
    .orderBy(asc(storeRoles.name), asc(storeRoles.id));
  if (roles.length === 0) return [];
  const counts = await db
    .select({ roleId: storeMembers.customRoleId, value: count() })
    .from(storeMembers)
    .where(
      inArray(
        storeMembers.customRoleId,
        roles.map((role) => role.id),
      ),
    )
    .groupBy(storeMembers.customRoleId);
  const byRole = new Map(counts.map((row) => [row.roleId, row.value]));
  return roles.map((role) => ({ ...role, memberCount: byRole.get(role.id) ?? 0 }));
}

export async function findStoreRole(
  db: Db,
  storeId: string,
  roleId: string,
): Promise<StoreRoleRow | undefined> {
  const [role] = await db
    .select()
    .from(storeRoles)
    .where(and(eq(storeRoles.storeId, storeId), eq(storeRoles.id, roleId)))
    .limit(1);
  if (!role) return undefined;
  const [members] = await db
    .select({ value: count() })
    .from(storeMembers)
    .where(eq(storeMembers.customRoleId, roleId));
  return { ...role, memberCount: members?.value ?? 0 };
}

export async function insertStoreRole(
  db: Db,
  values: { storeId: string; name: string; permissions: string[] },
): Promise<StoreRoleRow> {
  const [row] = await db.insert(storeRoles).values(values).returning();
  return { ...row!, memberCount: 0 };
}

export async function updateStoreRole(
  db: Db,
  storeId: string,
  roleId: string,
  changes: { name?: string; permissions?: string[]; updatedAt: Date },
): Promise<void> {
  await db
    .update(storeRoles)
    .set(changes)
    .where(and(eq(storeRoles.storeId, storeId), eq(storeRoles.id, roleId)));
}

/** Deletes a role nobody holds; false when a member still holds it. */
export async function deleteStoreRole(db: Db, storeId: string, roleId: string): Promise<boolean> {
  const [held] = await db
    .select({ value: count() })
    .from(storeMembers)
    .where(eq(storeMembers.customRoleId, roleId));
  if ((held?.value ?? 0) > 0) return false;
  await db.delete(storeRoles).where(and(eq(storeRoles.storeId, storeId), eq(storeRoles.id, roleId)));
  return true;
}

/** The active members of a store whose permissions include `permission`: who is told of the store's news. */
/**
 * The active members of several stores (active accounts), each with the store permissions it holds, in one query:
 * the notifications' fan-out resolves a batch of events' audiences with it (ADR 082).
 */
export async function activeMembersOfStores(
  db: Db,
  storeIds: readonly string[],
): Promise<{ storeId: string; userId: string; permissions: readonly string[] }[]> {
  if (storeIds.length === 0) return [];
  const rows = await db
    .select({
      storeId: storeMembers.storeId,
      userId: storeMembers.userId,
      role: storeMembers.role,
      permissions: storeMembers.permissions,
      customPermissions: storeRoles.permissions,
    })
    .from(storeMembers)
    .innerJoin(users, eq(users.id, storeMembers.userId))
    .leftJoin(storeRoles, eq(storeRoles.id, storeMembers.customRoleId))
    .where(
      and(
        inArray(storeMembers.storeId, [...storeIds]),
        eq(storeMembers.isActive, true),
        eq(users.isActive, true),
        sql`${users.deletedAt} is null`,
      ),
    );
  return rows.map((row) => ({ storeId: row.storeId, userId: row.userId, permissions: permissionsOf(row) }));
}

export async function activeMemberIdsWithPermission(
  db: Db,
  storeId: string,
  permission: string,
): Promise<string[]> {
  const members = await activeMembersOfStores(db, [storeId]);
  return members.filter((member) => member.permissions.includes(permission)).map((member) => member.userId);
}
