import type { ItemRow, OrderRow, TrackerRow } from '../orders/index.js';

/**
 * What a paid checkout tells (ADR 057): each store hears of its new order, the customer's list gets its receipt.
 * Emitted by the checkout-and-pay flow in the payment's transaction.
 */
export function paidNotices(tracker: TrackerRow, paidOrders: OrderRow[], items: ItemRow[]) {
  return paidOrders.flatMap((order) => {
    const about = { orderId: order.id, orderNumber: order.orderName, storeName: order.storeName };
    const itemCount = items
      .filter((item) => item.orderId === order.id)
      .reduce((sum, item) => sum + item.quantity, 0);
    return [
      {
        kind: 'order.paid' as const,
        key: `order.paid:${order.id}`,
        audience: [{ store: order.storeId, permission: 'orders:write' as const }],
        params: { ...about, amountKobo: order.totalKobo, itemCount },
      },
      {
        kind: 'order.receipt' as const,
        key: `order.receipt:${order.id}`,
        audience: [{ user: tracker.customerId }],
        params: { ...about, amountKobo: order.totalKobo },
      },
    ];
  });
}
