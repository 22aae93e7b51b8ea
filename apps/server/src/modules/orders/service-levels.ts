import {
  DEFAULT_SERVICE_LEVEL_HOURS,
  type OrderServiceLevelKind,
  orderServiceLevelKinds,
  SCORECARD_WINDOWS,
  type ScorecardWindow,
  SERVICE_LEVEL_LIST_MAX,
  SERVICE_LEVEL_STATUS,
  type ServiceLevelGroup,
  type ServiceLevelKind,
  type ServiceLevelLimits,
  type ServiceLevelLimitsBody,
  scorecardEndpoints,
  serviceLevelEndpoints,
  serviceLevelKinds,
} from '@market/contracts';
import { sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record.js';
import type { Db } from '../../platform/db/client.js';
import { rowsOf } from '../../platform/db/rows-of.js';
import type { Deps } from '../../platform/deps.js';
import { type RouteDefinition, requireStoreId, route } from '../../platform/http/routes.js';
import { serviceLevelLimits } from './service-levels.schema.js';

// Late orders (issue 35). An order's time in its status is `orders.status_since`, which a trigger moves on each
// status change only (a later note or carrier change does not reset the clock). Only orders in a watched status that
// entered it before the cutoff are read (orders_status_since_idx): the work follows what is late, never the order
// history. The limits are the admin's (service_level_limits), each kind's default until set.

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

/** The limits in force: the admin's where set, the defaults elsewhere. */
export async function readServiceLevelLimits(db: Db): Promise<ServiceLevelLimits> {
  const rows = await db.select().from(serviceLevelLimits);
  const limits = { ...DEFAULT_SERVICE_LEVEL_HOURS };
  let updatedAt: Date | null = null;
  for (const row of rows) {
    if (!(serviceLevelKinds as readonly string[]).includes(row.kind)) continue;
    limits[row.kind as ServiceLevelKind] = row.hours;
    if (!updatedAt || row.updatedAt > updatedAt) updatedAt = row.updatedAt;
  }
  return { limits, updatedAt: updatedAt?.toISOString() ?? null };
}

/** Saves every limit in one statement and its audit line in the same transaction (ADR 072). */
async function saveServiceLevelLimits(
  deps: Deps,
  body: ServiceLevelLimitsBody,
  adminId: string,
): Promise<ServiceLevelLimits> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const before = await readServiceLevelLimits(tx);
    await tx
      .insert(serviceLevelLimits)
      .values(
        serviceLevelKinds.map((kind) => ({ kind, hours: body[kind], updatedBy: adminId, updatedAt: now })),
      )
      .onConflictDoUpdate({
        target: serviceLevelLimits.kind,
        set: { hours: sql`excluded.hours`, updatedBy: adminId, updatedAt: now },
      });
    await recordAudit(tx, {
      action: 'service-levels.limits',
      subjectType: 'service-levels',
      subjectId: 'limits',
      before: before.limits,
      after: { ...body },
    });
  });
  return readServiceLevelLimits(deps.db);
}

/** Orders late by one limit, the longest-waiting first (the dashboard's list). */
async function lateOrdersOf(
  db: Db,
  kind: OrderServiceLevelKind,
  cutoff: Date,
  storeId: string | undefined,
): Promise<LateRow[]> {
  return rowsOf<LateRow>(
    await db.execute(sql`
      select o.id, o.order_name, o.store_id, o.store_name, coalesce(o.dispatcher_name, o.carrier_name) as carrier_name,
             o.status_since as since, count(*) over ()::int as total
      from orders o
      where o.status = ${SERVICE_LEVEL_STATUS[kind]}
        ${storeId ? sql`and o.store_id = ${storeId}` : sql``}
        and o.status_since < ${cutoff.toISOString()}
      order by o.status_since asc, o.id
      limit ${SERVICE_LEVEL_LIST_MAX}`),
  );
}

export interface LateOrderToTell {
  id: string;
  orderName: string;
  storeId: string;
  storeName: string;
  partnerId: string | null;
  dispatcherId: string | null;
  since: Date;
}

/**
 * Orders past one limit that nobody has been told of yet, oldest first, at most `limit`: the late-order job's batch.
 * "Told" is the notification event keyed by order and kind (notification_events_key), so a second process or a
 * second run finds it told and skips it.
 */
export async function lateOrdersToTell(
  db: Db,
  kind: OrderServiceLevelKind,
  cutoff: Date,
  eventKey: (orderId: string) => string,
  limit: number,
): Promise<LateOrderToTell[]> {
  const prefix = eventKey('');
  const rows = rowsOf<{
    id: string;
    order_name: string;
    store_id: string;
    store_name: string;
    partner_id: string | null;
    dispatcher_id: string | null;
    since: string | Date;
  }>(
    await db.execute(sql`
      select o.id, o.order_name, o.store_id, o.store_name, o.partner_id, o.dispatcher_id, o.status_since as since
      from orders o
      where o.status = ${SERVICE_LEVEL_STATUS[kind]}
        and o.status_since < ${cutoff.toISOString()}
        and not exists (select 1 from notification_events e where e.key = ${prefix} || o.id::text)
      order by o.status_since asc, o.id
      limit ${limit}`),
  );
  return rows.map((row) => ({
    id: row.id,
    orderName: row.order_name,
    storeId: row.store_id,
    storeName: row.store_name,
    partnerId: row.partner_id,
    dispatcherId: row.dispatcher_id,
    since: new Date(row.since),
  }));
}

/** A return waiting for its store's decision since `since` (the returns module's late returns, read by a flow). */
export interface LateReturnRow {
  orderId: string;
  orderName: string;
  storeId: string;
  storeName: string;
  since: Date;
  total: number;
}

/** Returns waiting for the store's decision past their limit, as the dashboard lists late orders (by the order). */
export function lateReturnsGroup(rows: LateReturnRow[], now: Date, limitHours: number): ServiceLevelGroup {
  return {
    kind: 'return_awaiting_decision',
    limitHours,
    count: rows[0]?.total ?? 0,
    orders: rows.map((row) => ({
      id: row.orderId,
      orderName: row.orderName,
      storeId: row.storeId,
      storeName: row.storeName,
      carrierName: null,
      since: row.since.toISOString(),
      hoursLate: Math.floor((now.getTime() - row.since.getTime()) / HOUR_MS) - limitHours,
    })),
  };
}

/** The cutoff of a limit: what entered its status (or waits) since before it is late. */
export const lateCutoff = (now: Date, limitHours: number) => new Date(now.getTime() - limitHours * HOUR_MS);

/** Each kind of order late past its limit (the store's only, when given), the longest waiting first. */
export async function lateOrderGroups(
  db: Db,
  now: Date,
  limits: ServiceLevelLimits['limits'],
  storeId?: string,
): Promise<ServiceLevelGroup[]> {
  return Promise.all(
    orderServiceLevelKinds.map(async (kind) => {
      const limitHours = limits[kind];
      const rows = await lateOrdersOf(db, kind, lateCutoff(now, limitHours), storeId);
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
  const limitHours = (await readServiceLevelLimits(db)).limits.awaiting_acceptance;
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

/** The limits and the scorecards; the late-orders dashboard, with the returns module's late returns, is a flow's. */
export function serviceLevelRoutes(deps: Deps): RouteDefinition[] {
  return [
    route(serviceLevelEndpoints.limits, async () => ({
      message: 'Service-level limits',
      data: await readServiceLevelLimits(deps.db),
    })),
    route(serviceLevelEndpoints.saveLimits, async ({ auth, body }) => ({
      message: 'Service-level limits saved',
      data: await saveServiceLevelLimits(deps, body, auth.userId),
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
