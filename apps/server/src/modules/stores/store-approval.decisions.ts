import type { AdminStoreDetails } from '@market/contracts';
import { eq } from 'drizzle-orm';
import { changedFields, recordAudit } from '../../platform/audit/record.js';
import type { Db } from '../../platform/db/client.js';
import { conflict, notFound } from '../../platform/errors.js';
import { productApprovalDigest } from '../../platform/notify/events.js';
import { assertApprover, details, loadRow, type StoreApprovalContext } from './store-approval.context.js';
import type { StoreRow } from './stores.repository.js';
import { stores } from './stores.schema.js';
import { STORE_NOT_FOUND } from './stores.service.js';

// An approver's decisions on a store: two approvals by different approvers, a rejection with its reason, and the
// payment category.

/** First approval, then a second by a different approver; the store row is locked so two cannot race. */
export async function approve(
  ctx: StoreApprovalContext,
  adminId: string,
  storeId: string,
): Promise<AdminStoreDetails> {
  await ctx.db.transaction(async (tx) => {
    await assertApprover(tx, adminId);
    const { store, merchant } = await loadRow(tx, storeId, true);
    const at = ctx.deps.now();
    if (store.approvalStatus === 'approved') throw conflict('This store is already approved');
    if (!store.firstApproval) {
      await recordApproval(tx, store, 'firstApproval', {
        firstApprovedBy: adminId,
        approvalStatus: 'pending',
        rejectionReason: null,
        updatedAt: at,
      });
      return;
    }
    if (store.firstApprovedBy === adminId) {
      throw conflict('The second approval must come from a different approver');
    }
    await approveSecond(ctx, tx, adminId, { store, merchant }, at);
  });
  return details(ctx, ctx.db, storeId);
}

export async function reject(
  ctx: StoreApprovalContext,
  adminId: string,
  storeId: string,
  reason: string,
): Promise<AdminStoreDetails> {
  await ctx.db.transaction(async (tx) => {
    await assertApprover(tx, adminId);
    const { store, merchant } = await loadRow(tx, storeId, true);
    await tx
      .update(stores)
      .set({
        approvalStatus: 'rejected',
        firstApproval: false,
        firstApprovedBy: null,
        secondApproval: false,
        secondApprovedBy: null,
        approvedAt: null,
        rejectionReason: reason,
        updatedAt: ctx.deps.now(),
      })
      .where(eq(stores.id, storeId));
    await recordAudit(tx, {
      action: 'store.reject',
      subjectType: 'store',
      subjectId: storeId,
      storeId,
      before: { approvalStatus: store.approvalStatus },
      after: { approvalStatus: 'rejected' },
      reason,
    });
    await ctx.storesService.refreshVisibility(tx, storeId);
    await ctx.deps.mailer.send(tx, {
      to: merchant.email,
      subject: `${store.storeName} needs changes before approval`,
      paragraphs: [
        `Hello ${merchant.firstName},`,
        `We could not approve ${store.storeName} yet. The reviewer wrote:`,
        reason,
        'Update your store profile and onboarding details; saving them sends the store back for review.',
      ],
      action: { label: 'Update your store', url: `${ctx.deps.config.publicUrl}/merchant/store-profile` },
    });
  });
  return details(ctx, ctx.db, storeId);
}

export async function setPaymentCategory(
  ctx: StoreApprovalContext,
  storeId: string,
  paymentCategory: string,
): Promise<AdminStoreDetails> {
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ paymentCategory: stores.paymentCategory })
      .from(stores)
      .where(eq(stores.id, storeId))
      .for('update');
    if (!current) throw notFound(STORE_NOT_FOUND);
    await tx.update(stores).set({ paymentCategory, updatedAt: ctx.deps.now() }).where(eq(stores.id, storeId));
    await recordAudit(tx, {
      action: 'store.payment-category',
      subjectType: 'store',
      subjectId: storeId,
      storeId,
      ...changedFields(current, { paymentCategory }),
    });
  });
  return details(ctx, ctx.db, storeId);
}

/**
 * One of the two approvals, on the store row and in the audit: the audit names the approval turned and the status
 * before and after, as both approvals did when each wrote this itself.
 */
async function recordApproval(
  tx: Db,
  store: StoreRow,
  approval: 'firstApproval' | 'secondApproval',
  changes: Omit<Partial<typeof stores.$inferInsert>, 'firstApproval' | 'secondApproval'> & {
    approvalStatus: 'pending' | 'approved';
  },
) {
  await tx
    .update(stores)
    .set({ [approval]: true, ...changes })
    .where(eq(stores.id, store.id));
  await recordAudit(tx, {
    action: 'store.approve',
    subjectType: 'store',
    subjectId: store.id,
    storeId: store.id,
    before: { approvalStatus: store.approvalStatus, [approval]: store[approval] },
    after: { approvalStatus: changes.approvalStatus, [approval]: true },
  });
}

/**
 * The second approval, by an approver other than the first: the store is approved, shown if its onboarding is
 * complete, its owner told, and the products it prepared while it waited submitted.
 */
async function approveSecond(
  ctx: StoreApprovalContext,
  tx: Db,
  adminId: string,
  { store, merchant }: Awaited<ReturnType<typeof loadRow>>,
  at: Date,
) {
  const storeId = store.id;
  await recordApproval(tx, store, 'secondApproval', {
    secondApprovedBy: adminId,
    approvalStatus: 'approved',
    approvedAt: at,
    updatedAt: at,
  });
  await ctx.storesService.refreshVisibility(tx, storeId);
  // Visible now that both approvals are in, unless the owner's onboarding is still open: the mail says which.
  const [shown] = await tx.select({ isVisible: stores.isVisible }).from(stores).where(eq(stores.id, storeId));
  await ctx.deps.mailer.send(tx, {
    to: merchant.email,
    subject: `${store.storeName} is approved`,
    paragraphs: [
      `Hello ${merchant.firstName},`,
      `Good news: ${store.storeName} has been approved on Naija Market.`,
      shown?.isVisible
        ? 'Your store is open: customers can see it and its approved products now.'
        : 'Customers will see your store and approved products as soon as your onboarding is complete.',
    ],
    action: { label: 'Open your dashboard', url: `${ctx.deps.config.publicUrl}/merchant` },
  });
  await ctx.deps.events.emit(tx, {
    kind: 'store.approved',
    key: `store.approved:${storeId}:${at.getTime()}`,
    audience: [{ store: storeId, permission: 'store:profile:write' }],
    params: { storeName: store.storeName },
  });
  // Its products prepared while it waited are submitted now, as one digest (issue 31).
  if ((await ctx.catalog.countPendingProducts(tx, storeId)) > 0)
    await ctx.deps.events.emit(tx, productApprovalDigest(store, at));
}
