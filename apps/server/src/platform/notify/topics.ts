/** The change-bus topic of an order that moved: which live lists show it (ADR 057). */
export const ORDERS_CHANGED = 'orders.changed';

/**
 * Who sees an order that moved: its customer, its store, its carrier (partner or dispatcher), and whether the queue
 * holds it.
 */
export interface OrderChange {
  /** Absent in a payload from an older process. */
  customerId?: string;
  storeId: string;
  carrierId: string | null;
  /** The order is in (or just left) the admins' assignment queue. */
  queue: boolean;
}

export const orderChangePayload = (change: OrderChange) => JSON.stringify(change);
