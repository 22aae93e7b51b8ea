import { merchantDashboardEndpoints } from '@market/contracts';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import type { MerchantDashboardService } from './merchant-dashboard.service.js';

export function merchantDashboardRoutes(dashboard: MerchantDashboardService): RouteDefinition[] {
  return [
    route(merchantDashboardEndpoints.get, async ({ auth }) => ({
      message: 'Dashboard',
      data: await dashboard.forStore(auth),
    })),
    route(merchantDashboardEndpoints.setupGuide, async ({ auth }) => ({
      message: 'Setup guide',
      data: await dashboard.setupGuide(auth),
    })),
  ];
}
