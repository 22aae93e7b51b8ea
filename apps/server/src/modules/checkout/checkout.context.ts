import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import type { trackingUrlMaker } from '../../platform/security/tracking-links.js';
import type { MailRecipient } from '../auth/index.js';
import type { ActivityRow, ItemRow, OrderRow, OrdersService, TrackerRow } from '../orders/index.js';
import type { PaymentsService } from '../payments/index.js';

export const CHECKOUT_PREFIX = 'CHK';
/** Unpaid checkouts hold stock this long, then give it back (orders.md). */
export const PAYMENT_WINDOW_MINUTES = 30;

/** Checkout starts and settles payments through the payments module's service. */
export type CheckoutDeps = Deps & { payments: PaymentsService };

/** A checkout just written: its tracker, and its orders, items and activities (not read back, ADR 033/036). */
export interface OpenedCheckout {
  tracker: TrackerRow;
  written?: { orders: OrderRow[]; items: ItemRow[]; activities: ActivityRow[] };
}

/**
 * A checkout locked for its payment, and the customer its confirmation mail goes to when it was read in the same
 * statement (ADR 087; undefined otherwise: read when the mail is written).
 */
export interface LockedForPayment {
  tracker: TrackerRow;
  recipient?: MailRecipient;
}

/**
 * What every step of checkout is given once (ADR 091): its deps, the other modules' functions, and the trackers
 * locked while a payment's amount was checked.
 */
export interface CheckoutContext {
  deps: CheckoutDeps;
  /**
   * The orders module's steps over its own tables (the tracker, its orders and every status move), built by checkout
   * from the orders' index: they hold nothing the composition sets (ADR 081, 115), so no instance is handed in.
   */
  orders: OrdersService;
  trackUrlOf: ReturnType<typeof trackingUrlMaker>;
  /**
   * The tracker `expectedAmountKobo` locked while the payment's amount was checked, with its customer's mail
   * recipient, for `lockForPayment` in the same transaction (ADR 033: one locked read instead of a read and a
   * locked read; ADR 087: the customer read in it). Keyed by the transaction, so it never outlives it.
   */
  lockedForPayment: WeakMap<Db, LockedForPayment>;
}
