import {
  type CustomRole,
  merchantRolePermissions,
  merchantRoles,
  type RolesData,
  storeResources,
} from '@market/contracts';
import { changedFields, recordAudit } from '../../platform/audit/record.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { conflict, notFound } from '../../platform/errors.js';
import {
  deleteStoreRole,
  findStoreRole,
  insertStoreRole,
  listStoreRoles,
  updateStoreRole,
} from '../stores/index.js';
import {
  ensureNotBuiltInName,
  ensureRoleWithinOwn,
  ensureWithinOwn,
  ROLE_NOT_FOUND,
  type StaffActor,
  type StaffContext,
  toCustomRole,
} from './staff.access.js';
// A store's custom roles (issue 9): the built-in ones beside them, and a role created, edited or removed, audited.

export async function roles(ctx: StaffContext, storeId: string): Promise<RolesData> {
  return {
    builtIn: merchantRoles.map((name) => ({ name, permissions: [...merchantRolePermissions[name]] })),
    custom: (await listStoreRoles(ctx.db, storeId)).map(toCustomRole),
    resources: storeResources.map((entry) => ({ ...entry, permissions: [...entry.permissions] })),
  };
}

export async function createRole(
  ctx: StaffContext,
  actor: StaffActor,
  body: { name: string; permissions: string[] },
): Promise<CustomRole> {
  ensureNotBuiltInName(body.name);
  ensureWithinOwn(actor, body.permissions);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const inserted = await insertStoreRole(tx, { storeId: actor.storeId, ...body });
      await recordAudit(tx, {
        action: 'staff-role.create',
        subjectType: 'staff-role',
        subjectId: inserted.id,
        storeId: actor.storeId,
        after: { name: body.name, permissions: body.permissions },
      });
      return inserted;
    });
    return toCustomRole(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('A role with this name already exists');
    throw error;
  }
}

export async function editRole(
  ctx: StaffContext,
  actor: StaffActor,
  roleId: string,
  changes: { name?: string; permissions?: string[] },
): Promise<CustomRole> {
  if (changes.name) ensureNotBuiltInName(changes.name);
  if (changes.permissions) ensureWithinOwn(actor, changes.permissions);
  const existing = await findStoreRole(ctx.db, actor.storeId, roleId);
  if (!existing) throw notFound(ROLE_NOT_FOUND);
  ensureRoleWithinOwn(actor, existing);
  try {
    await ctx.db.transaction(async (tx) => {
      await updateStoreRole(tx, actor.storeId, roleId, { ...changes, updatedAt: ctx.deps.now() });
      await recordAudit(tx, {
        action: 'staff-role.edit',
        subjectType: 'staff-role',
        subjectId: roleId,
        storeId: actor.storeId,
        ...changedFields(existing, changes),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('A role with this name already exists');
    throw error;
  }
  return toCustomRole((await findStoreRole(ctx.db, actor.storeId, roleId))!);
}

export async function removeRole(ctx: StaffContext, actor: StaffActor, roleId: string): Promise<void> {
  const existing = await findStoreRole(ctx.db, actor.storeId, roleId);
  if (!existing) throw notFound(ROLE_NOT_FOUND);
  ensureRoleWithinOwn(actor, existing);
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteStoreRole(tx, actor.storeId, roleId)))
      throw conflict('Give its members another role before deleting this role');
    await recordAudit(tx, {
      action: 'staff-role.delete',
      subjectType: 'staff-role',
      subjectId: roleId,
      storeId: actor.storeId,
      before: { name: existing.name, permissions: existing.permissions },
    });
  });
}
