import type { AdminStoreRow } from '@market/contracts';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { containsPattern, pageInfo } from '../../platform/db/paging.js';
import { notFound } from '../../platform/errors.js';
// Read model: the approval list joins merchants and approvers for names and e-mail search (ADR 010).
import { users } from '../auth/auth.schema.js';
import { findMerchantProfiles } from './onboarding.repository.js';
import { toOnboardingState } from './onboarding.service.js';
import { loadRow, type StoreApprovalContext, toRow } from './store-approval.context.js';
import { stores } from './stores.schema.js';

// The admins' list of stores with their onboarding, and a store's onboarding documents.

export async function list(
  ctx: StoreApprovalContext,
  query: {
    page: number;
    limit: number;
    search?: string;
    approvalStatus?: 'pending' | 'approved' | 'rejected';
    onboarding?: 'complete' | 'incomplete';
  },
) {
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
    ctx.db
      .select({ store: stores, merchant: users })
      .from(stores)
      .innerJoin(users, eq(users.id, stores.merchantId))
      .where(where)
      .orderBy(desc(stores.createdAt), desc(stores.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db
      .select({ value: count() })
      .from(stores)
      .innerJoin(users, eq(users.id, stores.merchantId))
      .where(where),
    ctx.db
      .select({ status: stores.approvalStatus, value: count() })
      .from(stores)
      .groupBy(stores.approvalStatus),
  ]);
  // One query for the page's onboarding answers, not one per store.
  const profiles = await findMerchantProfiles(
    ctx.db,
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
}

/** The file must be one of this store's merchant's onboarding documents. */
export async function document(ctx: StoreApprovalContext, storeId: string, fileId: string) {
  const { merchant } = await loadRow(ctx.db, storeId);
  const file = await ctx.deps.media.readPrivate(ctx.db, fileId);
  if (!file || file.ownerUserId !== merchant.id) throw notFound('Document not found');
  return file;
}

// ----- approvers -----
