import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { merchantDashboardRoutes } from './merchant-dashboard.routes.js';
import {
  createMerchantDashboardService,
  type MerchantDashboardService,
} from './merchant-dashboard.service.js';

export { lagosDateOf, lagosDayStart, lagosWeekStart } from './lagos-calendar.js';
export type { MerchantDashboardService } from './merchant-dashboard.service.js';

/** The merchant dashboard's figures: reads of orders and the catalog for the caller's store; no tables. */
export function createMerchantDashboardModule(deps: Deps): ServerModule<MerchantDashboardService> {
  const service = createMerchantDashboardService(deps);
  return { service, routes: merchantDashboardRoutes(service) };
}
