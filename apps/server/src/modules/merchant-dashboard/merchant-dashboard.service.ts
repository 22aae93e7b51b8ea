import { DASHBOARD_LOW_STOCK_LIMIT, type MerchantDashboard } from '@market/contracts';
import type { Deps } from '../../platform/deps.js';
import { type AuthContext, requireStoreId } from '../../platform/http/routes.js';
import { storeProductFigures } from '../catalog/index.js';
import { rollupStoreSales } from '../ledger/index.js';
import { storeOrdersToAccept } from '../orders/index.js';
import { lagosDateOf, lagosDayStart, lagosWeekStart } from './lagos-calendar.js';
import { readSetupGuide } from './setup-guide.js';

/**
 * The merchant dashboard's figures. This module owns no table: it reads the ledger (sales: ADR 047, every money
 * figure is the books'; from their roll-ups by the order's Lagos day, as the payment report: ADR 067), the orders
 * module (orders to accept) and the catalog (stock, approvals) through their public faces, for the caller's store.
 */
export function createMerchantDashboardService(deps: Deps) {
  return {
    async forStore(auth: AuthContext): Promise<MerchantDashboard> {
      const storeId = requireStoreId(auth);
      const now = deps.now();
      const today = lagosDayStart(now);
      const week = lagosWeekStart(now);
      const [sales, ordersToAccept, products] = await Promise.all([
        rollupStoreSales(deps.db, storeId, { today: lagosDateOf(today), week: lagosDateOf(week) }),
        storeOrdersToAccept(deps.db, storeId),
        storeProductFigures(deps.db, storeId, DASHBOARD_LOW_STOCK_LIMIT),
      ]);
      return {
        asOf: now.toISOString(),
        todayStartsAt: today.toISOString(),
        weekStartsAt: week.toISOString(),
        today: sales.today,
        week: sales.week,
        lowStock: products.lowStock,
        needsAction: {
          ordersToAccept,
          productsPendingApproval: products.productsPendingApproval,
          productsRejected: products.productsRejected,
        },
      };
    },

    /** The owner's setup checklist for the caller's store. */
    setupGuide(auth: AuthContext) {
      return readSetupGuide(deps.db, requireStoreId(auth));
    },
  };
}

export type MerchantDashboardService = ReturnType<typeof createMerchantDashboardService>;
