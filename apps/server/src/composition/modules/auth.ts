import { createGuards } from '../../flows/authenticate.js';
import { createAuthModule } from '../../modules/auth/index.js';
import {
  createStoreForMerchant,
  findActiveMembership,
  findStoreById,
  findStoreByMerchant,
  merchantOnboarding,
} from '../../modules/stores/index.js';
import { defineEntry, defineModule } from '../registry.js';

export const auth = defineModule('auth', ({ deps }) =>
  createAuthModule(deps, {
    // A staff member's session names the store they work in (their membership's), an owner's their own store.
    async findStoreByMerchant(executor, merchantId) {
      const own = await findStoreByMerchant(executor, merchantId);
      if (own) return own;
      const membership = await findActiveMembership(executor, merchantId);
      return membership ? findStoreById(executor, membership.storeId) : undefined;
    },
    createStoreForMerchant,
    merchantOnboarding,
    findMembership: (userId) => findActiveMembership(deps.db, userId),
  }),
);

/** The guards the app mounts, a flow of auth's, stores' and admins' steps (`flows/authenticate.ts`). */
export const guards = defineEntry('guards', ({ deps, use }) => createGuards(deps, use(auth).service));
