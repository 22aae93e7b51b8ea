import { findAccountById } from '../../modules/auth/index.js';
import { createSubscriptionsModule } from '../../modules/subscriptions/index.js';
import { defineModule } from '../registry.js';
import { payments } from './payments.js';
import { storeOwner } from './store-owner.js';

export const subscriptions = defineModule('subscriptions', ({ deps, use }) =>
  createSubscriptionsModule(deps, {
    payments: use(payments).service,
    emailOf: async (userId) => (await findAccountById(deps.db, userId))?.email,
    storeOwner,
  }),
);
