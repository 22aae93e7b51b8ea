import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/platform/config.js';
import { createMemoryResponseCache } from '../../src/platform/http/response-cache.js';
import { createPageCache, type PageCache } from '../../src/platform/http/server-render.js';
import { CACHE_MAX_AGE_SECONDS, CACHE_TTL_SECONDS } from '../../src/platform/http/stale-while-revalidate.js';
import {
  type CommerceSetup,
  commerceSetup,
  listedProduct,
  repricedProduct,
  type SellingStore,
  sellingStore,
} from '../support/commerce-factory.js';
import { movableClock } from '../support/movable-clock.js';
import { openTestDatabase, type TestApp } from '../support/test-app.js';
import { ensureWebBuild } from '../support/web-build.js';

// Stale-while-revalidate for the server-rendered pages (ADR 110, amended), against the real web build (built here
// when missing), on a movable clock: the app's, the response cache's and the page cache's.
ensureWebBuild();

const clock = movableClock();
const clockMs = () => clock.now().getTime();
const responseCache = createMemoryResponseCache(clockMs);
/** The app's page cache, watched: which pages were stored, and how many re-render claims were granted. */
const pageCache = createPageCache(clockMs);
const stored: string[] = [];
let rerenderClaims = 0;
const pages: PageCache = {
  ...pageCache,
  set(key, version, answer) {
    stored.push(key);
    pageCache.set(key, version, answer);
  },
  claimRerender(key, version) {
    const granted = pageCache.claimRerender(key, version);
    if (granted) rerenderClaims += 1;
    return granted;
  },
};
/** Whether the embedded database counts as busy (busy.ts): the test decides. */
let busy = false;

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;

beforeAll(async () => {
  const { database, drop } = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-test-'));
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', DATA_DIR: dataDir });
  const { app, deps, jobs } = await buildApp({
    config,
    database: { ...database, busy: () => busy },
    logger: false,
    now: clock.now,
    responseCache,
    pageCache: pages,
  });
  await app.ready();
  test = {
    app,
    deps,
    jobs,
    database,
    async close() {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  setup = await commerceSetup(test);
  store = await sellingStore(test, setup);
});
afterAll(() => test.close());

const page = (url: string) =>
  test.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });

/** A product page of its own, rendered and stored now. */
async function storedProductPage() {
  const product = await listedProduct(test, setup, store, { name: `Stale ${randomUUID().slice(0, 6)}` });
  const url = `/storefront/${store.storeUrl}/products/${product.id}`;
  const first = await page(url);
  expect(first.statusCode).toBe(200);
  expect(first.headers['x-cache']).toBe('miss');
  return { product, url, first };
}

describe('server-rendered pages past their freshness', () => {
  it('a fresh page is a hit; stale, every concurrent reader gets it at once and one re-render refreshes it', async () => {
    const { url, first } = await storedProductPage();
    const hit = await page(url);
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.body).toBe(first.body);

    clock.offsetMs += (CACHE_TTL_SECONDS + 1) * 1000;
    const claimsBefore = rerenderClaims;
    const storedBefore = stored.filter((key) => key === url).length;
    const readers = await Promise.all(Array.from({ length: 12 }, () => page(url)));
    for (const reader of readers) {
      expect(reader.statusCode).toBe(200);
      expect(reader.headers['x-cache']).toBe('stale');
      expect(reader.headers.etag).toBe(first.headers.etag);
      expect(reader.body).toBe(first.body);
    }
    // The claim is taken as the first stale hit is answered, so by now every reader has had its chance to claim.
    expect(rerenderClaims - claimsBefore).toBe(1);
    await vi.waitFor(
      async () => {
        expect((await page(url)).headers['x-cache']).toBe('hit');
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(stored.filter((key) => key === url).length - storedBefore).toBe(1);
  }, 60_000);

  it('past the staleness bound the page is rendered inside the request', async () => {
    const { url } = await storedProductPage();
    clock.offsetMs += CACHE_MAX_AGE_SECONDS * 1000;
    const storedBefore = stored.filter((key) => key === url).length;
    const again = await page(url);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-cache']).toBe('miss');
    expect(stored.filter((key) => key === url).length - storedBefore).toBe(1);
  }, 60_000);

  it('a catalog change inside the staleness window is rendered anew, never served stale', async () => {
    const { product, url, first } = await storedProductPage();
    expect(first.body).toContain('₦12,500.00');
    clock.offsetMs += (CACHE_TTL_SECONDS + 1) * 1000;
    await repricedProduct(test, setup, store, product.id, [
      { costPrice: 9000, sellingPrice: 11000, price: 15000 },
    ]);
    const after = await page(url);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.body).toContain('₦11,000.00');
    expect(after.body).not.toContain('₦12,500.00');
  }, 60_000);

  it('while the database is busy a stored page is served, stale or not, and nothing is re-rendered', async () => {
    const { url, first } = await storedProductPage();
    clock.offsetMs += (CACHE_TTL_SECONDS + 1) * 1000;
    busy = true;
    try {
      const stale = await page(url);
      expect(stale.statusCode).toBe(200);
      expect(stale.headers['x-cache']).toBe('stale');
      expect(stale.body).toBe(first.body);
      // A page never stored gets the plain shell, as before (ADR 054).
      const unstored = await page(`/storefront/${store.storeUrl}/products/${randomUUID()}`);
      expect(unstored.body).toContain('<div id="root"></div>');
    } finally {
      busy = false;
    }
    // Nobody claimed the re-render: the claim is still free.
    expect(pages.claimRerender(url, await responseCache.version())).toBe(true);
  }, 60_000);
});
