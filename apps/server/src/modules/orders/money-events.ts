import type { Db } from '../../platform/db/client.js';
import type { RefundRow } from './orders.repository.js';

/**
 * What the books still hear of a refund's money (ADR 027), in the transaction that changes it: the ledger module
 * listens (the order-money flow, joined by `composition/flows.ts`), so the orders module never imports it. A money
 * fact with nobody listening stops with an error (ADR 081): an orders module built without its flow never skips the
 * books. An order's moves (paid, completed, returned, cancelled) and a refund booked or decided are no longer heard
 * here: the flow that makes them books them itself (flows/order-money.ts, ADR 081).
 */
export interface OrderMoneyListener {
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
