import { randomUUID } from 'node:crypto';
import { customerProductEndpoints, productEndpoints } from '@market/contracts';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/modules/catalog/catalog.schema.js';
import {
  CACHE_MAX_AGE_SECONDS,
  CACHE_TTL_JITTER,
  CACHE_TTL_SECONDS,
  createMemoryResponseCache,
  createRedisResponseCache,
  type ResponseCache,
} from '../../src/platform/http/response-cache.js';
import { type CommerceSetup, listedProduct, type SellingStore } from '../support/commerce-factory.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { movableClock } from '../support/movable-clock.js';
import { bearer, json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// ADR 110: an answer past its freshness is served stale while one request recomputes it in the background, within a
// bound; past the bound it is recomputed in the request; a catalog change is never served stale; and answers written
// together do not expire together. In process and, with TEST_REDIS_URL, in Redis; on PGlite or PostgreSQL.

const clock = movableClock();
const nowMs = () => clock.now().getTime();
const redisUrl = process.env.TEST_REDIS_URL;
const caches: { name: string; open(): { cache: ResponseCache; close(): void } }[] = [
  { name: 'in process', open: () => ({ cache: createMemoryResponseCache(nowMs), close: () => undefined }) },
  ...(redisUrl
    ? [
        {
          name: 'in Redis',
          open: () => {
            const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
            return {
              cache: createRedisResponseCache(redis, `test-swr:${randomUUID()}`, nowMs),
              close: () => redis.disconnect(),
            };
          },
        },
      ]
    : []),
];

/** The cache, counting the answers stored per URL: each is one computation of that answer. */
function counting(cache: ResponseCache) {
  const stored = new Map<string, number>();
  const counted: ResponseCache = {
    ...cache,
    set: async (key, version, answer) => {
      stored.set(key, (stored.get(key) ?? 0) + 1);
      await cache.set(key, version, answer);
    },
  };
  return { cache: counted, computed: (key: string) => stored.get(key) ?? 0 };
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let computed: (key: string) => number;

const productUrl = (id: string) => urlOf(customerProductEndpoints.one, { params: { id } });
const read = (url: string) => test.app.inject({ method: 'GET', url });
const nameIn = (response: Awaited<ReturnType<typeof read>>) => json(response).data.name as string;
/** Renames behind the cache's back (no change announced): only a recompute can show the new name. */
const renameQuietly = (id: string, name: string) =>
  test.deps.db.update(products).set({ name }).where(eq(products.id, id));

describe.each(caches)('stale-while-revalidate ($name)', ({ open }) => {
  let closeCache: () => void;
  beforeAll(async () => {
    const opened = open();
    closeCache = opened.close;
    const wrapped = counting(opened.cache);
    computed = wrapped.computed;
    const market = await world({ customers: 0, app: { now: clock.now, responseCache: wrapped.cache } });
    ({ test, setup } = market);
    [store] = market.stores;
  }, 120_000);
  afterAll(async () => {
    await test.close();
    closeCache();
  });

  it('serves an expired answer stale to every request while exactly one recomputes it in the background', async () => {
    clock.offsetMs = 0;
    const name = `Stale ${randomUUID().slice(0, 6)}`;
    const product = await listedProduct(test, setup, store, { name });
    const url = productUrl(product.id);
    const first = await read(url);
    expect(first.headers['x-cache']).toBe('miss');
    await renameQuietly(product.id, 'Renamed while cached');
    expect(nameIn(await read(url))).toBe(name);
    expect(computed(url)).toBe(1);

    clock.offsetMs += (CACHE_TTL_SECONDS + 1) * 1000;
    const burst = await Promise.all(Array.from({ length: 12 }, () => read(url)));
    for (const answer of burst) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-cache']).toBe('stale');
      expect(nameIn(answer)).toBe(name);
    }
    // The one recompute lands in the background; until then every read is still answered stale.
    await until(async () => (await read(url)).headers['x-cache'] === 'hit');
    expect(nameIn(await read(url))).toBe('Renamed while cached');
    expect(computed(url)).toBe(2);
  });

  it('recomputes inside the request an answer past the staleness bound', async () => {
    clock.offsetMs = 0;
    const product = await listedProduct(test, setup, store, { name: `Bound ${randomUUID().slice(0, 6)}` });
    const url = productUrl(product.id);
    expect((await read(url)).headers['x-cache']).toBe('miss');
    await renameQuietly(product.id, 'Renamed past the bound');

    clock.offsetMs += (CACHE_MAX_AGE_SECONDS + 1) * 1000;
    const late = await read(url);
    expect(late.headers['x-cache']).toBe('miss');
    expect(nameIn(late)).toBe('Renamed past the bound');
    expect(computed(url)).toBe(2);
  });

  it('never serves stale an answer a catalog change dropped, even within the staleness bound', async () => {
    clock.offsetMs = 0;
    const product = await listedProduct(test, setup, store, { name: `Changed ${randomUUID().slice(0, 6)}` });
    const url = productUrl(product.id);
    expect((await read(url)).headers['x-cache']).toBe('miss');
    clock.offsetMs += (CACHE_TTL_SECONDS + 1) * 1000;
    const changed = await test.app.inject({
      ...requestOf(productEndpoints.updateInventory),
      headers: bearer(store.accessToken),
      payload: { productId: product.id, quantity: 3 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await read(url);
    expect(after.headers['x-cache']).toBe('miss');
    expect(json(after).data.quantity).toBe(3);
  });
});

describe('expiry spread', () => {
  it('entries written in the same instant expire over the jitter window, not together', async () => {
    let now = 0;
    const cache = createMemoryResponseCache(() => now);
    const version = await cache.version();
    const keys = Array.from({ length: 200 }, (_, index) => `/spread/${index}`);
    for (const key of keys) await cache.set(key, version, { identity: Buffer.from(key), etag: `"${key}"` });
    const staleAt = async (ms: number) => {
      now = ms;
      let stale = 0;
      for (const key of keys) if ((await cache.get(key, version, 'identity'))?.stale) stale += 1;
      return stale;
    };
    const earliest = CACHE_TTL_SECONDS * 1000 * (1 - CACHE_TTL_JITTER);
    expect(await staleAt(earliest - 1)).toBe(0);
    const midway = await staleAt((earliest + CACHE_TTL_SECONDS * 1000) / 2);
    expect(midway).toBeGreaterThan(40);
    expect(midway).toBeLessThan(160);
    expect(await staleAt(CACHE_TTL_SECONDS * 1000)).toBe(200);
  });

  it('hears of a change made by another process and drops what it holds, stale ones too', async () => {
    let now = 0;
    const cache = createMemoryResponseCache(() => now);
    const version = await cache.version();
    await cache.set('/a', version, { identity: Buffer.from('a'), etag: '"a"' });
    now = (CACHE_TTL_SECONDS + 1) * 1000;
    expect((await cache.get('/a', version, 'identity'))?.stale).toBe(true);
    await cache.invalidateHeard();
    expect(await cache.get('/a', version, 'identity')).toBeUndefined();
    expect(await cache.get('/a', await cache.version(), 'identity')).toBeUndefined();
  });
});
