import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The web app's tests name the endpoint whose URL they expect the client to call: `urlOf(endpoint, { params, query })`
// from the contract (packages/contracts/src/endpoint-url.ts), as the server's tests do (ADR 112 and its amendment).
// A URL under a surface's base ('/api', '/shipping-api', '/themes-api') written by hand stays only where it must, in
// the files below, each with its count and why. The counts may only go down: a test that writes one more URL by hand
// fails here, and so does one that writes fewer until its count is lowered (or its line removed). The app's own
// files (the bases in lib/config.ts) are not tests and are not counted.

const src = path.dirname(fileURLToPath(import.meta.url));
const HAND_WRITTEN_URL = /(['"`])\/(?:api|shipping-api|themes-api)(?=[/?'"`$])/g;

const ALLOWED: Record<string, { count: number; why: string }> = {
  'components/ui/button.test.tsx': {
    count: 1,
    why: "a made-up URL the button's own test fetches: no endpoint of the contract",
  },
  'lib/api-client.test.ts': {
    count: 10,
    why: 'the test of the client that builds every URL: the bases it is given and the URLs it must build from them',
  },
};

/** Test files and the tests' helpers (src/test/), this file left out: it names the bases to count them. */
function testFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    const isTest = /\.test\.tsx?$/.test(entry.name) || path.relative(src, full).startsWith(`test${path.sep}`);
    return isTest && full !== fileURLToPath(import.meta.url) ? [full] : [];
  });
}

function countHandWrittenUrls(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const file of testFiles(src)) {
    const found = fs.readFileSync(file, 'utf8').match(HAND_WRITTEN_URL)?.length ?? 0;
    if (found > 0) counts.set(path.relative(src, file).split(path.sep).join('/'), found);
  }
  return counts;
}

describe("URLs written by hand in the web app's tests", () => {
  it('are only where they must be, and no more of them than counted', () => {
    const counts = countHandWrittenUrls();
    const wrong: string[] = [];
    for (const [file, count] of counts) {
      const allowed = ALLOWED[file];
      if (!allowed) wrong.push(`${file}: ${count} URL(s) by hand; build them with urlOf from the contract`);
      else if (count > allowed.count)
        wrong.push(`${file}: ${count} URL(s) by hand, ${allowed.count} allowed`);
      else if (count < allowed.count)
        wrong.push(`${file}: ${count} URL(s) by hand now; lower its count to ${count}`);
    }
    for (const file of Object.keys(ALLOWED))
      if (!counts.has(file)) wrong.push(`${file}: no URL by hand any more; remove its line`);
    expect(wrong).toEqual([]);
  });
});
