import { defineConfig } from 'vitest/config';

// The test run of one mutation-testing session (stryker.config.mjs): only the files named in MUTATE_INCLUDE (paths
// under apps/server, comma separated), so each mutant runs the few fast tests that pin its rule rather than every
// test importing the file. Files that need a database get the server's global set-up as `npm test` does.
const include = (process.env.MUTATE_INCLUDE ?? '').split(',').filter(Boolean);

export default defineConfig({
  test: {
    root: './apps/server',
    include,
    globalSetup: process.env.MUTATE_DATABASE ? ['./test/support/global-setup.ts'] : [],
    env: { TEST_DATABASE_URL: '' },
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
