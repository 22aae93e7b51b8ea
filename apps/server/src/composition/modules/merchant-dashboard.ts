import { createMerchantDashboardModule } from '../../modules/merchant-dashboard/index.js';
import { defineModule } from '../registry.js';
import { orders } from './orders.js';

export const merchantDashboard = defineModule('merchant dashboard', ({ deps, use }) =>
  createMerchantDashboardModule(deps, { orders: use(orders).service }),
);
