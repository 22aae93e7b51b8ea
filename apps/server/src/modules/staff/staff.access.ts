import {
  assignableMerchantRoles,
  type CustomRole,
  isMerchantRole,
  merchantRolePermissions,
  merchantRoles,
  type StaffMember,
} from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, forbidden, notFound, validation } from '../../platform/errors.js';
import type { AuthService } from '../auth/index.js';
import { findStoreMember, findStoreRole, type StoreMemberRow, type StoreRoleRow } from '../stores/index.js';
// Who may change whom in a store's team (issue 9, 24), what a form's role names, and how a member and a role read.

export const NOT_FOUND = 'Staff member not found';
export const ROLE_NOT_FOUND = 'Role not found';
export const STORE_NOT_APPROVED_FOR_STAFF = 'An admin must approve your store before it can invite staff';

/** Who acts: the guard's store, the acting user and what they may do there. */
export interface StaffActor {
  storeId: string;
  userId: string;
  permissions: readonly string[];
}

/** What the staff service's functions work with (ADR 091): the platform's deps and the auth module's account steps. */
export interface StaffContext {
  deps: Deps;
  db: Db;
  auth: AuthService;
}

export function toStaffMember(row: StoreMemberRow): StaffMember {
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

export function toCustomRole(row: StoreRoleRow): CustomRole {
  return {
    id: row.id,
    name: row.name,
    permissions: row.permissions,
    memberCount: row.memberCount,
    createdAt: row.createdAt.toISOString(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Nobody hands out what they do not hold: a role's permissions must be the actor's too. */
export function ensureWithinOwn(
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
export const ensureRoleWithinOwn = (actor: StaffActor, role: StoreRoleRow) =>
  ensureWithinOwn(actor, role.permissions, 'You cannot change a role that holds permissions you do not');

/** What a form's role names: a built-in role (not owner) or one of this store's custom roles. */
export async function resolveRole(
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
export async function lockChangeable(tx: Db, actor: StaffActor, userId: string): Promise<StoreMemberRow> {
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
export async function ensureMayMailOthers(ctx: StaffContext, store: { id: string; approvalStatus: string }) {
  if (store.approvalStatus !== 'approved') throw forbidden(STORE_NOT_APPROVED_FOR_STAFF);
  await ctx.deps.rateLimits.consume('store-mail', { account: store.id });
}

export async function reload(executor: Db, storeId: string, userId: string): Promise<StaffMember> {
  const row = await findStoreMember(executor, storeId, userId);
  if (!row) throw notFound(NOT_FOUND);
  return toStaffMember(row);
}

export function ensureNotBuiltInName(name: string) {
  if (
    (merchantRoles as readonly string[]).includes(name.trim().toLowerCase()) ||
    name.trim().toLowerCase() === 'custom'
  )
    throw validation('name', 'This name belongs to a built-in role');
}
