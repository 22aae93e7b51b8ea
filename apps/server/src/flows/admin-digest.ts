import { sql } from 'drizzle-orm';
import type { NotificationsService } from '../modules/notifications/index.js';
import { queueStatuses } from '../modules/orders/index.js';
import type { Deps } from '../platform/deps.js';
import { QUEUE_ALERT_MINUTES } from './timed-notices.js';

// Flow: the admins' daily digest (issue 36). Admins who chose it hear of approvals waiting, orders waiting for a
// carrier and failed refunds once a day instead of a message each. The counts are read once for every admin (four
// counts, never the rows), and each admin's digest is an event keyed by admin and Lagos day: run twice, by two
// processes or a retry, it tells nobody twice.

export interface DigestCounts {
  stores: number;
  products: number;
  orders: number;
  refunds: number;
}

/** The platform's counts now, in one statement. */
export async function digestCounts(deps: Deps): Promise<DigestCounts> {
  const waitingSince = new Date(deps.now().getTime() - QUEUE_ALERT_MINUTES * 60_000);
  // Counts only, each on an index (stores' and products' approval status, orders' status, refunds' status).
  const counted = (await deps.db.execute(sql`select
      (select count(*)::int from stores s where s.approval_status = 'pending' and exists (
         select 1 from merchant_profiles mp where mp.user_id = s.merchant_id and mp.onboarded_at is not null)) as stores,
      (select count(*)::int from products where approval_status = 'pending') as products,
      (select count(*)::int from orders
         where status in (select jsonb_array_elements_text(${JSON.stringify(queueStatuses)}::jsonb))
           and updated_at <= ${waitingSince.toISOString()}::timestamptz) as orders,
      (select count(*)::int from order_refunds where status = 'failed') as refunds`)) as unknown as {
    rows: Partial<DigestCounts>[];
  };
  const row = counted.rows[0] ?? {};
  return {
    stores: Number(row.stores ?? 0),
    products: Number(row.products ?? 0),
    orders: Number(row.orders ?? 0),
    refunds: Number(row.refunds ?? 0),
  };
}

/** Today's digests for every admin who chose one; answers how many digest events were recorded (new or not). */
export async function sendAdminDigests(
  deps: Deps,
  notifications: Pick<NotificationsService, 'emitDailyDigests'>,
): Promise<number> {
  return notifications.emitDailyDigests(await digestCounts(deps));
}
