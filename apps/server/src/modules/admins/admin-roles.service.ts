import {
  type AdminRolesData,
  adminResources,
  adminRolePermissions,
  adminRoles as builtInAdminRoles,
  type CustomRole,
} from '@market/contracts';
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

/** The super admin's custom admin roles (issue 9): permission sets over the platform's resources. */
export function createAdminRolesService(deps: Deps) {
  const { db } = deps;
  return {
    async list(): Promise<AdminRolesData> {
      const [custom, assignments] = await Promise.all([listAdminRoles(db), listAdminRoleAssignments(db)]);
      return {
        builtIn: builtInAdminRoles.map((name) => ({ name, permissions: [...adminRolePermissions[name]] })),
        custom: custom.map(toCustomRole),
        resources: adminResources.map((entry) => ({ ...entry, permissions: [...entry.permissions] })),
        assignments,
      };
    },

    async create(body: { name: string; permissions: string[] }): Promise<CustomRole> {
      ensureNotBuiltInName(body.name);
      return toCustomRole(await uniqueName(() => insertAdminRole(db, body)));
    },

    async edit(id: string, changes: { name?: string; permissions?: string[] }): Promise<CustomRole> {
      if (changes.name) ensureNotBuiltInName(changes.name);
      if (!(await findAdminRole(db, id))) throw notFound(ROLE_NOT_FOUND);
      await uniqueName(() => updateAdminRole(db, id, { ...changes, updatedAt: deps.now() }));
      return toCustomRole((await findAdminRole(db, id))!);
    },

    async remove(id: string): Promise<void> {
      if (!(await findAdminRole(db, id))) throw notFound(ROLE_NOT_FOUND);
      if (!(await deleteAdminRole(db, id)))
        throw conflict('Give its admins another role before deleting this role');
    },

    /** The super admin keeps their built-in role: a custom role cannot take admin management away from them. */
    async assign(adminId: string, roleId: string | null): Promise<void> {
      await db.transaction(async (tx) => {
        const admin = await findLiveAdmin(tx, adminId, { forUpdate: true });
        if (!admin) throw notFound('Admin not found');
        if (admin.role === 'superadmin' && roleId)
          throw conflict('A super admin keeps the super admin role; demote them first');
        if (roleId && !(await findAdminRole(tx, roleId))) throw notFound(ROLE_NOT_FOUND);
        await assignAdminRole(tx, adminId, roleId);
      });
    },
  };
}

export type AdminRolesService = ReturnType<typeof createAdminRolesService>;
