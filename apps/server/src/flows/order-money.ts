import {
  BOOKS_CAUGHT_UP,
  hasMark,
  type LedgerService,
  ROLLUPS_BUILT,
  rebuildRollups,
  setMark,
} from '../modules/ledger/index.js';
import type { FulfilmentService, OrderRow, OrdersService, RefundRow } from '../modules/orders/index.js';
import type { Db } from '../platform/db/client.js';
import { AppError } from '../platform/errors.js';

// Flow: an order's money from paid to payable (ADR 047). The orders module owns the order's facts and moves; the
// ledger owns every figure of its money. Each step runs in the transaction of the fact (the caller's), so an order
// is never paid, refunded or completed without its movements, and neither module calls the other.

type Ledger = Pick<
  LedgerService,
  | 'bookPayments'
  | 'releaseToPayable'
  | 'bookRefunds'
  | 'reverseRefund'
  | 'chargeRefundsTo'
  | 'markUndone'
  | 'bookDoorRefundPaid'
>;

/**
 * The books' steps for an order's money, each a call of the ledger's in the caller's transaction (ADR 081). The
 * orders module never calls the ledger and hears nothing back: its steps (`orders.transition`,
 * `orders.createReplacement`, `refunds.book`, `refunds.decide`, `refunds.onDispute`, `refunds.setChargedTo…`) answer
 * the rows they moved, and the flow that owns the transaction books them here. Which flow books which step:
 * order-fulfilment (a move), return-and-refund (a refund booked or decided, a replacement, an order Returned, a card
 * dispute), refund-bearer (who bears a refund), and this file's completion job.
 */
export interface OrderMoneyBooks {
  /**
   * A replacement order was paid (its row locked): commission and due are set and the payment is posted. A
   * checkout's orders are booked by the checkout-and-pay flow itself (ADR 076), not here.
   */
  paid(executor: Db, orders: OrderRow[]): Promise<void>;
  /** The order completed (delivered and the return window passed): its due amount becomes payable. */
  completed(executor: Db, order: OrderRow): Promise<void>;
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
  /** Refund rows were booked for the order (provider and gift-card parts of one decision). */
  refundBooked(executor: Db, order: OrderRow, rows: RefundRow[]): Promise<void>;
  /**
   * An admin rejected a refund (`row` as it stood before): its money is no longer going back. `order` is the order
   * as it stands: a cancelled or returned one will never complete (ADR 059).
   */
  refundRejected(executor: Db, row: RefundRow, order: OrderRow): Promise<void>;
  /**
   * An admin recorded the bank transfer that paid a refund of an order paid at the door (ADR 089): what was owed to
   * the customer leaves the platform's cash.
   */
  doorRefundPaid(executor: Db, row: RefundRow): Promise<void>;
  /** An admin's chargeback decision changed who bears these refunds (flows/refund-bearer.ts). */
  chargedToChanged(executor: Db, rows: RefundRow[]): Promise<void>;
  /**
   * The order as one move left it (`orders.transition`'s answer): completed, returned or cancelled books what that
   * status means for its money; any other status moves none. Every flow calls it after each move it makes.
   */
  moved(executor: Db, order: OrderRow): Promise<void>;
}

/**
 * The ledger's steps for an order's money. `cashRemitted`: whether an order paid at the door had its cash remitted
 * to the platform (pay on delivery, ADR 074).
 */
export function orderMoneyFlow(
  ledger: Ledger,
  cashRemitted: (executor: Db, orderId: string) => Promise<boolean> = async () => true,
): OrderMoneyBooks {
  const books: OrderMoneyBooks = {
    // A replacement order paid (a checkout's orders are booked by checkout-and-pay): commission, payment in escrow.
    // An order paid at the door is booked when its carrier takes the cash (the pay-on-delivery flow), not now.
    paid: (executor, orders) =>
      ledger.bookPayments(
        executor,
        orders.filter((order) => order.paymentMethod !== 'on_delivery'),
      ),
    // Delivered and the return window passed: what escrow holds for the order becomes payable; for an order paid
    // at the door, only once its cash reached the platform (the remittance's confirmation releases it otherwise).
    completed: async (executor, order) => {
      if (order.paymentMethod === 'on_delivery' && !(await cashRemitted(executor, order.id))) return;
      await ledger.releaseToPayable(executor, order);
    },
    // A refund booked (a cancellation, a return, an admin's refund): the store's and the commission's parts back.
    refundBooked: (executor, order, rows) => ledger.bookRefunds(executor, order, rows),
    // Returned (goods back at the store, refunded or replaced): it never completes, so its due is payable now.
    returned: async (executor, order) => {
      if (order.paymentMethod === 'on_delivery' && !(await cashRemitted(executor, order.id))) return;
      await ledger.releaseToPayable(executor, order, 'returned');
    },
    // Cancelled after payment or returned: no longer among the store's standing orders (ADR 082).
    undone: (executor, order) => ledger.markUndone(executor, order.id),
    // A rejected refund of an order that will never complete is kept by the platform, owed to nobody (ADR 059).
    refundRejected: (executor, row, order) =>
      ledger.reverseRefund(executor, row, { kept: neverCompletes(order.status) }),
    // A refund of an order paid at the door paid by the platform's transfer (ADR 089).
    doorRefundPaid: (executor, row) => ledger.bookDoorRefundPaid(executor, row),
    // A chargeback decision (the platform or the store bears the refund).
    chargedToChanged: (executor, rows) => ledger.chargeRefundsTo(executor, rows),
    moved: async (executor, order) => {
      if (order.status === 'completed') await books.completed(executor, order);
      if (order.status === 'returned') await books.returned(executor, order);
      if (order.status === 'cancelled' || order.status === 'returned') await books.undone(executor, order);
    },
  };
  return books;
}

/**
 * Timed work: delivered orders whose return window has passed become completed, each in its own transaction
 * through the status machine as the system, with its money made payable in it. An order moved meanwhile (a return
 * asked) is left as it is. Answers how many completed.
 */
export async function completeAfterReturnWindow(
  db: Db,
  steps: {
    fulfilment: Pick<FulfilmentService, 'deliveredBefore'>;
    orders: Pick<OrdersService, 'transition'>;
    books: Pick<OrderMoneyBooks, 'moved'>;
  },
  at: { now: () => Date; windowDays: number },
  batch = 200,
): Promise<number> {
  const cutoff = new Date(at.now().getTime() - at.windowDays * 24 * 60 * 60 * 1000);
  let completed = 0;
  for (const orderId of await steps.fulfilment.deliveredBefore(cutoff, batch)) {
    try {
      await db.transaction(async (tx) => {
        const moved = await steps.orders.transition(
          tx,
          orderId,
          'completed',
          { role: 'system', id: null },
          { activity: 'The return window has closed; your order is complete.' },
        );
        await steps.books.moved(tx, moved);
      });
      completed += 1;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
    }
  }
  return completed;
}

/** Cancelled and returned are terminal without completing: nothing more becomes due to the store (ADR 059). */
const neverCompletes = (status: string) => status === 'cancelled' || status === 'returned';

/** How many paid orders' ids are read per page while looking for orders the books never heard of. */
const PAGE = 500;

/**
 * Books every paid order the ledger never heard of (paid before the ledger existed, or written by the demo seed),
 * through the same steps a live order takes: its payment, each booked refund and who bears it, and completion. One
 * transaction per order; idempotent (the ledger skips an order it has a page for). Answers how many were booked.
 */
export async function bookUnpostedOrders(
  db: Db,
  orders: Pick<OrdersService, 'paidOrderIds' | 'lockOrder' | 'refundsOfOrder' | 'findTracker'>,
  ledger: Pick<LedgerService, 'unbooked' | 'bookPayments' | 'bookRefunds' | 'bookWholeRefund'> & Ledger,
): Promise<number> {
  let booked = 0;
  let after: string | null = null;
  for (;;) {
    const ids = await orders.paidOrderIds(db, after, PAGE);
    if (ids.length === 0) return booked;
    after = ids[ids.length - 1]!;
    for (const id of await ledger.unbooked(db, ids)) {
      const done = await db.transaction(async (tx) => {
        const order = await orders.lockOrder(tx, id);
        if (!order || (await ledger.unbooked(tx, [id])).length === 0) return false;
        // Paid at the door: booked when the carrier takes the cash (ADR 074), never as a card payment.
        if (order.paymentMethod === 'on_delivery') return false;
        // Booked as of its payment, so the day it counts on is the day it was paid.
        const tracker = await orders.findTracker(tx, { id: order.trackerId });
        await ledger.bookPayments(tx, [{ ...order, paidAt: tracker?.paidAt ?? order.createdAt }]);
        const refunds = (await orders.refundsOfOrder(tx, id)).filter((row) => row.status !== 'rejected');
        if (refunds.length > 0) {
          for (const refund of refunds) await ledger.bookRefunds(tx, order, [refund]);
        } else if (neverCompletes(order.status)) {
          // Taken back before refunds had rows of their own: the customer got the whole order back.
          await ledger.bookWholeRefund(tx, order, order.status);
        }
        if (order.status === 'completed') await ledger.releaseToPayable(tx, order);
        if (order.status === 'returned') await ledger.releaseToPayable(tx, order, 'returned');
        if (neverCompletes(order.status)) await ledger.markUndone(tx, order.id);
        return true;
      });
      if (done) booked += 1;
    }
  }
}

/**
 * What a start needs of the books, done once (ADR 067): the catch-up of paid orders the ledger never heard of runs
 * until it has finished once, then a mark says so and each start reads the mark instead of scanning every paid order
 * (a seed that writes paid orders past the ledger removes it); the roll-ups are built from the books when they never
 * were (the first start after their migration, or after a repair removed the mark). Answers what was done.
 */
export async function catchUpBooksOnce(
  db: Db,
  catchUp: () => Promise<number>,
): Promise<{ booked: number; rollupsRebuilt: boolean }> {
  let booked = 0;
  if (!(await hasMark(db, BOOKS_CAUGHT_UP))) {
    booked = await catchUp();
    await setMark(db, BOOKS_CAUGHT_UP);
  }
  const rollupsRebuilt = !(await hasMark(db, ROLLUPS_BUILT));
  if (rollupsRebuilt) await rebuildRollups(db);
  return { booked, rollupsRebuilt };
}
