import { createMerchantDashboardModule } from '../../modules/merchant-dashboard/index.js';
import { defineModule } from '../registry.js';

export const merchantDashboard = defineModule('merchant dashboard', ({ deps }) =>
  createMerchantDashboardModule(deps),
);
