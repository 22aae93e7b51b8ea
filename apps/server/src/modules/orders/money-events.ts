import type { Db } from '../../platform/db/client.js';
import type { OrderRow, RefundRow } from './orders.repository.js';

/**
 * What the books hear of an order's money (ADR 027), in the transaction that changes it: the ledger module listens
 * (the order-money flow, joined by `composition/flows.ts`), so the orders module never imports it. A money fact with
 * nobody listening stops with an error (ADR 081): an orders module built without its flow never skips the books.
 */
export interface OrderMoneyListener {
  /**
   * A replacement order was paid (its row locked): commission and due are set and the payment is posted. A
   * checkout's orders are booked by the checkout-and-pay flow itself (ADR 076), not through this listener.
   */
  paid(executor: Db, orders: OrderRow[]): Promise<void>;
  /** The order completed (delivered and the return window passed): its due amount becomes payable. */
  completed(executor: Db, order: OrderRow): Promise<void>;
  /** Refund rows were booked for the order (provider and gift-card parts of one decision). */
  refundBooked(executor: Db, order: OrderRow, rows: RefundRow[]): Promise<void>;
  /**
   * The order became Returned (its goods back at the store, refunded or replaced; ADR 040): it will never complete,
   * so what is still due to the store for it is settled now (ADR 059).
   */
  returned(executor: Db, order: OrderRow): Promise<void>;
  /**
   * The order was taken back for good: cancelled (after payment, or before it: then the books never heard of it)
   * or returned. Merchants' figures stop counting it (ADR 082).
   */
  undone(executor: Db, order: OrderRow): Promise<void>;
  /**
   * An admin rejected a refund: its money is no longer going back. `order` is the order as it stands: a
   * cancelled or returned one will never complete (ADR 059).
   */
  refundRejected(executor: Db, row: RefundRow, order: OrderRow): Promise<void>;
  /**
   * An admin recorded the bank transfer that paid a refund of an order paid at the door (ADR 089): what was owed to
   * the customer leaves the platform's cash.
   */
  doorRefundPaid(executor: Db, row: RefundRow): Promise<void>;
  /** A chargeback decision changed who bears these refunds. */
  chargedToChanged(executor: Db, rows: RefundRow[]): Promise<void>;
}

export interface OrderMoneyEvents {
  listen(listener: OrderMoneyListener): void;
  /** The books' steps; throws when no flow listens, so a money fact is booked or its write rolls back. */
  readonly books: OrderMoneyListener;
}

export function createOrderMoneyEvents(): OrderMoneyEvents {
  let current: OrderMoneyListener | undefined;
  return {
    listen(listener) {
      if (current && current !== listener) throw new Error('The orders module already has a money listener');
      current = listener;
    },
    get books() {
      if (!current)
        throw new Error(
          'The orders module has no money flow (composition/flows.ts joins order-money): this fact would go unbooked',
        );
      return current;
    },
  };
}
