// Mutation testing of the money rules (issue 29 item 7): `npm run mutate` (not in CI: it runs the tests once per
// mutant, minutes to hours). Each mutant is a small change to one rule; a mutant no test notices is a rule the tests
// do not pin. Narrow it to one file and the tests of one folder (else every test importing the file runs, which for
// the server is most of its suite):
//   MUTATE_TESTS=apps/server/test/coupons npm run mutate -- --mutate apps/server/src/modules/coupons/coupons.rules.ts
// The server's tests need their database: set TEST_DATABASE_URL for PostgreSQL (faster), else PGlite.
// Or name the test files (under apps/server) and mutate one file, one worker (the machine is shared):
//   MUTATE_INCLUDE=test/coupons/coupons.rules.test.ts npx stryker run --concurrency 1 \
//     --mutate apps/server/src/modules/coupons/coupons.rules.ts
// (MUTATE_DATABASE=1 when those tests need the database.) Scores per file: docs/operations/money-proofs.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: process.env.MUTATE_INCLUDE
    ? { configFile: 'vitest.mutate.config.ts', related: false }
    : {
        configFile: 'vitest.config.ts',
        related: !process.env.MUTATE_TESTS,
        ...(process.env.MUTATE_TESTS ? { dir: process.env.MUTATE_TESTS } : {}),
      },
  mutate: [
    // The ledger's postings, refund apportioning and the commission rule (commissionOf, mulDivHalfUp, bookRefunds).
    'apps/server/src/modules/ledger/ledger.service.ts',
    'apps/server/src/modules/orders/refund-apportion.ts',
    // Cart pricing and coupon rules.
    'apps/server/src/modules/cart/cart-pricing.ts',
    'apps/server/src/modules/coupons/coupons.rules.ts',
    // The order status table.
    'apps/server/src/modules/orders/order-status.ts',
  ],
  // Stryker rewrites the sandbox's tsconfig with TypeScript 5's API (parseConfigFileTextToJson), which the
  // TypeScript 7 package lacks (ADR 079). Vitest reads the sources and needs no rewrite: a name that does not exist
  // turns the rewrite off.
  tsconfigFile: 'tsconfig.stryker-none.json',
  coverageAnalysis: 'perTest',
  concurrency: 1,
  timeoutMS: 60_000,
  // The initial run starts the server project (its template database) once; on a busy two-core machine that passed
  // Stryker's default five minutes.
  dryRunTimeoutMinutes: 30,
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
