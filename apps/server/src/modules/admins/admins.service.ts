import type {
  AdminRole,
  AdminSummary,
  CreateAdminBody,
  PartnerApproval,
  PartnerSignupBody,
  PartnerUser,
} from '@market/contracts';
import { changedFields, recordAudit } from '../../platform/audit/record.js';
import { bound } from '../../platform/bound.js';
import type { Db } from '../../platform/db/client.js';
import { pageInfo } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound, validation } from '../../platform/errors.js';
import {
  type AuthService,
  findLiveAdmin,
  listAdminAccounts,
  listPartners,
  lockActiveSuperadminIds,
  approvePartner as markPartnerApproved,
  revokeUserSessions,
  type UserRow,
  updateAccount,
} from '../auth/index.js';

import { assignAdminRole, findAdminRole } from './admin-roles.repository.js';

const NOT_FOUND = 'Admin not found';

function toAdminSummary(row: UserRow): AdminSummary {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    accountType: (row.role ?? 'admin') as AdminRole,
    isActive: row.isActive,
    passwordSet: row.passwordHash !== null,
    lastLogin: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the admins service's functions work with. */
interface AdminsContext {
  deps: Deps;
  db: Db;
  auth: AuthService;
}

async function lockAdmin(tx: Db, id: string): Promise<UserRow> {
  const row = await findLiveAdmin(tx, id, { forUpdate: true });
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** Refuses a change that would leave no active super admin; locks the super admins so two changes cannot race. */
async function guardLastSuperadmin(
  tx: Db,
  target: UserRow,
  after: { isActive: boolean; role: string | null; deleted: boolean },
) {
  const wasActiveSuper = target.role === 'superadmin' && target.isActive;
  const staysActiveSuper = after.role === 'superadmin' && after.isActive && !after.deleted;
  if (!wasActiveSuper || staysActiveSuper) return;
  const supers = await lockActiveSuperadminIds(tx);
  if (supers.filter((id) => id !== target.id).length === 0) {
    throw conflict('The last active super admin cannot be deactivated, demoted or deleted');
  }
}

async function create(ctx: AdminsContext, body: CreateAdminBody & { email: string }): Promise<AdminSummary> {
  return ctx.db.transaction(async (tx) => {
    await ctx.auth.ensureEmailFree(tx, 'admin', body.email);
    const row = await ctx.auth.insertUser(tx, {
      kind: 'admin',
      role: body.role,
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      emailConfirmedAt: ctx.deps.now(),
    });
    if (body.customRoleId) {
      if (!(await findAdminRole(tx, body.customRoleId)))
        throw validation('customRoleId', 'This custom role does not exist');
      await assignAdminRole(tx, row.id, body.customRoleId);
    }
    await ctx.auth.mailPasswordLink(tx, row, true);
    await recordAudit(tx, {
      action: 'admin.create',
      subjectType: 'admin',
      subjectId: row.id,
      after: { role: body.role, firstName: body.firstName, lastName: body.lastName, email: body.email },
    });
    return toAdminSummary(row);
  });
}

async function list(
  ctx: AdminsContext,
  query: { page: number; limit: number; search?: string; role?: AdminRole },
) {
  const { rows, totalItems } = await listAdminAccounts(ctx.db, query);
  return {
    admins: rows.map(toAdminSummary),
    pagination: pageInfo(query.page, query.limit, totalItems),
  };
}

async function get(ctx: AdminsContext, id: string): Promise<AdminSummary> {
  const row = await findLiveAdmin(ctx.db, id);
  if (!row) throw notFound(NOT_FOUND);
  return toAdminSummary(row);
}

async function edit(
  ctx: AdminsContext,
  id: string,
  changes: { firstName?: string; lastName?: string; email?: string; role?: AdminRole },
) {
  return ctx.db.transaction(async (tx) => {
    const target = await lockAdmin(tx, id);
    const role = changes.role ?? target.role;
    await guardLastSuperadmin(tx, target, { isActive: target.isActive, role, deleted: false });
    if (changes.email && changes.email !== target.email)
      await ctx.auth.ensureEmailFree(tx, 'admin', changes.email);
    const at = ctx.deps.now();
    const row = await updateAccount(tx, id, { ...changes, updatedAt: at });
    if (role !== target.role) await revokeUserSessions(tx, id, 'role changed', at);
    const diff = changedFields(target, changes);
    if (Object.keys(diff.after).length > 0)
      await recordAudit(tx, { action: 'admin.edit', subjectType: 'admin', subjectId: id, ...diff });
    return toAdminSummary(row);
  });
}

async function setActive(ctx: AdminsContext, id: string, isActive: boolean): Promise<AdminSummary> {
  return ctx.db.transaction(async (tx) => {
    const target = await lockAdmin(tx, id);
    await guardLastSuperadmin(tx, target, { isActive, role: target.role, deleted: false });
    const at = ctx.deps.now();
    const row = await updateAccount(tx, id, { isActive, updatedAt: at });
    if (!isActive) await revokeUserSessions(tx, id, 'deactivated', at);
    await recordAudit(tx, {
      action: isActive ? 'admin.activate' : 'admin.deactivate',
      subjectType: 'admin',
      subjectId: id,
      before: { isActive: target.isActive },
      after: { isActive },
    });
    return toAdminSummary(row);
  });
}

async function remove(ctx: AdminsContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const target = await lockAdmin(tx, id);
    await guardLastSuperadmin(tx, target, {
      isActive: target.isActive,
      role: target.role,
      deleted: true,
    });
    const at = ctx.deps.now();
    await updateAccount(tx, id, { deletedAt: at, isActive: false, updatedAt: at });
    await revokeUserSessions(tx, id, 'deleted', at);
    await recordAudit(tx, {
      action: 'admin.delete',
      subjectType: 'admin',
      subjectId: id,
      before: { role: target.role, isActive: target.isActive },
      after: { deleted: true },
    });
  });
}

function createPartner(ctx: AdminsContext, body: Omit<PartnerSignupBody, 'password'>): Promise<PartnerUser> {
  return ctx.auth.createPartner(body, { invitedByAdmin: true });
}

async function partners(ctx: AdminsContext, status: 'pending' | 'approved'): Promise<PartnerApproval[]> {
  const rows = await listPartners(ctx.deps.db, status);
  return rows.map((row) => ({
    id: row.id,
    companyName: row.companyName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    emailConfirmed: row.emailConfirmedAt !== null,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

async function approvePartner(ctx: AdminsContext, id: string, adminId: string) {
  await ctx.db.transaction(async (tx) => {
    if (!(await markPartnerApproved(tx, id, adminId, ctx.deps.now()))) throw notFound('Partner not found');
    await recordAudit(tx, {
      action: 'partner.approve',
      subjectType: 'partner',
      subjectId: id,
      after: { approved: true },
    });
  });
  return { id };
}

/** Admin accounts: named functions of an `AdminsContext` (ADR 091, 102), bound here. */
export function createAdminsService(deps: Deps, auth: AuthService) {
  const ctx: AdminsContext = { deps, db: deps.db, auth };
  return {
    create: bound(ctx, create),
    list: bound(ctx, list),
    get: bound(ctx, get),
    edit: bound(ctx, edit),
    setActive: bound(ctx, setActive),
    remove: bound(ctx, remove),
    createPartner: bound(ctx, createPartner),
    partners: bound(ctx, partners),
    approvePartner: bound(ctx, approvePartner),
  };
}

export type AdminsService = ReturnType<typeof createAdminsService>;
