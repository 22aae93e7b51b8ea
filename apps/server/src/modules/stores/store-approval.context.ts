import type { AdminStoreDetails, AdminStoreRow } from '@market/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { users } from '../auth/auth.schema.js';
import { findMerchantProfile } from './onboarding.repository.js';
import { toOnboardingState } from './onboarding.service.js';
import type { StoreRow } from './stores.repository.js';
import { storeApprovers, stores } from './stores.schema.js';
import { STORE_NOT_FOUND, type StoresService, toStoreProfile } from './stores.service.js';

// What the store approval service's functions share (ADR 091, 102): the platform, the stores service (a store's
// visibility), and a store as the admins see it.

/** What the store approval service's functions work with. */
export interface StoreApprovalContext {
  deps: Deps;
  db: Db;
  storesService: StoresService;
}

export const ONLY_APPROVERS = 'Only store approvers can approve or reject stores';

async function adminName(executor: Db, id: string | null) {
  if (!id) return null;
  const [row] = await executor
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ? { id: row.id, name: `${row.firstName} ${row.lastName}` } : { id, name: 'Former admin' };
}

export async function loadRow(executor: Db, storeId: string, lock = false) {
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

export function toRow(store: StoreRow, merchant: typeof users.$inferSelect, percent: number): AdminStoreRow {
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

/** A store as the admins see it, but for its products' count, which the flow adds from the catalog. */
export async function details(
  executor: Db,
  storeId: string,
): Promise<Omit<AdminStoreDetails, 'productsCount'>> {
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
  };
}

export async function assertApprover(executor: Db, adminId: string) {
  const [row] = await executor
    .select({ adminId: storeApprovers.adminId })
    .from(storeApprovers)
    .where(and(eq(storeApprovers.adminId, adminId), eq(storeApprovers.isActive, true)))
    .limit(1);
  if (!row) throw forbidden(ONLY_APPROVERS);
}
