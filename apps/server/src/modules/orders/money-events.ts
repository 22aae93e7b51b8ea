import type { Db } from '../../platform/db/client.js';
import type { OrderRow, RefundRow } from './orders.repository.js';

/**
 * What the books still hear of a refund's money (ADR 027), in the transaction that changes it: the ledger module
 * listens (the order-money flow, joined by `composition/flows.ts`), so the orders module never imports it. A money
 * fact with nobody listening stops with an error (ADR 081): an orders module built without its flow never skips the
 * books. An order's moves (paid, completed, returned, cancelled) are no longer heard here: the flow that makes a
 * move books it itself (flows/order-money.ts `moved`, `paid`).
 */
export interface OrderMoneyListener {
  /** Refund rows were booked for the order (provider and gift-card parts of one decision). */
  refundBooked(executor: Db, order: OrderRow, rows: RefundRow[]): Promise<void>;
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
