import { createPoliciesModule } from '../../modules/policies/index.js';
import { findStoreById } from '../../modules/stores/index.js';
import { defineModule } from '../registry.js';

export const policies = defineModule('policies', ({ deps }) =>
  createPoliciesModule(deps, {
    isStorePublic: async (executor, storeId) => (await findStoreById(executor, storeId))?.isVisible === true,
  }),
);
