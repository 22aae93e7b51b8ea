import {
  SCORECARD_WINDOWS,
  type ScorecardWindow,
  SERVICE_LEVEL_HOURS,
  SERVICE_LEVEL_LIST_MAX,
  SERVICE_LEVEL_STATUS,
  type ServiceLevelGroup,
  type ServiceLevelsAnswer,
  scorecardEndpoints,
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

interface ScoreRow {
  orders: number;
  accepted: number;
  acceptance_hours: number | string | null;
  late_acceptances: number;
  cancelled_by_store: number;
  delivered: number;
  returns: number;
}

/**
 * A store's scorecard (issue 35) over each window, from its orders created in the window and their activities: the
 * time into Pending (payment) and into Accepted, the store's cancellations, deliveries and returns. Reads the
 * store's orders of the window through orders_store_sales_idx (store, time), never other stores'.
 */
async function scorecard(db: Db, storeId: string, now: Date): Promise<ScorecardWindow[]> {
  const limitHours = SERVICE_LEVEL_HOURS.awaiting_acceptance;
  return Promise.all(
    SCORECARD_WINDOWS.map(async (days) => {
      const from = new Date(now.getTime() - days * 24 * HOUR_MS).toISOString();
      const [row] = rowsOf<ScoreRow>(
        await db.execute(sql`
          with window_orders as (
            select o.id, o.status, o.delivered_at, o.order_return_id,
              (select min(a.created_at) from order_activities a where a.order_id = o.id and a.status = 'pending') as paid_at,
              (select min(a.created_at) from order_activities a where a.order_id = o.id and a.status = 'accepted') as accepted_at,
              exists (select 1 from order_activities a where a.order_id = o.id and a.status = 'cancelled' and a.actor_type = 'merchant') as store_cancelled
            from orders o
            where o.store_id = ${storeId} and o.created_at >= ${from} and o.status <> 'awaiting_payment'
          )
          select count(*)::int as orders,
            count(accepted_at)::int as accepted,
            avg(extract(epoch from (accepted_at - paid_at)) / 3600) filter (where accepted_at is not null and paid_at is not null) as acceptance_hours,
            count(*) filter (where paid_at is not null and (
              (accepted_at is not null and accepted_at - paid_at > make_interval(hours => ${limitHours}))
              or (accepted_at is null and status = 'pending' and ${now.toISOString()}::timestamptz - paid_at > make_interval(hours => ${limitHours}))
            ))::int as late_acceptances,
            count(*) filter (where store_cancelled)::int as cancelled_by_store,
            count(*) filter (where delivered_at is not null)::int as delivered,
            count(*) filter (where delivered_at is not null and (order_return_id is not null or status = 'returned'))::int as returns
          from window_orders`),
      );
      const hours =
        row?.acceptance_hours === null || row?.acceptance_hours === undefined
          ? null
          : Number(row.acceptance_hours);
      const delivered = row?.delivered ?? 0;
      const returns = row?.returns ?? 0;
      return {
        days,
        orders: row?.orders ?? 0,
        averageAcceptanceHours: hours === null ? null : Math.round(hours * 10) / 10,
        lateAcceptances: row?.late_acceptances ?? 0,
        cancelledByStore: row?.cancelled_by_store ?? 0,
        delivered,
        returns,
        returnRatePercent: delivered === 0 ? null : Math.round((returns * 1000) / delivered) / 10,
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
    route(scorecardEndpoints.merchant, async ({ auth }) => {
      const now = deps.now();
      const storeId = requireStoreId(auth);
      return {
        message: 'Scorecard',
        data: { storeId, windows: await scorecard(deps.db, storeId, now), at: now.toISOString() },
      };
    }),
    route(scorecardEndpoints.admin, async ({ params }) => {
      const now = deps.now();
      return {
        message: 'Scorecard',
        data: {
          storeId: params.storeId,
          windows: await scorecard(deps.db, params.storeId, now),
          at: now.toISOString(),
        },
      };
    }),
  ];
}
