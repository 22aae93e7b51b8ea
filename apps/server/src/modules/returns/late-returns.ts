import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { rowsOf } from '../../platform/db/rows-of.js';

export interface LateReturnToTell {
  id: string;
  orderId: string;
  orderName: string;
  storeId: string;
  storeName: string;
  since: Date;
}

/**
 * Returns asked for before the cutoff and still waiting for the store's decision, that nobody has been told of yet,
 * oldest first, at most `limit` (service levels, issue 35). Read through order_returns_requested_idx; "told" is the
 * notification event keyed by the return (notification_events_key).
 */
export async function lateReturnsToTell(
  db: Db,
  cutoff: Date,
  eventKey: (orderId: string) => string,
  limit: number,
): Promise<LateReturnToTell[]> {
  const prefix = eventKey('');
  const result = await db.execute(sql`
    select r.id, r.order_id, r.order_name, r.store_id, r.store_name, r.created_at as since
    from order_returns r
    where r.status = 'requested' and r.created_at < ${cutoff.toISOString()}
      and not exists (select 1 from notification_events e where e.key = ${prefix} || r.id::text)
    order by r.created_at asc, r.id
    limit ${limit}`);
  const rows = rowsOf<Record<string, string | Date>>(result);
  return rows.map((row) => ({
    id: String(row.id),
    orderId: String(row.order_id),
    orderName: String(row.order_name),
    storeId: String(row.store_id),
    storeName: String(row.store_name),
    since: new Date(row.since as string),
  }));
}

export interface LateReturnWaiting {
  orderId: string;
  orderName: string;
  storeId: string;
  storeName: string;
  since: Date;
  /** How many returns are late in all (the page shows at most `limit`). */
  total: number;
}

/**
 * Returns asked for before the cutoff and still waiting for the store's decision, the longest waiting first, at most
 * `limit`, for the service-level dashboard (issue 35): a store's own, or every store's. Read through
 * order_returns_requested_idx, never the returns already decided.
 */
export async function lateReturnsWaiting(
  db: Db,
  cutoff: Date,
  limit: number,
  storeId?: string,
): Promise<LateReturnWaiting[]> {
  const result = await db.execute(sql`
    select r.order_id, r.order_name, r.store_id, r.store_name, r.created_at as since, count(*) over ()::int as total
    from order_returns r
    where r.status = 'requested' and r.created_at < ${cutoff.toISOString()}
      ${storeId ? sql`and r.store_id = ${storeId}` : sql``}
    order by r.created_at asc, r.id
    limit ${limit}`);
  const rows = rowsOf<Record<string, string | number | Date>>(result);
  return rows.map((row) => ({
    orderId: String(row.order_id),
    orderName: String(row.order_name),
    storeId: String(row.store_id),
    storeName: String(row.store_name),
    since: new Date(row.since as string),
    total: Number(row.total),
  }));
}
