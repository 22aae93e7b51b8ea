import { sql } from 'drizzle-orm';
import type { NotificationsService } from '../modules/notifications/index.js';
import { ordersWaitingInQueue, queueStatuses } from '../modules/orders/index.js';
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

/** The platform's counts now: bounded work, however many orders and refunds there are (indexed counts). */
export async function digestCounts(deps: Deps): Promise<DigestCounts> {
  const now = deps.now();
  const [counted, waiting] = await Promise.all([
    deps.db.execute(sql`select
      (select count(*)::int from stores s where s.approval_status = 'pending' and exists (
         select 1 from merchant_profiles mp where mp.user_id = s.merchant_id and mp.onboarded_at is not null)) as stores,
      (select count(*)::int from products where approval_status = 'pending') as products,
      (select count(*)::int from order_refunds where status = 'failed') as refunds`),
    ordersWaitingInQueue(
      deps.db,
      queueStatuses,
      new Date(now.getTime() - QUEUE_ALERT_MINUTES * 60_000),
      1000,
    ),
  ]);
  const row = (counted as unknown as { rows: { stores: number; products: number; refunds: number }[] })
    .rows[0];
  return {
    stores: Number(row?.stores ?? 0),
    products: Number(row?.products ?? 0),
    orders: waiting.length,
    refunds: Number(row?.refunds ?? 0),
  };
}

/** Today's digests for every admin who chose one; answers how many digest events were recorded (new or not). */
export async function sendAdminDigests(
  deps: Deps,
  notifications: Pick<NotificationsService, 'emitDailyDigests'>,
): Promise<number> {
  return notifications.emitDailyDigests(await digestCounts(deps));
}
