import { createSubscriptionsModule } from '../../modules/subscriptions/index.js';
import { defineModule } from '../registry.js';
import { payments } from './payments.js';

export const subscriptions = defineModule('subscriptions', ({ deps, use }) =>
  createSubscriptionsModule(deps, { payments: use(payments).service }),
);
