import { DASHBOARD_LOW_STOCK_LIMIT, type MerchantDashboard } from '@market/contracts';
import type { Deps } from '../../platform/deps.js';
import { type AuthContext, requireStoreId } from '../../platform/http/routes.js';
import { storeProductFigures } from '../catalog/index.js';
import type { OrdersService } from '../orders/index.js';
import { lagosDayStart, lagosWeekStart } from './lagos-calendar.js';

/** What the dashboard reads of the orders module, handed in by the composition. */
export interface MerchantDashboardNeeds {
  orders: Pick<OrdersService, 'storeFigures'>;
}

/**
 * The merchant dashboard's figures. This module owns no table: it reads the orders module (sales, orders to
 * accept) and the catalog (stock, approvals) through their public faces, for the caller's store.
 */
export function createMerchantDashboardService(deps: Deps, needs: MerchantDashboardNeeds) {
  return {
    async forStore(auth: AuthContext): Promise<MerchantDashboard> {
      const storeId = requireStoreId(auth);
      const now = deps.now();
      const today = lagosDayStart(now);
      const week = lagosWeekStart(now);
      const [orders, products] = await Promise.all([
        needs.orders.storeFigures(storeId, { today, week }),
        storeProductFigures(deps.db, storeId, DASHBOARD_LOW_STOCK_LIMIT),
      ]);
      return {
        asOf: now.toISOString(),
        todayStartsAt: today.toISOString(),
        weekStartsAt: week.toISOString(),
        today: orders.today,
        week: orders.week,
        lowStock: products.lowStock,
        needsAction: {
          ordersToAccept: orders.ordersToAccept,
          productsPendingApproval: products.productsPendingApproval,
          productsRejected: products.productsRejected,
        },
      };
    },
  };
}

export type MerchantDashboardService = ReturnType<typeof createMerchantDashboardService>;
