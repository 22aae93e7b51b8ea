import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';

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
  // node-postgres and PGlite both answer `{ rows }`.
  const rows = (result as unknown as { rows: Record<string, string | Date>[] }).rows;
  return rows.map((row) => ({
    id: String(row.id),
    orderId: String(row.order_id),
    orderName: String(row.order_name),
    storeId: String(row.store_id),
    storeName: String(row.store_name),
    since: new Date(row.since as string),
  }));
}
