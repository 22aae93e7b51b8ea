import {
  assignableMerchantRoles,
  type CreateStaffBody,
  type CustomRole,
  isMerchantRole,
  merchantRolePermissions,
  merchantRoles,
  type RolesData,
  type StaffMember,
  storeResources,
} from '@market/contracts';
import { changedFields, recordAudit } from '../../platform/audit/record.js';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, forbidden, notFound, validation } from '../../platform/errors.js';
import { normalizeNigerianPhone } from '../../platform/phone.js';
import { type AuthService, revokeUserSessions, STAFF_ACCOUNT_ROLE, updateAccount } from '../auth/index.js';
import {
  addStoreMember,
  deleteStoreMember,
  deleteStoreRole,
  findStoreById,
  findStoreMember,
  findStoreRole,
  insertStoreRole,
  listStoreMembers,
  listStoreRoles,
  type StoreMemberRow,
  type StoreRoleRow,
  updateStoreMember,
  updateStoreRole,
} from '../stores/index.js';

const NOT_FOUND = 'Staff member not found';
const ROLE_NOT_FOUND = 'Role not found';
export const STORE_NOT_APPROVED_FOR_STAFF = 'An admin must approve your store before it can invite staff';

/** Who acts: the guard's store, the acting user and what they may do there. */
export interface StaffActor {
  storeId: string;
  userId: string;
  permissions: readonly string[];
}

function toStaffMember(row: StoreMemberRow): StaffMember {
  return {
    id: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    role: row.customRoleName ?? row.role,
    roleRef: row.customRoleId ?? row.role,
    isOwner: row.role === 'owner',
    isActive: row.isActive,
    passwordSet: row.passwordSet,
    permissions: row.permissions,
    lastLogin: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toCustomRole(row: StoreRoleRow): CustomRole {
  return {
    id: row.id,
    name: row.name,
    permissions: row.permissions,
    memberCount: row.memberCount,
    createdAt: row.createdAt.toISOString(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A store's staff, its custom roles, and the invitation that lets a staff member in. */
export function createStaffService(deps: Deps, auth: AuthService) {
  const { db } = deps;

  /** Nobody hands out what they do not hold: a role's permissions must be the actor's too. */
  function ensureWithinOwn(
    actor: StaffActor,
    permissions: readonly string[],
    what = 'You cannot give permissions you do not hold',
  ) {
    const beyond = permissions.filter((permission) => !actor.permissions.includes(permission));
    if (beyond.length > 0) throw forbidden(`${what}: ${beyond.join(', ')}`);
  }

  /**
   * Nor takes away, edits or removes more than they hold (issue 24): a member or a role holding a permission the
   * actor lacks is beyond them, or a manager could weaken the very people and roles that oversee them.
   */
  const ensureMemberWithinOwn = (actor: StaffActor, member: StoreMemberRow) =>
    ensureWithinOwn(actor, member.permissions, 'You cannot change a member who holds permissions you do not');
  const ensureRoleWithinOwn = (actor: StaffActor, role: StoreRoleRow) =>
    ensureWithinOwn(actor, role.permissions, 'You cannot change a role that holds permissions you do not');

  /** What a form's role names: a built-in role (not owner) or one of this store's custom roles. */
  async function resolveRole(
    executor: Db,
    actor: StaffActor,
    ref: string,
  ): Promise<{ role: string; customRoleId: string | null; permissions: readonly string[] }> {
    if (isMerchantRole(ref) && ref !== 'owner') {
      return { role: ref, customRoleId: null, permissions: merchantRolePermissions[ref] };
    }
    const custom = UUID.test(ref) ? await findStoreRole(executor, actor.storeId, ref) : undefined;
    if (!custom) {
      throw validation(
        'role',
        `Choose one of the store's roles: ${assignableMerchantRoles.join(', ')} or a custom role`,
      );
    }
    return { role: 'custom', customRoleId: custom.id, permissions: custom.permissions };
  }

  /** A staff member of the actor's store whom the actor may change: not the owner, not themselves. */
  async function lockChangeable(tx: Db, actor: StaffActor, userId: string): Promise<StoreMemberRow> {
    const member = await findStoreMember(tx, actor.storeId, userId, { forUpdate: true });
    if (!member) throw notFound(NOT_FOUND);
    if (member.role === 'owner')
      throw conflict("The store's owner cannot be deactivated, removed or given another role");
    if (member.userId === actor.userId) throw conflict('You cannot change your own membership');
    ensureMemberWithinOwn(actor, member);
    return member;
  }

  /**
   * An invitation makes the platform mail an address the store typed (issue 31): only an approved store sends
   * them, and at most the `store-mail` budget per store (an hour's and a day's, shared by every process).
   */
  async function ensureMayMailOthers(store: { id: string; approvalStatus: string }) {
    if (store.approvalStatus !== 'approved') throw forbidden(STORE_NOT_APPROVED_FOR_STAFF);
    await deps.rateLimits.consume('store-mail', { account: store.id });
  }

  async function reload(executor: Db, storeId: string, userId: string): Promise<StaffMember> {
    const row = await findStoreMember(executor, storeId, userId);
    if (!row) throw notFound(NOT_FOUND);
    return toStaffMember(row);
  }

  return {
    async list(storeId: string): Promise<StaffMember[]> {
      return (await listStoreMembers(db, storeId)).map(toStaffMember);
    },

    get(storeId: string, userId: string): Promise<StaffMember> {
      return reload(db, storeId, userId);
    },

    /** Creates the staff account and membership and mails the set-password link, all or nothing. */
    async create(actor: StaffActor, body: CreateStaffBody & { email: string }): Promise<StaffMember> {
      const phoneNumber = normalizeNigerianPhone(body.phoneNumber);
      return db.transaction(async (tx) => {
        const role = await resolveRole(tx, actor, body.role);
        ensureWithinOwn(actor, role.permissions);
        await auth.ensureEmailFree(tx, 'merchant', body.email);
        const store = await findStoreById(tx, actor.storeId);
        if (!store) throw notFound('Store not found');
        await ensureMayMailOthers(store);
        const row = await auth.insertUser(tx, {
          kind: 'merchant',
          role: STAFF_ACCOUNT_ROLE,
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email,
          phoneNumber,
          // The owner vouches for the address they invite; the set-password link proves it.
          emailConfirmedAt: deps.now(),
        });
        await addStoreMember(tx, {
          storeId: actor.storeId,
          userId: row.id,
          role: role.role,
          customRoleId: role.customRoleId,
        });
        await auth.mailPasswordLink(
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
    },

    async edit(
      actor: StaffActor,
      userId: string,
      changes: { firstName?: string; lastName?: string; phoneNumber?: string; role?: string },
    ): Promise<StaffMember> {
      const phoneNumber = changes.phoneNumber ? normalizeNigerianPhone(changes.phoneNumber) : undefined;
      return db.transaction(async (tx) => {
        await lockChangeable(tx, actor, userId);
        const at = deps.now();
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
    },

    /** Deactivating ends every session of the member at once: their next call answers 401. */
    async setActive(actor: StaffActor, userId: string, isActive: boolean): Promise<StaffMember> {
      return db.transaction(async (tx) => {
        await lockChangeable(tx, actor, userId);
        const at = deps.now();
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
    },

    /** Removes the member and closes the staff account (its email can be invited again). */
    async remove(actor: StaffActor, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await lockChangeable(tx, actor, userId);
        const at = deps.now();
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
    },

    async roles(storeId: string): Promise<RolesData> {
      return {
        builtIn: merchantRoles.map((name) => ({ name, permissions: [...merchantRolePermissions[name]] })),
        custom: (await listStoreRoles(db, storeId)).map(toCustomRole),
        resources: storeResources.map((entry) => ({ ...entry, permissions: [...entry.permissions] })),
      };
    },

    async createRole(actor: StaffActor, body: { name: string; permissions: string[] }): Promise<CustomRole> {
      ensureNotBuiltInName(body.name);
      ensureWithinOwn(actor, body.permissions);
      try {
        const row = await db.transaction(async (tx) => {
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
    },

    async editRole(
      actor: StaffActor,
      roleId: string,
      changes: { name?: string; permissions?: string[] },
    ): Promise<CustomRole> {
      if (changes.name) ensureNotBuiltInName(changes.name);
      if (changes.permissions) ensureWithinOwn(actor, changes.permissions);
      const existing = await findStoreRole(db, actor.storeId, roleId);
      if (!existing) throw notFound(ROLE_NOT_FOUND);
      ensureRoleWithinOwn(actor, existing);
      try {
        await db.transaction(async (tx) => {
          await updateStoreRole(tx, actor.storeId, roleId, { ...changes, updatedAt: deps.now() });
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
      return toCustomRole((await findStoreRole(db, actor.storeId, roleId))!);
    },

    async removeRole(actor: StaffActor, roleId: string): Promise<void> {
      const existing = await findStoreRole(db, actor.storeId, roleId);
      if (!existing) throw notFound(ROLE_NOT_FOUND);
      ensureRoleWithinOwn(actor, existing);
      await db.transaction(async (tx) => {
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
    },
  };
}

function ensureNotBuiltInName(name: string) {
  if (
    (merchantRoles as readonly string[]).includes(name.trim().toLowerCase()) ||
    name.trim().toLowerCase() === 'custom'
  )
    throw validation('name', 'This name belongs to a built-in role');
}

export type StaffService = ReturnType<typeof createStaffService>;
