import {
  SERVICE_LEVEL_HOURS,
  SERVICE_LEVEL_LIST_MAX,
  SERVICE_LEVEL_STATUS,
  type ServiceLevelGroup,
  type ServiceLevelsAnswer,
  serviceLevelEndpoints,
  serviceLevelKinds,
} from '@market/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { type RouteDefinition, requireStoreId, route } from '../../platform/http/routes.js';

// Late orders (issue 35). An order's time in its status is read from its latest activity of that status (the move
// that put it there), so a later note or carrier change does not reset the clock. Only orders in a watched status
// are read (orders_status_idx): the work follows the live queue, never the order history.

const HOUR_MS = 3_600_000;

interface LateRow {
  id: string;
  order_name: string;
  store_id: string;
  store_name: string;
  carrier_name: string | null;
  since: string | Date;
  total: number;
}

/** node-postgres and PGlite both answer `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;

async function lateOrders(db: Db, now: Date, storeId?: string): Promise<ServiceLevelGroup[]> {
  return Promise.all(
    serviceLevelKinds.map(async (kind) => {
      const limitHours = SERVICE_LEVEL_HOURS[kind];
      const cutoff = new Date(now.getTime() - limitHours * HOUR_MS);
      const rows = rowsOf<LateRow>(
        await db.execute(sql`
          select o.id, o.order_name, o.store_id, o.store_name, coalesce(o.dispatcher_name, o.carrier_name) as carrier_name,
                 entered.at as since, count(*) over ()::int as total
          from orders o
          cross join lateral (
            select max(a.created_at) as at from order_activities a where a.order_id = o.id and a.status = o.status
          ) entered
          where o.status = ${SERVICE_LEVEL_STATUS[kind]}
            ${storeId ? sql`and o.store_id = ${storeId}` : sql``}
            and entered.at < ${cutoff.toISOString()}
          order by entered.at asc, o.id
          limit ${SERVICE_LEVEL_LIST_MAX}`),
      );
      return {
        kind,
        limitHours,
        count: rows[0]?.total ?? 0,
        orders: rows.map((row) => {
          const since = new Date(row.since);
          return {
            id: row.id,
            orderName: row.order_name,
            storeId: row.store_id,
            storeName: row.store_name,
            carrierName: row.carrier_name,
            since: since.toISOString(),
            hoursLate: Math.floor((now.getTime() - since.getTime()) / HOUR_MS) - limitHours,
          };
        }),
      };
    }),
  );
}

export function serviceLevelRoutes(deps: Deps): RouteDefinition[] {
  const answer = async (storeId?: string): Promise<ServiceLevelsAnswer> => {
    const now = deps.now();
    return { groups: await lateOrders(deps.db, now, storeId), at: now.toISOString() };
  };
  return [
    route(serviceLevelEndpoints.admin, async () => ({ message: 'Late orders', data: await answer() })),
    route(serviceLevelEndpoints.merchant, async ({ auth }) => ({
      message: 'Late orders',
      data: await answer(requireStoreId(auth)),
    })),
  ];
}
