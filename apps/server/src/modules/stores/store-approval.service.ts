import type { AdminStoreDetails, AdminStoreRow, Approver } from '@market/contracts';
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { changedFields, recordAudit } from '../../platform/audit/record.js';
import type { Db } from '../../platform/db/client.js';
import { containsPattern, pageInfo } from '../../platform/db/paging.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, forbidden, notFound, validation } from '../../platform/errors.js';
import { productApprovalDigest } from '../../platform/notify/events.js';
// Read model: the approval list joins merchants and approvers for names and e-mail search (ADR 010).
import { users } from '../auth/auth.schema.js';
import { findMerchantProfile, findMerchantProfiles } from './onboarding.repository.js';
import { toOnboardingState } from './onboarding.service.js';
import type { StoreCatalogPort } from './store-catalog-port.js';
import type { StoreRow } from './stores.repository.js';
import { storeApprovers, stores } from './stores.schema.js';
import { STORE_NOT_FOUND, type StoresService, toStoreProfile } from './stores.service.js';

const ONLY_APPROVERS = 'Only store approvers can approve or reject stores';

export function createStoreApprovalService(
  deps: Deps,
  storesService: StoresService,
  catalog: StoreCatalogPort,
) {
  const { db } = deps;

  async function adminName(executor: Db, id: string | null) {
    if (!id) return null;
    const [row] = await executor
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return row ? { id: row.id, name: `${row.firstName} ${row.lastName}` } : { id, name: 'Former admin' };
  }

  async function loadRow(executor: Db, storeId: string, lock = false) {
    const query = executor
      .select({ store: stores, merchant: users })
      .from(stores)
      .innerJoin(users, eq(users.id, stores.merchantId))
      .where(eq(stores.id, storeId))
      .limit(1);
    const [row] = lock ? await query.for('update', { of: stores }) : await query;
    if (!row) throw notFound(STORE_NOT_FOUND);
    return row;
  }

  function toRow(store: StoreRow, merchant: typeof users.$inferSelect, percent: number): AdminStoreRow {
    return {
      id: store.id,
      storeName: store.storeName,
      storeUrl: store.storeUrl,
      logo: store.logo,
      merchant: {
        id: merchant.id,
        firstName: merchant.firstName,
        lastName: merchant.lastName,
        email: merchant.email,
      },
      approvalStatus: store.approvalStatus,
      firstApproval: store.firstApproval,
      secondApproval: store.secondApproval,
      percentageComplete: percent,
      paymentCategory: store.paymentCategory as AdminStoreRow['paymentCategory'],
      isVisible: store.isVisible,
      createdAt: store.createdAt.toISOString(),
    };
  }

  async function details(executor: Db, storeId: string): Promise<AdminStoreDetails> {
    const { store, merchant } = await loadRow(executor, storeId);
    const onboarding = toOnboardingState(await findMerchantProfile(executor, merchant.id));
    return {
      ...toRow(store, merchant, onboarding.percentageComplete),
      merchant: {
        id: merchant.id,
        firstName: merchant.firstName,
        lastName: merchant.lastName,
        email: merchant.email,
        phoneNumber: merchant.phoneNumber,
      },
      profile: toStoreProfile(store),
      onboarding,
      firstApprovedBy: await adminName(executor, store.firstApprovedBy),
      secondApprovedBy: await adminName(executor, store.secondApprovedBy),
      rejectionReason: store.rejectionReason,
      productsCount: await catalog.countAllProducts(executor, store.id),
    };
  }

  async function assertApprover(executor: Db, adminId: string) {
    const [row] = await executor
      .select({ adminId: storeApprovers.adminId })
      .from(storeApprovers)
      .where(and(eq(storeApprovers.adminId, adminId), eq(storeApprovers.isActive, true)))
      .limit(1);
    if (!row) throw forbidden(ONLY_APPROVERS);
  }

  return {
    details: (storeId: string) => details(db, storeId),

    async list(query: {
      page: number;
      limit: number;
      search?: string;
      approvalStatus?: 'pending' | 'approved' | 'rejected';
      onboarding?: 'complete' | 'incomplete';
    }) {
      const filters: SQL[] = [];
      if (query.approvalStatus) filters.push(eq(stores.approvalStatus, query.approvalStatus));
      if (query.search) {
        const pattern = containsPattern(query.search);
        filters.push(
          or(ilike(stores.storeName, pattern), ilike(users.email, pattern), ilike(stores.storeUrl, pattern))!,
        );
      }
      if (query.onboarding) {
        const complete = sql`exists (select 1 from merchant_profiles mp where mp.user_id = ${stores.merchantId} and mp.onboarded_at is not null)`;
        filters.push(query.onboarding === 'complete' ? complete : sql`not ${complete}`);
      }
      const where = filters.length ? and(...filters) : undefined;
      const [rows, [total], statusCounts] = await Promise.all([
        db
          .select({ store: stores, merchant: users })
          .from(stores)
          .innerJoin(users, eq(users.id, stores.merchantId))
          .where(where)
          .orderBy(desc(stores.createdAt), desc(stores.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db
          .select({ value: count() })
          .from(stores)
          .innerJoin(users, eq(users.id, stores.merchantId))
          .where(where),
        db
          .select({ status: stores.approvalStatus, value: count() })
          .from(stores)
          .groupBy(stores.approvalStatus),
      ]);
      // One query for the page's onboarding answers, not one per store.
      const profiles = await findMerchantProfiles(
        db,
        rows.map(({ merchant }) => merchant.id),
      );
      const result: AdminStoreRow[] = rows.map(({ store, merchant }) =>
        toRow(store, merchant, toOnboardingState(profiles.get(merchant.id)).percentageComplete),
      );
      const metric = (status: string) => statusCounts.find((row) => row.status === status)?.value ?? 0;
      const totalItems = total?.value ?? 0;
      return {
        stores: result,
        pagination: pageInfo(query.page, query.limit, totalItems),
        metrics: { pending: metric('pending'), approved: metric('approved'), rejected: metric('rejected') },
      };
    },

    /** First approval, then a second by a different approver; the store row is locked so two cannot race. */
    async approve(adminId: string, storeId: string): Promise<AdminStoreDetails> {
      await db.transaction(async (tx) => {
        await assertApprover(tx, adminId);
        const { store, merchant } = await loadRow(tx, storeId, true);
        const at = deps.now();
        if (store.approvalStatus === 'approved') throw conflict('This store is already approved');
        if (!store.firstApproval) {
          await tx
            .update(stores)
            .set({
              firstApproval: true,
              firstApprovedBy: adminId,
              approvalStatus: 'pending',
              rejectionReason: null,
              updatedAt: at,
            })
            .where(eq(stores.id, storeId));
          await recordAudit(tx, {
            action: 'store.approve',
            subjectType: 'store',
            subjectId: storeId,
            storeId,
            before: { approvalStatus: store.approvalStatus, firstApproval: store.firstApproval },
            after: { approvalStatus: 'pending', firstApproval: true },
          });
          return;
        }
        if (store.firstApprovedBy === adminId) {
          throw conflict('The second approval must come from a different approver');
        }
        await tx
          .update(stores)
          .set({
            secondApproval: true,
            secondApprovedBy: adminId,
            approvalStatus: 'approved',
            approvedAt: at,
            updatedAt: at,
          })
          .where(eq(stores.id, storeId));
        await recordAudit(tx, {
          action: 'store.approve',
          subjectType: 'store',
          subjectId: storeId,
          storeId,
          before: { approvalStatus: store.approvalStatus, secondApproval: store.secondApproval },
          after: { approvalStatus: 'approved', secondApproval: true },
        });
        await storesService.refreshVisibility(tx, storeId);
        // Visible now that both approvals are in, unless the owner's onboarding is still open: the mail says which.
        const [shown] = await tx
          .select({ isVisible: stores.isVisible })
          .from(stores)
          .where(eq(stores.id, storeId));
        await deps.mailer.send(tx, {
          to: merchant.email,
          subject: `${store.storeName} is approved`,
          paragraphs: [
            `Hello ${merchant.firstName},`,
            `Good news: ${store.storeName} has been approved on Naija Market.`,
            shown?.isVisible
              ? 'Your store is open: customers can see it and its approved products now.'
              : 'Customers will see your store and approved products as soon as your onboarding is complete.',
          ],
          action: { label: 'Open your dashboard', url: `${deps.config.publicUrl}/merchant` },
        });
        await deps.events.emit(tx, {
          kind: 'store.approved',
          key: `store.approved:${storeId}:${at.getTime()}`,
          audience: [{ store: storeId, permission: 'store:profile:write' }],
          params: { storeName: store.storeName },
        });
        // Its products prepared while it waited are submitted now, as one digest (issue 31).
        if ((await catalog.countPendingProducts(tx, storeId)) > 0)
          await deps.events.emit(tx, productApprovalDigest(store, at));
      });
      return details(db, storeId);
    },

    async reject(adminId: string, storeId: string, reason: string): Promise<AdminStoreDetails> {
      await db.transaction(async (tx) => {
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
            updatedAt: deps.now(),
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
        await storesService.refreshVisibility(tx, storeId);
        await deps.mailer.send(tx, {
          to: merchant.email,
          subject: `${store.storeName} needs changes before approval`,
          paragraphs: [
            `Hello ${merchant.firstName},`,
            `We could not approve ${store.storeName} yet. The reviewer wrote:`,
            reason,
            'Update your store profile and onboarding details; saving them sends the store back for review.',
          ],
          action: { label: 'Update your store', url: `${deps.config.publicUrl}/merchant/store-profile` },
        });
      });
      return details(db, storeId);
    },

    async setPaymentCategory(storeId: string, paymentCategory: string): Promise<AdminStoreDetails> {
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ paymentCategory: stores.paymentCategory })
          .from(stores)
          .where(eq(stores.id, storeId))
          .for('update');
        if (!current) throw notFound(STORE_NOT_FOUND);
        await tx.update(stores).set({ paymentCategory, updatedAt: deps.now() }).where(eq(stores.id, storeId));
        await recordAudit(tx, {
          action: 'store.payment-category',
          subjectType: 'store',
          subjectId: storeId,
          storeId,
          ...changedFields(current, { paymentCategory }),
        });
      });
      return details(db, storeId);
    },

    /** The file must be one of this store's merchant's onboarding documents. */
    async document(storeId: string, fileId: string) {
      const { merchant } = await loadRow(db, storeId);
      const file = await deps.media.readPrivate(db, fileId);
      if (!file || file.ownerUserId !== merchant.id) throw notFound('Document not found');
      return file;
    },

    // ----- approvers -----

    async approvers(): Promise<Approver[]> {
      const rows = await db
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
    },

    async saveApprover(actorId: string, adminId: string, isActive: boolean): Promise<Approver> {
      const [admin] = await db
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
      const [row] = await db
        .insert(storeApprovers)
        .values({ adminId, isActive, createdBy: actorId })
        .onConflictDoUpdate({ target: storeApprovers.adminId, set: { isActive, updatedAt: deps.now() } })
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
    },

    async removeApprover(adminId: string): Promise<void> {
      const removed = await db.delete(storeApprovers).where(eq(storeApprovers.adminId, adminId)).returning();
      if (removed.length === 0) throw notFound('Approver not found');
    },
  };
}
