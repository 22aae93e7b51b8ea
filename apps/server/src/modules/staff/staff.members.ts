import type { CreateStaffBody, StaffMember } from '@market/contracts';
import { changedFields, recordAudit } from '../../platform/audit/record.js';
import { notFound } from '../../platform/errors.js';
import { normalizeNigerianPhone } from '../../platform/phone.js';
import { revokeUserSessions, STAFF_ACCOUNT_ROLE, updateAccount } from '../auth/index.js';
import {
  addStoreMember,
  deleteStoreMember,
  findStoreById,
  listStoreMembers,
  updateStoreMember,
} from '../stores/index.js';
import {
  ensureMayMailOthers,
  ensureWithinOwn,
  lockChangeable,
  reload,
  resolveRole,
  type StaffActor,
  type StaffContext,
  toStaffMember,
} from './staff.access.js';
// A store's team: the invitation that creates a staff account and its membership, a member's role and name changed,
// deactivated or removed; each audited (ADR 072).

export async function list(ctx: StaffContext, storeId: string): Promise<StaffMember[]> {
  return (await listStoreMembers(ctx.db, storeId)).map(toStaffMember);
}

export function get(ctx: StaffContext, storeId: string, userId: string): Promise<StaffMember> {
  return reload(ctx.db, storeId, userId);
}

/** Creates the staff account and membership and mails the set-password link, all or nothing. */
export async function create(
  ctx: StaffContext,
  actor: StaffActor,
  body: CreateStaffBody & { email: string },
): Promise<StaffMember> {
  const phoneNumber = normalizeNigerianPhone(body.phoneNumber);
  return ctx.db.transaction(async (tx) => {
    const role = await resolveRole(tx, actor, body.role);
    ensureWithinOwn(actor, role.permissions);
    await ctx.auth.ensureEmailFree(tx, 'merchant', body.email);
    const store = await findStoreById(tx, actor.storeId);
    if (!store) throw notFound('Store not found');
    await ensureMayMailOthers(ctx, store);
    const row = await ctx.auth.insertUser(tx, {
      kind: 'merchant',
      role: STAFF_ACCOUNT_ROLE,
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      phoneNumber,
      // The owner vouches for the address they invite; the set-password link proves it.
      emailConfirmedAt: ctx.deps.now(),
    });
    await addStoreMember(tx, {
      storeId: actor.storeId,
      userId: row.id,
      role: role.role,
      customRoleId: role.customRoleId,
    });
    await ctx.auth.mailPasswordLink(
      tx,
      row,
      true,
      `${store.storeName} has added you to its team on Naija Market. Choose a password, then sign in at the merchant sign-in page with this email.`,
    );
    await recordAudit(tx, {
      action: 'staff.create',
      subjectType: 'staff',
      subjectId: row.id,
      storeId: actor.storeId,
      after: { email: body.email, role: role.role, customRoleId: role.customRoleId },
    });
    return reload(tx, actor.storeId, row.id);
  });
}

export async function edit(
  ctx: StaffContext,
  actor: StaffActor,
  userId: string,
  changes: { firstName?: string; lastName?: string; phoneNumber?: string; role?: string },
): Promise<StaffMember> {
  const phoneNumber = changes.phoneNumber ? normalizeNigerianPhone(changes.phoneNumber) : undefined;
  return ctx.db.transaction(async (tx) => {
    await lockChangeable(tx, actor, userId);
    const at = ctx.deps.now();
    if (changes.role !== undefined) {
      const before = await reload(tx, actor.storeId, userId);
      const role = await resolveRole(tx, actor, changes.role);
      ensureWithinOwn(actor, role.permissions);
      await updateStoreMember(tx, actor.storeId, userId, {
        role: role.role,
        customRoleId: role.customRoleId,
        updatedAt: at,
      });
      const after = await reload(tx, actor.storeId, userId);
      const diff = changedFields(
        { role: before.role, permissions: before.permissions },
        { role: after.role, permissions: after.permissions },
      );
      if (Object.keys(diff.after).length > 0)
        await recordAudit(tx, {
          action: 'staff.edit',
          subjectType: 'staff',
          subjectId: userId,
          storeId: actor.storeId,
          ...diff,
        });
    }
    if (changes.firstName || changes.lastName || phoneNumber) {
      await updateAccount(tx, userId, {
        firstName: changes.firstName,
        lastName: changes.lastName,
        phoneNumber,
        updatedAt: at,
      });
    }
    return reload(tx, actor.storeId, userId);
  });
}

/** Deactivating ends every session of the member at once: their next call answers 401. */
export async function setActive(
  ctx: StaffContext,
  actor: StaffActor,
  userId: string,
  isActive: boolean,
): Promise<StaffMember> {
  return ctx.db.transaction(async (tx) => {
    await lockChangeable(tx, actor, userId);
    const at = ctx.deps.now();
    await updateStoreMember(tx, actor.storeId, userId, { isActive, updatedAt: at });
    if (!isActive) await revokeUserSessions(tx, userId, 'staff deactivated', at);
    await recordAudit(tx, {
      action: 'staff.edit',
      subjectType: 'staff',
      subjectId: userId,
      storeId: actor.storeId,
      after: { isActive },
    });
    return reload(tx, actor.storeId, userId);
  });
}

/** Removes the member and closes the staff account (its email can be invited again). */
export async function remove(ctx: StaffContext, actor: StaffActor, userId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockChangeable(tx, actor, userId);
    const at = ctx.deps.now();
    await deleteStoreMember(tx, actor.storeId, userId);
    await updateAccount(tx, userId, { deletedAt: at, isActive: false, updatedAt: at });
    await revokeUserSessions(tx, userId, 'staff removed', at);
    await recordAudit(tx, {
      action: 'staff.remove',
      subjectType: 'staff',
      subjectId: userId,
      storeId: actor.storeId,
      after: { removed: true },
    });
  });
}
