import type {
  AdminRole,
  AdminSummary,
  CreateAdminBody,
  PartnerApproval,
  PartnerSignupBody,
  PartnerUser,
} from '@market/contracts';
import { changedFields, recordAudit } from '../../platform/audit/record.js';
import type { Db } from '../../platform/db/client.js';
import { pageInfo } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound, validation } from '../../platform/errors.js';
import {
  type AuthService,
  approvePartner,
  findLiveAdmin,
  listAdminAccounts,
  listPartners,
  lockActiveSuperadminIds,
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

export function createAdminsService(deps: Deps, auth: AuthService) {
  const { db } = deps;

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

  return {
    async create(body: CreateAdminBody & { email: string }): Promise<AdminSummary> {
      return db.transaction(async (tx) => {
        await auth.ensureEmailFree(tx, 'admin', body.email);
        const row = await auth.insertUser(tx, {
          kind: 'admin',
          role: body.role,
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email,
          emailConfirmedAt: deps.now(),
        });
        if (body.customRoleId) {
          if (!(await findAdminRole(tx, body.customRoleId)))
            throw validation('customRoleId', 'This custom role does not exist');
          await assignAdminRole(tx, row.id, body.customRoleId);
        }
        await auth.mailPasswordLink(tx, row, true);
        await recordAudit(tx, {
          action: 'admin.create',
          subjectType: 'admin',
          subjectId: row.id,
          after: { role: body.role, firstName: body.firstName, lastName: body.lastName, email: body.email },
        });
        return toAdminSummary(row);
      });
    },

    async list(query: { page: number; limit: number; search?: string; role?: AdminRole }) {
      const { rows, totalItems } = await listAdminAccounts(db, query);
      return {
        admins: rows.map(toAdminSummary),
        pagination: pageInfo(query.page, query.limit, totalItems),
      };
    },

    async get(id: string): Promise<AdminSummary> {
      const row = await findLiveAdmin(db, id);
      if (!row) throw notFound(NOT_FOUND);
      return toAdminSummary(row);
    },

    async edit(
      id: string,
      changes: { firstName?: string; lastName?: string; email?: string; role?: AdminRole },
    ) {
      return db.transaction(async (tx) => {
        const target = await lockAdmin(tx, id);
        const role = changes.role ?? target.role;
        await guardLastSuperadmin(tx, target, { isActive: target.isActive, role, deleted: false });
        if (changes.email && changes.email !== target.email)
          await auth.ensureEmailFree(tx, 'admin', changes.email);
        const at = deps.now();
        const row = await updateAccount(tx, id, { ...changes, updatedAt: at });
        if (role !== target.role) await revokeUserSessions(tx, id, 'role changed', at);
        const diff = changedFields(target, changes);
        if (Object.keys(diff.after).length > 0)
          await recordAudit(tx, { action: 'admin.edit', subjectType: 'admin', subjectId: id, ...diff });
        return toAdminSummary(row);
      });
    },

    async setActive(id: string, isActive: boolean): Promise<AdminSummary> {
      return db.transaction(async (tx) => {
        const target = await lockAdmin(tx, id);
        await guardLastSuperadmin(tx, target, { isActive, role: target.role, deleted: false });
        const at = deps.now();
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
    },

    async remove(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const target = await lockAdmin(tx, id);
        await guardLastSuperadmin(tx, target, {
          isActive: target.isActive,
          role: target.role,
          deleted: true,
        });
        const at = deps.now();
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
    },

    createPartner(body: Omit<PartnerSignupBody, 'password'>): Promise<PartnerUser> {
      return auth.createPartner(body, { invitedByAdmin: true });
    },

    async partners(status: 'pending' | 'approved'): Promise<PartnerApproval[]> {
      const rows = await listPartners(deps.db, status);
      return rows.map((row) => ({
        id: row.id,
        companyName: row.companyName,
        email: row.email,
        phoneNumber: row.phoneNumber,
        emailConfirmed: row.emailConfirmedAt !== null,
        approvedAt: row.approvedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    async approvePartner(id: string, adminId: string) {
      await db.transaction(async (tx) => {
        if (!(await approvePartner(tx, id, adminId, deps.now()))) throw notFound('Partner not found');
        await recordAudit(tx, {
          action: 'partner.approve',
          subjectType: 'partner',
          subjectId: id,
          after: { approved: true },
        });
      });
      return { id };
    },
  };
}

export type AdminsService = ReturnType<typeof createAdminsService>;
