import { eq } from 'drizzle-orm';
import { changedFields, recordAudit } from '../../platform/audit/record.js';
import type { Db } from '../../platform/db/client.js';
import { conflict, notFound } from '../../platform/errors.js';
import { assertApprover, loadRow, type StoreApprovalContext } from './store-approval.context.js';
import type { StoreRow } from './stores.repository.js';
import { stores } from './stores.schema.js';
import { STORE_NOT_FOUND } from './stores.service.js';

// An approver's decisions on a store: two approvals by different approvers, a rejection with its reason, and the
// payment category.

/** What a second approval changed that the flow carries on with: the store, when, and whether customers see it. */
export interface SecondApproval {
  store: StoreRow;
  at: Date;
  visible: boolean | undefined;
}

/**
 * First approval, then a second by a different approver, in the flow's transaction; the store row is locked so two
 * cannot race. Answers the second approval, or undefined after a first (flows/store-approval.ts).
 */
export async function approve(
  ctx: StoreApprovalContext,
  tx: Db,
  adminId: string,
  storeId: string,
): Promise<SecondApproval | undefined> {
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
    return undefined;
  }
  if (store.firstApprovedBy === adminId) {
    throw conflict('The second approval must come from a different approver');
  }
  return { store, at, visible: await approveSecond(ctx, tx, adminId, { store, merchant }, at) };
}

/** A rejection with its reason, in the flow's transaction; answers whether customers see the store now. */
export async function reject(
  ctx: StoreApprovalContext,
  tx: Db,
  adminId: string,
  storeId: string,
  reason: string,
): Promise<boolean | undefined> {
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
  const visible = await ctx.storesService.refreshVisibility(tx, storeId);
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
  return visible;
}

/** The store's payment category, audited (the flow answers the store's details). */
export async function setPaymentCategory(
  ctx: StoreApprovalContext,
  storeId: string,
  paymentCategory: string,
): Promise<void> {
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
 * complete, and its owner told. Answers whether customers see it; the flow has its products follow, and submits
 * those it prepared while it waited.
 */
async function approveSecond(
  ctx: StoreApprovalContext,
  tx: Db,
  adminId: string,
  { store, merchant }: Awaited<ReturnType<typeof loadRow>>,
  at: Date,
): Promise<boolean | undefined> {
  const storeId = store.id;
  await recordApproval(tx, store, 'secondApproval', {
    secondApprovedBy: adminId,
    approvalStatus: 'approved',
    approvedAt: at,
    updatedAt: at,
  });
  const visible = await ctx.storesService.refreshVisibility(tx, storeId);
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
  return visible;
}
