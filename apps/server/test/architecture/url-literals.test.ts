import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Tests build their URLs from the contract's endpoints (issue 30, ADR 112): `requestOf(endpoint, { params, query })`
// and `urlOf(...)` in test/support/contract-requests.ts. A URL written by hand under a surface's base ('/api',
// '/shipping-api', '/themes-api') stays only where it must, in the files below, each with its count and why. The
// counts may only go down: a file that writes one more URL by hand fails here, and so does one that writes fewer
// until its count is lowered (or its line removed).

const testRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HAND_WRITTEN_URL = /(['"`])\/(?:api|shipping-api|themes-api)(?=[/?'"`$])/g;

const UNKNOWN_OR_MALFORMED = 'unknown paths, malformed URLs and wrong methods: what no endpoint can build';
const DOCUMENTS =
  'the OpenAPI document and its pages (served beside the contract) or a path as the document writes it';
const PROVIDER = "a provider's own paths (Termii's SMS and WhatsApp API, the stand-in that plays it)";
const SANDBOX =
  "the payment sandbox's own pages, served in development and tests only, not part of the contract";
const CHOSEN_AT_RUN_TIME =
  'the endpoint is chosen at run time from a segment (a file name, a decision, an outcome)';
const SEVERAL_METHODS = 'one URL called with several methods in a loop, so no single endpoint names it';
const OTHER = 'not a request URL: a cookie path, a log line as redacted, a prefix the answer must contain';

const ALLOWED: Record<string, { count: number; why: string }> = {
  'architecture/contract-requests.test.ts': {
    count: 5,
    why: 'the test of requestOf/urlOf: the URLs they must build',
  },
  'abuse/log-redaction.test.ts': { count: 12, why: OTHER },
  'abuse/production-mode.test.ts': { count: 2, why: DOCUMENTS },
  'auth/access.test.ts': { count: 2, why: DOCUMENTS },
  'auth/auth.session.test.ts': { count: 1, why: OTHER },
  'catalog/bulk-catalog-xlsx.test.ts': { count: 1, why: CHOSEN_AT_RUN_TIME },
  'catalog/bulk-catalog.test.ts': { count: 1, why: CHOSEN_AT_RUN_TIME },
  'catalog/catalog.test.ts': { count: 1, why: SEVERAL_METHODS },
  'checkout/checkout.test.ts': { count: 1, why: SANDBOX },
  'notifications/notifications.test.ts': { count: 1, why: PROVIDER },
  'notifications/whatsapp-adapter.test.ts': { count: 3, why: PROVIDER },
  'notifications/whatsapp-preferences.test.ts': { count: 1, why: PROVIDER },
  'orders/service-level-notices.test.ts': { count: 1, why: SEVERAL_METHODS },
  'payments/payments.test.ts': { count: 2, why: SANDBOX },
  'platform/bad-input.test.ts': { count: 10, why: UNKNOWN_OR_MALFORMED },
  'platform/compression.test.ts': { count: 3, why: `${UNKNOWN_OR_MALFORMED}; ${DOCUMENTS}` },
  'platform/deployment.test.ts': { count: 4, why: DOCUMENTS },
  'platform/fuzz.test.ts': { count: 1, why: DOCUMENTS },
  'platform/idempotency.test.ts': { count: 2, why: DOCUMENTS },
  'platform/observability.test.ts': { count: 2, why: `${UNKNOWN_OR_MALFORMED}; a metric's route label` },
  'platform/platform.test.ts': {
    count: 9,
    why: `${UNKNOWN_OR_MALFORMED}; the surface bases themselves; ${DOCUMENTS}`,
  },
  'returns/refund-decisions.test.ts': { count: 1, why: CHOSEN_AT_RUN_TIME },
  'simulation/money-commands.ts': { count: 1, why: CHOSEN_AT_RUN_TIME },
  'simulation/money-pod-commands.ts': { count: 1, why: CHOSEN_AT_RUN_TIME },
  'staff/staff.test.ts': { count: 3, why: `${CHOSEN_AT_RUN_TIME}; ${SEVERAL_METHODS}` },
  'support/termii-standin.ts': { count: 2, why: PROVIDER },
  'system/openapi-conformance.test.ts': { count: 7, why: DOCUMENTS },
};

function testFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : testFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Hand-written URLs per file (relative to test/), this file left out: it names the bases to count them. */
function countHandWrittenUrls(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const file of testFiles(testRoot)) {
    if (file === fileURLToPath(import.meta.url)) continue;
    const found = fs.readFileSync(file, 'utf8').match(HAND_WRITTEN_URL)?.length ?? 0;
    if (found > 0) counts.set(path.relative(testRoot, file).split(path.sep).join('/'), found);
  }
  return counts;
}

describe('URLs written by hand in the server tests', () => {
  it('are only where they must be, and no more of them than counted', () => {
    const counts = countHandWrittenUrls();
    const wrong: string[] = [];
    for (const [file, count] of counts) {
      const allowed = ALLOWED[file];
      if (!allowed)
        wrong.push(`${file}: ${count} URL(s) by hand; build them with requestOf/urlOf from the contract`);
      else if (count > allowed.count)
        wrong.push(
          `${file}: ${count} by hand, ${allowed.count} allowed (${allowed.why}); build the new ones with urlOf`,
        );
      else if (count < allowed.count)
        wrong.push(`${file}: ${count} by hand now; lower its count from ${allowed.count}`);
    }
    for (const file of Object.keys(ALLOWED))
      if (!counts.has(file)) wrong.push(`${file}: writes no URL by hand now; remove its line`);
    expect(wrong, wrong.join('\n')).toEqual([]);
    const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
    expect(total).toBe(Object.values(ALLOWED).reduce((sum, entry) => sum + entry.count, 0));
  });
});
