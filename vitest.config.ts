import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Server test files that run on the embedded default (PGlite) as well when the suite runs on PostgreSQL
 * (TEST_DATABASE_URL set, as in CI): what differs between the two drivers (migrations, the data directory, PGlite's
 * worker thread and its bounded queue (ADR 054), jobs on timers, prepared statements and JSON rows on the checkout,
 * payment, ledger and catalog paths, the seed). The rest of the suite proves rules that do not depend on the driver,
 * once, on PostgreSQL (ADR 045).
 */
export const embeddedDriverFiles = [
  'test/platform/pglite-data-dir.test.ts',
  'test/platform/pglite-thread.test.ts',
  'test/platform/platform.test.ts',
  'test/platform/jobs.in-process.test.ts',
  'test/platform/jobs.timed-work.test.ts',
  'test/orders/orders.migration.test.ts',
  'test/orders/orders.test.ts',
  'test/checkout/checkout.test.ts',
  'test/payments/payments.test.ts',
  'test/ledger/ledger.test.ts',
  'test/catalog/catalog.test.ts',
  'test/catalog/catalog-paging.test.ts',
  'test/finance/demo-payments.test.ts',
];

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The server project's settings; `server-embedded` reuses them on PGlite for the files above. */
const serverTest = {
  root: './apps/server',
  // Migrates one template database per run; each test file starts from a copy of it.
  globalSetup: ['./test/support/global-setup.ts'],
  pool: 'forks' as const,
  // Files share a worker's modules (each still opens its own database and app): importing the server cost about
  // 3.6 CPU-seconds per file, 40 % of the suite's CPU. Nothing in the server keeps per-file state in a module.
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 120_000,
};

// One runner for the whole repository; `npm test` picks projects by name.
export default defineConfig({
  test: {
    // Vitest's default is cores − 1: one worker on a two-core machine. Test files wait on the database as much as
    // they compute, so every core gets a worker.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          ...serverTest,
        },
      },
      ...(onPostgres
        ? [
            {
              test: {
                name: 'server-embedded',
                include: embeddedDriverFiles,
                // The workers' TEST_DATABASE_URL is emptied, so test-app.ts and the global set-up choose PGlite.
                env: { TEST_DATABASE_URL: '' },
                ...serverTest,
              },
            },
          ]
        : []),
      './apps/web/vite.config.ts',
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.e2e.ts'],
          exclude: ['**/node_modules/**'],
          // Seeds the demo marketplace once; every journey file's server starts on a copy of it.
          globalSetup: ['./global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // Two journey files at a time: each has its own server (on its own copy of the seeded data) and browser.
          maxWorkers: 2,
        },
      },
    ],
  },
});
