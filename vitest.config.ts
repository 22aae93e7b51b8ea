import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { postgresProofFiles } from './apps/server/test/support/postgres-proofs.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The server project's settings; `server-postgres` reuses them on PostgreSQL for the proof files (test/support/postgres-proofs.ts). */
const serverTest = {
  root: './apps/server',
  // Migrates one template database per run; each test file starts from a copy of it.
  globalSetup: ['./test/support/global-setup.ts'],
  pool: 'forks' as const,
  // Files share a worker's modules (each still opens its own database and app): importing the server cost about
  // 3.6 CPU-seconds per file, 40 % of the suite's CPU. Nothing in the server keeps per-file state in a module.
  isolate: false,
  // A bound that catches a hang, not a slow machine: on a clean clone's CI (a23ac82, load about 20) tests of about
  // 15 s alone (the fulfilment chain, return photos) passed 30 s, and at a lower priority than the journeys
  // (scripts/test.mjs) a returns test of about 15 s alone passed 60 s (CI of 09b8b29).
  testTimeout: 120_000,
  hookTimeout: 240_000,
};

// One runner for the whole repository; `npm test` picks projects by name.
export default defineConfig({
  test: {
    // Vitest's default is cores − 1: one worker on a two-core machine. Test files wait on the database, on timers and
    // on child processes as much as they compute: a clean clone's unit phase took 969.6 s on two cores with one worker
    // per core, and 573.6 s with three (CI of 2cce68c). With four it took 572.0 s: three keep the cores busy.
    maxWorkers: os.availableParallelism() + 1,
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
          // Always the embedded default, as on a fresh clone: the workers' TEST_DATABASE_URL is emptied, so
          // test-app.ts and the global set-up choose PGlite.
          env: { TEST_DATABASE_URL: '', TEST_POSTGRES_PROOFS_ONLY: '' },
          ...serverTest,
        },
      },
      ...(onPostgres
        ? [
            {
              test: {
                name: 'server-postgres',
                include: postgresProofFiles,
                // Only the proofs of each file: its other tests ran on PGlite in `server` (proofsOnly(), ADR 070).
                env: { TEST_POSTGRES_PROOFS_ONLY: 'true' },
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
          // Journey files share their worker's modules (playwright-core and the harness are imported once per
          // worker, not once per file); each file still starts its own server and browser. No e2e module keeps
          // state of its own between files.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // Three journey files at a time: each has its own server (on its own copy of the seeded data) and browser,
          // and a journey spends much of its time waiting on pages. CI on a clean clone took 294.3 s for 22 journey
          // files three at a time with the type check beside them; four at a time took 285.6 s, and a sign-in page
          // did not render within 30 s.
          maxWorkers: 3,
        },
      },
    ],
  },
});
