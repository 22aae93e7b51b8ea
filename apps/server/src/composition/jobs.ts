import type { FastifyInstance } from 'fastify';
import { sendAdminDigests } from '../flows/admin-digest.js';
import { bookUnpostedOrders, catchUpBooksOnce, completeAfterReturnWindow } from '../flows/order-money.js';
import { resumeRefunds } from '../flows/return-and-refund.js';
import { moveSaleDays, type SaleDaysRun } from '../flows/sale-days.js';
import { emitServiceLevelNotices } from '../flows/service-level-notices.js';
import { emitTimedNotices } from '../flows/timed-notices.js';
import { foldRollups } from '../modules/ledger/index.js';
import { CATALOG_CHANGED } from '../platform/changes/index.js';
import type { Deps } from '../platform/deps.js';
import type { IdempotencyKeys } from '../platform/http/idempotency.js';
import type { Composition } from './index.js';
import { bankAccounts } from './modules/bank-accounts.js';
import { catalog } from './modules/catalog.js';
import { checkoutAndPay } from './modules/checkout.js';
import { ledger } from './modules/ledger.js';
import { notifications } from './modules/notifications.js';
import { orderMoney, orders, refundMoney } from './modules/orders.js';
import { reconciliation } from './modules/reconciliation.js';
import { subscriptions } from './modules/subscriptions.js';
import { wishlist } from './modules/wishlist.js';

/** Background work the server process runs on a timer; tests call it directly. */
export interface AppJobs {
  sweepCheckouts(): Promise<{ expired: number; refunded: number }>;
  /** Delivered orders past RETURN_WINDOW_DAYS become completed; answers how many. */
  completeAfterReturnWindow(): Promise<number>;
  /** Charges the saved card of subscriptions ending within a day (auto-renew on); once per period. */
  renewSubscriptions(): Promise<{ paid: number; failed: number; pending: number }>;
  /** Pending sales into the products' and stores' counters (ADR 031); answers how many rows were folded. */
  foldSales(): Promise<number>;
  /** Payouts whose transfer's end was not heard in time: sent, or settled from the provider's answer (ADR 038). */
  confirmLatePayouts(): Promise<{ sent: number; settled: number; waiting: number }>;
  /** Paid orders the books never heard of (paid before the ledger, or seeded) are posted; answers how many. */
  bookUnpostedOrders(): Promise<number>;
  /** At start: the catch-up above once (a mark says it ran), and the roll-ups built when never built (ADR 067). */
  catchUpBooksOnce(): Promise<{ booked: number; rollupsRebuilt: boolean }>;
  /** Roll-up deltas into the folded roll-ups (ADR 067); answers how many deltas were folded. */
  foldRollups(): Promise<number>;
  /** Subaccount settlement: stores whose bank account has no Paystack subaccount yet get one (ADR 051). */
  linkSubaccounts(): Promise<{ linked: number; waiting: number }>;
  /** Failed refunds whose automatic retry is due are sent again (ADR 049). */
  retryFailedRefunds(): Promise<{ sent: number; failed: number }>;
  /** Notification events into each recipient's list, mail and SMS (ADR 057); answers how many events. */
  fanOutNotifications(): Promise<number>;
  /** SMS waiting in the outbox through Termii (none without a key); answers how many were tried. */
  sendSms(): Promise<number>;
  /** Low stock, orders left in the queue and stores waiting for approval become notices (ADR 057). */
  emitTimedNotices(): Promise<number>;
  /** Yesterday's Lagos day compared with the provider's statements (ADR 065). */
  reconcileWithProvider(): Promise<{ runId: string; differences: number }>;
  /** Idempotency keys past their day are deleted (ADR 064); answers how many. */
  purgeIdempotencyKeys(): Promise<number>;
  /** Saved products that got cheaper or came back in stock become notices (issue 36); answers how many. */
  wishlistNotices(): Promise<number>;
  /** The daily digest of each admin who chose it (issue 36), once per admin per Lagos day; answers how many. */
  adminDigests(): Promise<number>;
  /** Orders and returns past their service-level limit become notices, once each (issue 35); answers how many. */
  serviceLevelNotices(): Promise<number>;
  /** Applied catalogue files waiting, or left by a stopped worker, are written to their end (ADR 094). */
  runCatalogImports(): Promise<number>;
  /** Sales whose first or last Lagos day came move the listing price; saved products on a new sale are told (ADR 095). */
  saleDays(): Promise<SaleDaysRun>;
}

/** Each timed job as a call of a module's, a flow's or the platform's function (timed-work.ts schedules them). */
export function appJobs(
  deps: Deps,
  { use }: Composition,
  parts: { salesFolder: { fold(): Promise<number> }; idempotency: Pick<IdempotencyKeys, 'purgeExpired'> },
): AppJobs {
  const booksCatchUp = () => bookUnpostedOrders(deps.db, use(orders).service, use(ledger).service);
  return {
    // Expired checkouts give their stock back: the public catalog changed.
    sweepCheckouts: async () => {
      const result = await use(checkoutAndPay).service.sweep();
      if (result.expired + result.refunded > 0) await deps.changes.publish(CATALOG_CHANGED);
      return result;
    },
    completeAfterReturnWindow: () =>
      completeAfterReturnWindow(
        deps.db,
        { fulfilment: use(orders).fulfilment, orders: use(orders).service, books: use(orderMoney) },
        { now: deps.now, windowDays: deps.config.returnWindowDays },
      ),
    renewSubscriptions: () => use(subscriptions).service.renewDue(),
    foldSales: () => parts.salesFolder.fold(),
    confirmLatePayouts: () => use(ledger).service.confirmLatePayouts(),
    bookUnpostedOrders: booksCatchUp,
    catchUpBooksOnce: () => catchUpBooksOnce(deps.db, booksCatchUp),
    foldRollups: () => foldRollups(deps.db),
    linkSubaccounts: () => use(bankAccounts).service.linkMissingSubaccounts(),
    retryFailedRefunds: () => resumeRefunds(use(refundMoney)),
    fanOutNotifications: () => use(notifications).service.fanOut(),
    sendSms: () => deps.sms.flush(),
    emitTimedNotices: () => emitTimedNotices(deps),
    reconcileWithProvider: () => use(reconciliation).service.runDaily(),
    purgeIdempotencyKeys: () => parts.idempotency.purgeExpired(),
    wishlistNotices: () => use(wishlist).service.sendNotices(),
    adminDigests: () => sendAdminDigests(deps, use(notifications).service),
    serviceLevelNotices: () => emitServiceLevelNotices(deps),
    runCatalogImports: () => use(catalog).imports.runDue(),
    saleDays: () => moveSaleDays(deps, use(wishlist).service),
  };
}

/** An event is fanned out soon after its transaction commits; the timed job picks up whatever this misses. */
export function fanOutSoonAfterEvents(app: FastifyInstance, deps: Deps, jobs: AppJobs): void {
  let fanOutSoon: NodeJS.Timeout | undefined;
  let fanOutRunning: Promise<void> | undefined;
  deps.events.onEmit(() => {
    if (fanOutSoon) return;
    fanOutSoon = setTimeout(() => {
      fanOutSoon = undefined;
      fanOutRunning = jobs
        .fanOutNotifications()
        .then(() => deps.sms.flush())
        .then(() => undefined)
        .catch((error: unknown) => deps.logger.error({ err: error }, 'notification fan-out failed'))
        .finally(() => {
          fanOutRunning = undefined;
        });
    }, 250);
    fanOutSoon.unref();
  });
  // A fan-out already running finishes before the pools close (a stop otherwise cut it off mid-batch).
  app.addHook('onClose', async () => {
    clearTimeout(fanOutSoon);
    await fanOutRunning;
  });
}
