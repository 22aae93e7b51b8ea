import type { Logger } from 'pino';
import type { AppJobs } from './composition/jobs.js';
import type { Database } from './platform/db/client.js';
import type { JobRunner } from './platform/jobs/index.js';
import type { Mailer } from './platform/mail/mailer.js';

/**
 * What the timed work calls: the app's jobs (composition/jobs.ts, where a job is added once) but those run at start
 * (main.ts), and the platform's mailer, database and logger.
 */
export type TimedWork = Omit<AppJobs, 'bookUnpostedOrders' | 'catchUpBooksOnce' | 'linkSubaccounts'> & {
  mailer: Mailer;
  database: Database;
  logger: Logger;
};

/**
 * Every job the server runs on a clock, registered on the runner `buildApp` returns as `scheduler` (main.ts
 * starts it).
 */
export function registerTimedWork(scheduler: JobRunner, work: TimedWork): void {
  // In this order, as they were registered when they were one function (ADR 106).
  registerOrderWork(scheduler, work);
  registerSendingWork(scheduler, work);
  registerDailyWork(scheduler, work);
  registerUpkeepWork(scheduler, work);
}

/** Checkouts, orders, subscriptions and the counters folded after each sale. */
function registerOrderWork(scheduler: JobRunner, work: TimedWork): void {
  // Unpaid checkouts give their stock back after 30 minutes; the sweep locks rows, so a repeat is harmless.
  scheduler.schedule(
    'checkout.expire-unpaid',
    { everySeconds: 60 },
    async () => {
      const swept = await work.sweepCheckouts();
      if (swept.expired > 0 || swept.refunded > 0) work.logger.info(swept, 'expired unpaid checkouts');
    },
    { retryLimit: 2, retryDelay: 10, backoff: true },
  );
  // Delivered orders whose return window (RETURN_WINDOW_DAYS) has passed are completed; hourly is precise enough
  // for a window counted in days, and each order moves in its own transaction, so a repeat is harmless.
  scheduler.schedule(
    'orders.complete-after-return-window',
    { everySeconds: 60 * 60 },
    async () => {
      const completed = await work.completeAfterReturnWindow();
      if (completed > 0) work.logger.info({ completed }, 'completed orders past the return window');
    },
    { retryLimit: 2, retryDelay: 60, backoff: true },
  );
  // Subscriptions ending within a day are charged to their saved card (ADR 023). Each store is locked while its
  // invoice is raised and one pending or paid renewal per period is a unique index, so a repeat charges nothing
  // twice; failed charges wait their own back-off (stored on the subscription), not the job's.
  scheduler.schedule(
    'subscriptions.renew',
    { everySeconds: 15 * 60 },
    async () => {
      const renewed = await work.renewSubscriptions();
      if (renewed.paid + renewed.failed + renewed.pending > 0)
        work.logger.info(renewed, 'subscription renewals');
    },
    { retryLimit: 2, retryDelay: 60, backoff: true },
  );
  // Sales are folded into the counters right after each payment commits (ADR 031); this picks up what a stopped
  // process left. Each pending row is deleted in the transaction that counts it, so a repeat counts nothing twice.
  // Each posting appends its roll-up deltas (ADR 067); reads add the deltas not yet folded, so folding is only about
  // keeping that part small. One statement moves a batch (deleted as it is added), so a repeat folds nothing twice.
  scheduler.schedule(
    'ledger.fold-rollups',
    { everySeconds: 10 },
    async () => {
      await work.foldRollups();
    },
    { retryLimit: 2, retryDelay: 5, backoff: true },
  );
  scheduler.schedule(
    'catalog.fold-sales',
    { everySeconds: 60 },
    async () => {
      await work.foldSales();
    },
    { retryLimit: 2, retryDelay: 10, backoff: true },
  );
}

/** What waits to be sent: late payouts, failed refunds, mail, notifications and SMS. */
function registerSendingWork(scheduler: JobRunner, work: TimedWork): void {
  // A payout whose webhook is late (lost, or its transfer request cut off) is settled from the provider's own
  // answer, and one approved but never sent is sent (ADR 038). Both go through the payout's row lock, so a repeat,
  // or the webhook arriving at the same time, settles nothing twice.
  scheduler.schedule(
    'payouts.confirm-late',
    { everySeconds: 15 * 60 },
    async () => {
      const confirmed = await work.confirmLatePayouts();
      if (confirmed.sent + confirmed.settled + confirmed.waiting > 0)
        work.logger.info(confirmed, 'late payouts');
    },
    { retryLimit: 2, retryDelay: 60, backoff: true },
  );
  // A refund the provider could not make is sent again after a growing delay stored on its row (ADR 049), so the
  // retry survives restarts on either runner; each is claimed by a conditional update, so a repeat or an admin's
  // retry at the same moment sends it once. After the last try an admin decides, with a reason the customer reads.
  scheduler.schedule(
    'refunds.retry-failed',
    { everySeconds: 60 },
    async () => {
      const retried = await work.retryFailedRefunds();
      if (retried.sent + retried.failed > 0) work.logger.info(retried, 'retried failed refunds');
    },
    { retryLimit: 2, retryDelay: 10, backoff: true },
  );
  // Mail is sent right after its transaction commits; this delivers what failed (each row waits its own back-off,
  // see mailer.ts) or what a stopped process left behind.
  scheduler.schedule(
    'mail.resend-outbox',
    { everySeconds: 30 },
    async () => {
      await work.mailer.flush();
    },
    { retryLimit: 2, retryDelay: 5, backoff: true },
  );
  // Notification events are fanned out right after their transaction commits; this picks up what a stopped
  // process or a failed attempt left. Each event is fanned out in one transaction that marks it done.
  scheduler.schedule(
    'notifications.fan-out',
    { everySeconds: 15 },
    async () => {
      await work.fanOutNotifications();
    },
    { retryLimit: 2, retryDelay: 5, backoff: true },
  );
  // States nobody's action announces (a product running low, an order left in the queue, a store waiting for
  // approval) are looked for every five minutes; each state's event is keyed, so a repeat tells nobody twice.
  scheduler.schedule(
    'notifications.timed-notices',
    { everySeconds: 5 * 60 },
    async () => {
      await work.emitTimedNotices();
    },
    { retryLimit: 2, retryDelay: 30, backoff: true },
  );
  // SMS wait in their outbox until Termii takes them; each row waits its own back-off after a failure (sms.ts).
  scheduler.schedule(
    'sms.send-outbox',
    { everySeconds: 30 },
    async () => {
      await work.sendSms();
    },
    { retryLimit: 2, retryDelay: 5, backoff: true },
  );
}

/** Reconciliation, the idempotency keys' purge, wishlist notices and the admins' digest. */
function registerDailyWork(scheduler: JobRunner, work: TimedWork): void {
  // Yesterday's Lagos day is compared with the provider's statements once a day, at 06:30 Lagos, when the day's late
  // webhooks are mostly in (ADR 065). It only reads and records differences; a retry makes a second run, harmless.
  scheduler.schedule(
    'reconciliation.daily',
    '30 5 * * *',
    async () => {
      const reconciled = await work.reconcileWithProvider();
      work.logger.info(reconciled, 'reconciled with the payment provider');
    },
    { retryLimit: 2, retryDelay: 600, backoff: true },
  );
  // An idempotency key is replayed for a day (ADR 064); older ones are deleted hourly. A repeat deletes nothing
  // twice, and a key past its expiry is free to be claimed again even before this runs.
  scheduler.schedule(
    'http.purge-idempotency-keys',
    { everySeconds: 60 * 60 },
    async () => {
      const purged = await work.purgeIdempotencyKeys();
      if (purged > 0) work.logger.info({ purged }, 'purged expired idempotency keys');
    },
    { retryLimit: 1, retryDelay: 60, backoff: false },
  );
  // Wishlist notices (issue 36): a price drop or a return to stock is told within a quarter of an hour, once per
  // product per Lagos day (the event's key), so a repeat or a merchant's several edits tell nothing twice.
  scheduler.schedule(
    'wishlist.notices',
    { everySeconds: 15 * 60 },
    async () => {
      const sent = await work.wishlistNotices();
      if (sent > 0) work.logger.info({ sent }, 'wishlist notices');
    },
    { retryLimit: 1, retryDelay: 60, backoff: false },
  );
  // The admins' daily digest (issue 36) at 07:00 Lagos: a singleton cron job on pg-boss (one run for all processes);
  // each admin's digest is an event keyed by admin and day, so a retry or a second runner tells nobody twice.
  scheduler.schedule(
    'notifications.admin-digest',
    '0 6 * * *',
    async () => {
      const digests = await work.adminDigests();
      if (digests > 0) work.logger.info({ digests }, 'admin digests');
    },
    { retryLimit: 2, retryDelay: 300, backoff: true },
  );
}

/** Service levels, catalogue imports, sale days and the embedded database's upkeep. */
function registerUpkeepWork(scheduler: JobRunner, work: TimedWork): void {
  // Service levels (issue 35): an order past its limit is told within five minutes, once per order and limit (the
  // event's key), so a repeat or a second process tells nobody twice.
  scheduler.schedule(
    'orders.service-level-notices',
    { everySeconds: 5 * 60 },
    async () => {
      const told = await work.serviceLevelNotices();
      if (told > 0) work.logger.info({ told }, 'service-level notices');
    },
    { retryLimit: 1, retryDelay: 60, backoff: false },
  );
  // Applied catalogue files start in the process that took them (ADR 094); this takes up one whose worker stopped
  // (its lease of two minutes passed) or that was queued while no process ran. Each batch moves the import's cursor
  // in its own transaction, so a repeat writes no batch twice.
  scheduler.schedule(
    'catalog.run-imports',
    { everySeconds: 60 },
    async () => {
      const taken = await work.runCatalogImports();
      if (taken > 0) work.logger.info({ taken }, 'catalogue imports taken up');
    },
    { retryLimit: 1, retryDelay: 30, backoff: false },
  );
  // A sale's first and last Lagos day (ADR 095): every minute, the products whose price-change day has come (a range
  // of a partial index, nothing when none is due) get today's price, so a listing sorts, filters and shows deals by
  // the price customers pay within a minute of Lagos midnight. Rows are locked as they move, so a second run or a
  // second process moves nothing twice; the wishlist's event key tells each customer once per sale.
  scheduler.schedule(
    'catalog.sale-days',
    { everySeconds: 60 },
    async () => {
      const moved = await work.saleDays();
      if (moved.started + moved.ended > 0) work.logger.info(moved, 'sale days');
    },
    { retryLimit: 2, retryDelay: 10, backoff: true },
  );
  // PGlite has no autovacuum: keep visibility maps and planner statistics fresh for index-only scans (a no-op on
  // PostgreSQL, whose autovacuum does it).
  scheduler.schedule(
    'database.maintain',
    { everySeconds: 6 * 60 * 60 },
    async () => {
      await work.database.maintain();
    },
    { retryLimit: 1, retryDelay: 60, backoff: false },
  );
}
