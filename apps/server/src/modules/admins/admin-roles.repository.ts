import { type AdminPermission, type AdminRole, adminRolePermissions } from '@market/contracts';
import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { liveAdminAccounts } from '../auth/index.js';
import { adminRoleAssignments, adminRoles } from './admins.schema.js';

export type AdminRoleRow = typeof adminRoles.$inferSelect & { memberCount: number };

/** The custom role an admin holds, if any: what the guard reads for an admin's permissions on every call. */
export async function findAdminCustomRole(
  db: Db,
  userId: string,
): Promise<{ name: string; permissions: string[] } | undefined> {
  const [row] = await db
    .select({ name: adminRoles.name, permissions: adminRoles.permissions })
    .from(adminRoleAssignments)
    .innerJoin(adminRoles, eq(adminRoles.id, adminRoleAssignments.roleId))
    .where(eq(adminRoleAssignments.userId, userId))
    .limit(1);
  return row;
}

export async function listAdminRoles(db: Db): Promise<AdminRoleRow[]> {
  const [roles, counts] = await Promise.all([
    db.select().from(adminRoles).orderBy(asc(adminRoles.name), asc(adminRoles.id)),
    db
      .select({ roleId: adminRoleAssignments.roleId, value: count() })
      .from(adminRoleAssignments)
      .groupBy(adminRoleAssignments.roleId),
  ]);
  const byRole = new Map(counts.map((row) => [row.roleId, row.value]));
  return roles.map((role) => ({ ...role, memberCount: byRole.get(role.id) ?? 0 }));
}

export async function listAdminRoleAssignments(db: Db) {
  return db
    .select({ adminId: adminRoleAssignments.userId, roleId: adminRoleAssignments.roleId })
    .from(adminRoleAssignments)
    .orderBy(asc(adminRoleAssignments.createdAt));
}

export async function findAdminRole(db: Db, id: string): Promise<AdminRoleRow | undefined> {
  const [role] = await db.select().from(adminRoles).where(eq(adminRoles.id, id)).limit(1);
  if (!role) return undefined;
  const [held] = await db
    .select({ value: count() })
    .from(adminRoleAssignments)
    .where(eq(adminRoleAssignments.roleId, id));
  return { ...role, memberCount: held?.value ?? 0 };
}

export async function insertAdminRole(db: Db, values: { name: string; permissions: string[] }) {
  const [row] = await db.insert(adminRoles).values(values).returning();
  return { ...row!, memberCount: 0 };
}

export async function updateAdminRole(
  db: Db,
  id: string,
  changes: { name?: string; permissions?: string[]; updatedAt: Date },
): Promise<void> {
  await db.update(adminRoles).set(changes).where(eq(adminRoles.id, id));
}

/** Deletes a role nobody holds; false when an admin still holds it. */
export async function deleteAdminRole(db: Db, id: string): Promise<boolean> {
  const [held] = await db
    .select({ value: count() })
    .from(adminRoleAssignments)
    .where(eq(adminRoleAssignments.roleId, id));
  if ((held?.value ?? 0) > 0) return false;
  await db.delete(adminRoles).where(eq(adminRoles.id, id));
  return true;
}

export async function assignAdminRole(db: Db, userId: string, roleId: string | null): Promise<void> {
  await db.delete(adminRoleAssignments).where(eq(adminRoleAssignments.userId, userId));
  if (roleId) await db.insert(adminRoleAssignments).values({ userId, roleId });
}

/**
 * Active admins whose permissions include `permission`, as the guard would compute them: a custom role's list
 * replaces the built-in role's, except for the super admin.
 */
/** Every live admin with the permissions it holds (its custom role's, or its built-in role's). */
export async function adminsWithTheirPermissions(
  db: Db,
): Promise<{ userId: string; permissions: readonly string[] }[]> {
  const [admins, assignments] = await Promise.all([
    liveAdminAccounts(db),
    db
      .select({ userId: adminRoleAssignments.userId, permissions: adminRoles.permissions })
      .from(adminRoleAssignments)
      .innerJoin(adminRoles, eq(adminRoles.id, adminRoleAssignments.roleId)),
  ]);
  const custom = new Map(assignments.map((row) => [row.userId, row.permissions]));
  return admins.map((admin) => ({
    userId: admin.id,
    permissions: ((admin.role === 'superadmin' ? undefined : custom.get(admin.id)) ??
      adminRolePermissions[(admin.role ?? 'admin') as AdminRole] ??
      []) as readonly string[],
  }));
}

export async function adminIdsWithPermission(db: Db, permission: AdminPermission): Promise<string[]> {
  return (await adminsWithTheirPermissions(db))
    .filter((admin) => admin.permissions.includes(permission))
    .map((admin) => admin.userId);
}
