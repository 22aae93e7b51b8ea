import type { Approver } from '@market/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { notFound, validation } from '../../platform/errors.js';
import { users } from '../auth/auth.schema.js';
import type { StoreApprovalContext } from './store-approval.context.js';
import { storeApprovers } from './stores.schema.js';

// Who may approve stores: admins and super admins a super admin names.

export async function approvers(ctx: StoreApprovalContext): Promise<Approver[]> {
  const rows = await ctx.db
    .select({ approver: storeApprovers, admin: users })
    .from(storeApprovers)
    .innerJoin(users, eq(users.id, storeApprovers.adminId))
    .where(isNull(users.deletedAt))
    .orderBy(storeApprovers.createdAt);
  return rows.map(({ approver, admin }) => ({
    adminId: admin.id,
    firstName: admin.firstName,
    lastName: admin.lastName,
    email: admin.email,
    accountType: admin.role ?? 'admin',
    isActive: approver.isActive && admin.isActive,
    createdAt: approver.createdAt.toISOString(),
  }));
}

export async function saveApprover(
  ctx: StoreApprovalContext,
  actorId: string,
  adminId: string,
  isActive: boolean,
): Promise<Approver> {
  const [admin] = await ctx.db
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, adminId),
        eq(users.kind, 'admin'),
        inArray(users.role, ['admin', 'superadmin']),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  if (!admin) throw validation('adminId', 'Choose an admin or super admin');
  const [row] = await ctx.db
    .insert(storeApprovers)
    .values({ adminId, isActive, createdBy: actorId })
    .onConflictDoUpdate({ target: storeApprovers.adminId, set: { isActive, updatedAt: ctx.deps.now() } })
    .returning();
  return {
    adminId,
    firstName: admin.firstName,
    lastName: admin.lastName,
    email: admin.email,
    accountType: admin.role ?? 'admin',
    isActive: row!.isActive && admin.isActive,
    createdAt: row!.createdAt.toISOString(),
  };
}

export async function removeApprover(ctx: StoreApprovalContext, adminId: string): Promise<void> {
  const removed = await ctx.db.delete(storeApprovers).where(eq(storeApprovers.adminId, adminId)).returning();
  if (removed.length === 0) throw notFound('Approver not found');
}
