import { describe, it } from 'vitest';

/**
 * Server test files that prove what only PostgreSQL can show (ADR 070): concurrency on real connections
 * (many requests at once against one row: stock, coupons, gift cards, payouts, refunds, default addresses), LISTEN /
 * NOTIFY and pg-boss, two server processes on one database, query plans, and the money simulation on the driver
 * production uses. With TEST_DATABASE_URL set (CI) they run on PostgreSQL as `server-postgres`, beside the whole
 * suite on PGlite: the database a fresh clone's `npm test` uses, so the README's command cannot fail while CI passes.
 * A file with a `skipIf(!…TEST_DATABASE_URL…)` block must be listed (`test/architecture/postgres-proofs.test.ts`).
 */
export const postgresProofFiles = [
  'test/abuse/hoarding-two-apps.test.ts',
  'test/abuse/limits-two-apps.test.ts',
  'test/addresses/addresses.test.ts',
  'test/catalog/bulk-catalog-images.test.ts',
  'test/catalog/bulk-catalog.test.ts',
  'test/catalog/catalog.plans.test.ts',
  // Listing totals estimated by EXPLAIN: its json comes parsed from node-postgres, as text from PGlite.
  'test/catalog/catalog-totals.test.ts',
  // The card's names copied by triggers (migration 0054): the same triggers on the production database.
  'test/catalog/listing-card-names.test.ts',
  'test/catalog/pending-sales.test.ts',
  // The price trigger and the sale-days job's SQL on the production driver (bigint as text; ADR 095).
  'test/catalog/sale-days.test.ts',
  // The search index's catch-up: a transaction that commits after a later one is not skipped (two connections).
  'test/catalog/search-index.test.ts',
  // A price range's estimate worked out from pg_stats, against the production planner's EXPLAIN.
  'test/catalog/price-statistics.test.ts',
  'test/checkout/checkout.hold-limits.test.ts',
  // node-postgres returns bigint as text, PGlite as a number: the large amounts on the production driver.
  'test/checkout/checkout.large-amounts.test.ts',
  'test/checkout/checkout.money.test.ts',
  'test/checkout/checkout.one-open.test.ts',
  'test/coupons/coupons.test.ts',
  'test/coupons/coupons.guessing.test.ts',
  // The transactions list's total estimated by EXPLAIN, as the catalog's listings (ADR 114).
  'test/finance/transactions-totals.test.ts',
  // The order lists' totals estimated by EXPLAIN beyond their bound (ADR 114).
  'test/fulfilment/order-list-totals.test.ts',
  'test/gift-cards/gift-cards.test.ts',
  'test/ledger/payouts.transfers.test.ts',
  'test/ledger/payouts.otp.test.ts',
  'test/ledger/payouts.unknown-outcomes.test.ts',
  'test/ledger/settlement.subaccount.test.ts',
  'test/pay-on-delivery/door-refunds.test.ts',
  'test/pay-on-delivery/pay-on-delivery.concurrency.test.ts',
  // pg_dump -Fc of an exported snapshot and pg_restore into a scratch database beside it (issue 33).
  'test/platform/backup-restore.test.ts',
  'test/platform/change-bus.test.ts',
  'test/platform/idempotency.test.ts',
  // Two server processes behind PgBouncer in transaction mode (ADR 087; .ci/run installs pgbouncer).
  'test/platform/pgbouncer.test.ts',
  // Queries sent at once inside a transaction, one connection: queued in order, no pg 9 warning.
  'test/platform/postgres-connection-queue.test.ts',
  'test/platform/jobs.pg-boss.test.ts',
  'test/platform/rate-limits-shared.test.ts',
  'test/fulfilment/order-batch.test.ts',
  // Two processes run the daily digest job at once: one digest per admin (issue 36).
  'test/notifications/admin-digest.test.ts',
  'test/notifications/live-streams.test.ts',
  'test/orders/orders.test.ts',
  // Two processes run the late-order job at once: each late order is told once (issue 35).
  'test/orders/service-level-notices.test.ts',
  'test/platform/two-processes.test.ts',
  'test/returns/refund-unknown-outcomes.test.ts',
  'test/returns/returns.mend.test.ts',
  'test/simulation/money.simulation.test.ts',
  'test/themes/themes-publishing.test.ts',
];

/**
 * True in the `server-postgres` project (vitest.config.ts sets TEST_POSTGRES_PROOFS_ONLY there): a listed file then
 * runs only its PostgreSQL proofs. Read when a file is collected, never when this module loads: files share a
 * worker's modules (`isolate: false`).
 */
export function proofsOnly(): boolean {
  return process.env.TEST_POSTGRES_PROOFS_ONLY === 'true';
}

/**
 * `pglite.it` and `pglite.describe` mark the tests of a listed file that prove nothing PostgreSQL-specific: they
 * run in the `server` project (PGlite, as on a fresh clone) and are skipped in `server-postgres`, which runs only the
 * proofs (concurrency on real connections, two processes, LISTEN/NOTIFY, pg-boss, plans, the production driver).
 */
export const pglite = {
  get it(): ReturnType<typeof it.skipIf> {
    return it.skipIf(proofsOnly());
  },
  get describe(): ReturnType<typeof describe.skipIf> {
    return describe.skipIf(proofsOnly());
  },
};
