import { createStoreApproval } from '../../flows/store-approval.js';
import { createStoreFollowing } from '../../flows/store-following.js';
import { createStoreOnboarding } from '../../flows/store-onboarding.js';
import { createStoreProfile } from '../../flows/store-profile.js';
import { createStoresModule } from '../../modules/stores/index.js';
import { defineModule } from '../registry.js';

export const stores = defineModule('stores', ({ deps }) => createStoresModule(deps));

/** The store-approval flow (flows/store-approval.ts): approving or rejecting a store, its products following. */
export const storeApproval = defineModule('store approval', ({ deps, use }) =>
  createStoreApproval(deps, use(stores).approval),
);

/** The store-profile flow (flows/store-profile.ts): the hub check, the profile, the products' copies. */
export const storeProfile = defineModule('store profile', ({ deps, use }) =>
  createStoreProfile(deps, use(stores).service),
);

/** The store-onboarding flow (flows/store-onboarding.ts): the categories checked, the products following the store. */
export const storeOnboarding = defineModule('store onboarding', ({ deps, use }) =>
  createStoreOnboarding(deps, use(stores).onboarding),
);

/** The store-following flow (flows/store-following.ts): the followed stores as cards. */
export const storeFollowing = defineModule('store following', ({ deps, use }) =>
  createStoreFollowing(deps, use(stores).service),
);
