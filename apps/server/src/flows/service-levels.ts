import { SERVICE_LEVEL_LIST_MAX, type ServiceLevelsAnswer, serviceLevelEndpoints } from '@market/contracts';
import {
  lateCutoff,
  lateOrderGroups,
  lateReturnsGroup,
  readServiceLevelLimits,
} from '../modules/orders/index.js';
import { lateReturnsWaiting } from '../modules/returns/index.js';
import type { Deps } from '../platform/deps.js';
import { type RouteDefinition, requireStoreId, route } from '../platform/http/routes.js';

// Flow: the service-level dashboard (issue 35; GET /service-levels/admin, the merchant's own). Late orders are the
// orders module's, returns waiting for a store's decision the returns module's; returns imports orders, so the orders
// module cannot read them itself, and this flow sets them side by side:
//   1. limits    orders' readServiceLevelLimits: each kind's limit in hours (the admin's, or the default).
//   2. orders    orders' lateOrderGroups: each kind of order late past its limit, the longest waiting first.
//   3. returns   returns' lateReturnsWaiting past the return limit, as a group by the order (orders'
//                lateReturnsGroup), read at the same time as step 2.
// The limits and the scorecards stay the orders module's routes.

async function lateOrders(deps: Pick<Deps, 'db' | 'now'>, storeId?: string): Promise<ServiceLevelsAnswer> {
  const now = deps.now();
  const { limits } = await readServiceLevelLimits(deps.db);
  const returnLimit = limits.return_awaiting_decision;
  const [byOrder, returns] = await Promise.all([
    lateOrderGroups(deps.db, now, limits, storeId),
    lateReturnsWaiting(deps.db, lateCutoff(now, returnLimit), SERVICE_LEVEL_LIST_MAX, storeId),
  ]);
  return { groups: [...byOrder, lateReturnsGroup(returns, now, returnLimit)], at: now.toISOString() };
}

/** Wires the flow: the admins' dashboard of late orders, and a store's. */
export function createServiceLevels(deps: Pick<Deps, 'db' | 'now'>) {
  const routes: RouteDefinition[] = [
    route(serviceLevelEndpoints.admin, async () => ({
      message: 'Late orders',
      data: await lateOrders(deps),
    })),
    route(serviceLevelEndpoints.merchant, async ({ auth }) => ({
      message: 'Late orders',
      data: await lateOrders(deps, requireStoreId(auth)),
    })),
  ];
  return { service: { lateOrders: (storeId?: string) => lateOrders(deps, storeId) }, routes };
}
