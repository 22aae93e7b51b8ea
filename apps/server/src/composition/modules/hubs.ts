import { findPartnerProfile } from '../../modules/auth/index.js';
import { createHubsModule } from '../../modules/hubs/index.js';
import { findStoreById } from '../../modules/stores/index.js';
import { defineModule } from '../registry.js';

export const hubs = defineModule('hubs', ({ deps }) =>
  createHubsModule(deps, {
    storeName: async (executor, storeId) => (await findStoreById(executor, storeId))?.storeName,
    async partner(executor, userId) {
      const profile = await findPartnerProfile(executor, userId);
      return profile && { companyName: profile.companyName, approved: profile.approvedAt !== null };
    },
    storeApproved: async (executor, storeId) =>
      (await findStoreById(executor, storeId))?.approvalStatus === 'approved',
  }),
);
