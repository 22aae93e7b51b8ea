import {
  type AdminRolesData,
  adminResources,
  adminRolePermissions,
  adminRoles as builtInAdminRoles,
  type CustomRole,
} from '@market/contracts';
import { changedFields, recordAudit } from '../../platform/audit/record.js';
import { bound } from '../../platform/bound.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound, validation } from '../../platform/errors.js';
import { findLiveAdmin } from '../auth/index.js';
import {
  type AdminRoleRow,
  assignAdminRole,
  deleteAdminRole,
  findAdminRole,
  insertAdminRole,
  listAdminRoleAssignments,
  listAdminRoles,
  updateAdminRole,
} from './admin-roles.repository.js';

const ROLE_NOT_FOUND = 'Role not found';

function toCustomRole(row: AdminRoleRow): CustomRole {
  return {
    id: row.id,
    name: row.name,
    permissions: row.permissions,
    memberCount: row.memberCount,
    createdAt: row.createdAt.toISOString(),
  };
}

function ensureNotBuiltInName(name: string) {
  if ((builtInAdminRoles as readonly string[]).includes(name.trim().toLowerCase()))
    throw validation('name', 'This name belongs to a built-in role');
}

async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('A role with this name already exists');
    throw error;
  }
}

async function list(ctx: Deps): Promise<AdminRolesData> {
  const [custom, assignments] = await Promise.all([listAdminRoles(ctx.db), listAdminRoleAssignments(ctx.db)]);
  return {
    builtIn: builtInAdminRoles.map((name) => ({ name, permissions: [...adminRolePermissions[name]] })),
    custom: custom.map(toCustomRole),
    resources: adminResources.map((entry) => ({ ...entry, permissions: [...entry.permissions] })),
    assignments,
  };
}

async function create(ctx: Deps, body: { name: string; permissions: string[] }): Promise<CustomRole> {
  ensureNotBuiltInName(body.name);
  const row = await uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const inserted = await insertAdminRole(tx, body);
      await recordAudit(tx, {
        action: 'admin-role.create',
        subjectType: 'admin-role',
        subjectId: inserted.id,
        after: { name: body.name, permissions: body.permissions },
      });
      return inserted;
    }),
  );
  return toCustomRole(row);
}

async function edit(
  ctx: Deps,
  id: string,
  changes: { name?: string; permissions?: string[] },
): Promise<CustomRole> {
  if (changes.name) ensureNotBuiltInName(changes.name);
  await uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const current = await findAdminRole(tx, id);
      if (!current) throw notFound(ROLE_NOT_FOUND);
      await updateAdminRole(tx, id, { ...changes, updatedAt: ctx.now() });
      await recordAudit(tx, {
        action: 'admin-role.edit',
        subjectType: 'admin-role',
        subjectId: id,
        ...changedFields(current, changes),
      });
    }),
  );
  return toCustomRole((await findAdminRole(ctx.db, id))!);
}

async function remove(ctx: Deps, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await findAdminRole(tx, id);
    if (!current) throw notFound(ROLE_NOT_FOUND);
    if (!(await deleteAdminRole(tx, id)))
      throw conflict('Give its admins another role before deleting this role');
    await recordAudit(tx, {
      action: 'admin-role.delete',
      subjectType: 'admin-role',
      subjectId: id,
      before: { name: current.name, permissions: current.permissions },
    });
  });
}

/** The super admin keeps their built-in role: a custom role cannot take admin management away from them. */
async function assign(ctx: Deps, adminId: string, roleId: string | null): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const admin = await findLiveAdmin(tx, adminId, { forUpdate: true });
    if (!admin) throw notFound('Admin not found');
    if (admin.role === 'superadmin' && roleId)
      throw conflict('A super admin keeps the super admin role; demote them first');
    if (roleId && !(await findAdminRole(tx, roleId))) throw notFound(ROLE_NOT_FOUND);
    await assignAdminRole(tx, adminId, roleId);
    await recordAudit(tx, {
      action: 'admin.role-assign',
      subjectType: 'admin',
      subjectId: adminId,
      after: { customRoleId: roleId },
    });
  });
}

/**
 * The super admin's custom admin roles (issue 9): permission sets over the platform's resources. Named functions of
 * the platform's `Deps` (ADR 091, 102), bound here.
 */
export function createAdminRolesService(deps: Deps) {
  return {
    list: bound(deps, list),
    create: bound(deps, create),
    edit: bound(deps, edit),
    remove: bound(deps, remove),
    assign: bound(deps, assign),
  };
}

export type AdminRolesService = ReturnType<typeof createAdminRolesService>;
