import { productsRunningLow } from '../modules/catalog/index.js';
import { ordersWaitingInQueue, queueStatuses } from '../modules/orders/index.js';
import { storesAwaitingApproval } from '../modules/stores/index.js';
import type { Deps } from '../platform/deps.js';
import type { NotificationEvent } from '../platform/notify/events.js';

// Flow: notices nobody's action raises (ADR 057). A product running low, an order left in the assignment queue and
// a store waiting for approval are states, not moments: a timed job looks for them and emits one event per state,
// keyed so that a state seen again on the next run tells nobody twice.

/** How long an order may wait for a carrier before admins who assign are told. */
export const QUEUE_ALERT_MINUTES = 60;

const lagosDay = (at: Date) => new Date(at.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);

export async function emitTimedNotices(deps: Deps): Promise<number> {
  const now = deps.now();
  const [low, waiting, pending] = await Promise.all([
    productsRunningLow(deps.db),
    ordersWaitingInQueue(deps.db, queueStatuses, new Date(now.getTime() - QUEUE_ALERT_MINUTES * 60_000)),
    storesAwaitingApproval(deps.db),
  ]);
  const events: NotificationEvent[] = [
    // Once a day per product while it stays low.
    ...low.map((product) => ({
      kind: 'stock.low' as const,
      key: `stock.low:${product.id}:${lagosDay(now)}`,
      audience: [{ store: product.storeId, permission: 'products:write' as const }],
      params: { productName: product.name, productId: product.id, stock: product.quantity },
    })),
    // Once per stay in the queue (the order's status and since when).
    ...waiting.map((order) => ({
      kind: 'queue.waiting' as const,
      key: `queue.waiting:${order.id}:${order.status}:${order.updatedAt.getTime()}`,
      audience: [{ admins: 'orders:assign' as const }],
      params: {
        orderId: order.id,
        orderNumber: order.orderName,
        minutes: Math.floor((now.getTime() - order.updatedAt.getTime()) / 60_000),
      },
    })),
    // Once per submission (an edit sends the store back to review and moves updatedAt).
    ...pending.map((store) => ({
      kind: 'approval.waiting' as const,
      key: `approval.waiting:store:${store.id}:${store.updatedAt.getTime()}`,
      audience: [{ admins: 'approvals:stores' as const }],
      params: { what: 'store', subject: store.storeName },
    })),
  ];
  if (events.length > 0) await deps.events.emit(deps.db, events);
  return events.length;
}
