import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { findMerchantProfile } from './onboarding.repository.js';
import { toOnboardingState } from './onboarding.service.js';
import type { StoreCatalogPort } from './store-catalog-port.js';
import { findStoreByMerchant } from './stores.repository.js';
import { stores } from './stores.schema.js';

/**
 * Whether customers see a store. Both the stores service (approval) and onboarding (completion) change it, so it
 * is its own piece that both are given, instead of one of them reaching for the other after construction.
 */
export function createStoreVisibility(now: () => Date, catalog: StoreCatalogPort) {
  /** Customers see a store only when two approvers approved it and its merchant finished onboarding. */
  async function refreshVisibility(executor: Db, storeId: string): Promise<void> {
    const [store] = await executor.select().from(stores).where(eq(stores.id, storeId)).limit(1);
    if (!store) return;
    const visible =
      store.approvalStatus === 'approved' &&
      toOnboardingState(await findMerchantProfile(executor, store.merchantId)).isComplete;
    if (visible !== store.isVisible) {
      await executor
        .update(stores)
        .set({ isVisible: visible, updatedAt: now() })
        .where(eq(stores.id, storeId));
    }
    await catalog.refreshStoreProductsVisibility(executor, storeId, visible);
  }

  return {
    refreshVisibility,
    async refreshForMerchant(executor: Db, merchantId: string): Promise<void> {
      const store = await findStoreByMerchant(executor, merchantId);
      if (store) await refreshVisibility(executor, store.id);
    },
  };
}

export type StoreVisibility = ReturnType<typeof createStoreVisibility>;
