import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { findMerchantProfile } from './onboarding.repository.js';
import { toOnboardingState } from './onboarding.service.js';
import { findStoreByMerchant } from './stores.repository.js';
import { stores } from './stores.schema.js';

/**
 * Whether customers see a store. Both the stores service (approval, a rename) and onboarding (completion) change
 * it, so it is its own piece that both are given. Its products follow it: each answers the store's visibility for
 * the flow that called it to hand to the catalog in the same transaction (flows/store-approval.ts,
 * flows/store-profile.ts, flows/store-onboarding.ts).
 */
export function createStoreVisibility(now: () => Date) {
  /**
   * Customers see a store only when two approvers approved it and its merchant finished onboarding. Answers
   * whether they see it now; undefined when there is no such store.
   */
  async function refreshVisibility(executor: Db, storeId: string): Promise<boolean | undefined> {
    const [store] = await executor.select().from(stores).where(eq(stores.id, storeId)).limit(1);
    if (!store) return undefined;
    const visible =
      store.approvalStatus === 'approved' &&
      toOnboardingState(await findMerchantProfile(executor, store.merchantId)).isComplete;
    if (visible !== store.isVisible) {
      await executor
        .update(stores)
        .set({ isVisible: visible, updatedAt: now() })
        .where(eq(stores.id, storeId));
    }
    return visible;
  }

  return {
    refreshVisibility,
    /** The merchant's store's visibility refreshed: the store and whether it is seen, or undefined without one. */
    async refreshForMerchant(
      executor: Db,
      merchantId: string,
    ): Promise<{ storeId: string; visible: boolean } | undefined> {
      const store = await findStoreByMerchant(executor, merchantId);
      if (!store) return undefined;
      const visible = await refreshVisibility(executor, store.id);
      return visible === undefined ? undefined : { storeId: store.id, visible };
    },
  };
}

export type StoreVisibility = ReturnType<typeof createStoreVisibility>;
