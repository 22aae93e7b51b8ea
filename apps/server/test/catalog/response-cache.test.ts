import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { customerProductEndpoints, productAdminEndpoints, productEndpoints } from '@market/contracts';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CACHE_MAX_AGE_SECONDS,
  createMemoryResponseCache,
  createRedisResponseCache,
  type ResponseCache,
} from '../../src/platform/http/response-cache.js';
import { type CommerceSetup, listedProduct, type SellingStore } from '../support/commerce-factory.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { bearer, json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// The same proofs in process and, with TEST_REDIS_URL (e.g. redis://127.0.0.1:6379), in Redis; on PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set.
const redisUrl = process.env.TEST_REDIS_URL;
const caches: { name: string; open(): { cache: ResponseCache; close(): void } }[] = [
  { name: 'in process', open: () => ({ cache: createMemoryResponseCache(), close: () => undefined }) },
  ...(redisUrl
    ? [
        {
          name: 'in Redis',
          open: () => {
            const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
            return {
              cache: createRedisResponseCache(redis, `test-catalog-cache:${randomUUID()}`),
              close: () => redis.disconnect(),
            };
          },
        },
      ]
    : []),
];

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;

interface Listed {
  id: string;
  quantity: number;
  inStock: boolean;
  pricing: { sellingPrice: number; price: number }[];
}

const productUrl = (id: string) => urlOf(customerProductEndpoints.one, { params: { id } });
const storeUrl = () => urlOf(customerProductEndpoints.storeCatalog, { query: { storeId: store.storeId } });

async function read(url: string, headers: Record<string, string> = {}) {
  return test.app.inject({ method: 'GET', url, headers });
}

async function listed(url: string): Promise<Listed[]> {
  const response = await read(url);
  expect(response.statusCode, response.body).toBe(200);
  return (json(response).data as { data: Listed[] }).data;
}

async function approve(productId: string) {
  const approved = await test.app.inject({
    ...requestOf(productAdminEndpoints.approve),
    headers: bearer(setup.admin.accessToken),
    payload: { productId, merchantId: store.merchantId },
  });
  expect(approved.statusCode, approved.body).toBe(200);
}

describe.each(caches)('public catalog response cache ($name)', ({ open }) => {
  let closeCache: () => void;
  beforeAll(async () => {
    const opened = open();
    closeCache = opened.close;
    const market = await world({ customers: 0, app: { responseCache: opened.cache } });
    ({ test, setup } = market);
    [store] = market.stores;
  });
  afterAll(async () => {
    await test.close();
    closeCache();
  });

  it('serves a repeated read from the cache, with an ETag and 304 for a client that holds it', async () => {
    const product = await listedProduct(test, setup, store, { name: `Cache ${randomUUID().slice(0, 6)}` });
    const first = await read(productUrl(product.id));
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);

    const second = await read(productUrl(product.id));
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(etag);
    expect(second.headers['content-type']).toContain('application/json');

    const notModified = await read(productUrl(product.id), { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');

    const otherTag = await read(productUrl(product.id), { 'if-none-match': '"something-else"' });
    expect(otherTag.statusCode).toBe(200);
  });

  it('an approval shows at the next read', async () => {
    const created = await test.app.inject({
      ...requestOf(productEndpoints.create),
      headers: bearer(store.accessToken),
      payload: {
        name: `Pending ${randomUUID().slice(0, 6)}`,
        description: ['Waits for review.'],
        categoryId: setup.tree.category.id,
        subCategoryId: setup.tree.subCategory.id,
        childCategoryId: setup.tree.childCategory.id,
        pricing: [{ costPrice: 900, sellingPrice: 1200, price: 1500 }],
        quantity: 5,
        sku: `PD-${randomUUID().slice(0, 8)}`,
        weight: 0.5,
        weightUnit: 'kg',
        dimension: { length: 15, width: 8, height: 3 },
        dimensionUnit: 'cm',
        whenSoldOut: 'show-sold-out',
        contSalesOutOfStock: false,
        stockAlertUnits: 2,
        IsDigitalProduct: false,
        variant: [],
        variantProperties: [],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (json(created).data as { id: string }).id;
    // Read twice while pending: the listing is cached without it.
    expect((await listed(storeUrl())).map((item) => item.id)).not.toContain(id);
    expect((await read(storeUrl())).headers['x-cache']).toBe('hit');
    expect((await read(productUrl(id))).statusCode).toBe(404);

    await approve(id);
    expect((await listed(storeUrl())).map((item) => item.id)).toContain(id);
    expect((await read(productUrl(id))).statusCode).toBe(200);
  });

  it('a stock change shows at the next read', async () => {
    const product = await listedProduct(test, setup, store, { quantity: 7 });
    const before = json(await read(productUrl(product.id))).data as Listed;
    expect(before.quantity).toBe(7);
    expect((await read(productUrl(product.id))).headers['x-cache']).toBe('hit');

    const updated = await test.app.inject({
      ...requestOf(productEndpoints.updateInventory),
      headers: bearer(store.accessToken),
      payload: { productId: product.id, quantity: 0 },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = json(await read(productUrl(product.id))).data as Listed;
    expect(after.quantity).toBe(0);
    expect(after.inStock).toBe(false);
    const inListing = (await listed(storeUrl())).find((item) => item.id === product.id);
    if (inListing) expect(inListing.quantity).toBe(0);
  });

  it('a price change shows at the next read (hidden while it is reviewed again, then at its new price)', async () => {
    const product = await listedProduct(test, setup, store);
    const before = json(await read(productUrl(product.id))).data as Listed;
    expect(before.pricing[0]!.sellingPrice).toBe(12500);
    await listed(storeUrl());

    const edited = await test.app.inject({
      ...requestOf(productEndpoints.edit, { params: { id: product.id } }),
      headers: bearer(store.accessToken),
      payload: { pricing: [{ costPrice: 9000, sellingPrice: 11000, price: 15000 }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const during = await read(productUrl(product.id));
    if (during.statusCode === 200) {
      expect((json(during).data as Listed).pricing[0]!.sellingPrice).toBe(11000);
    } else {
      expect(during.statusCode).toBe(404);
      await approve(product.id);
    }
    const after = json(await read(productUrl(product.id))).data as Listed;
    expect(after.pricing[0]!.sellingPrice).toBe(11000);
    const inListing = (await listed(storeUrl())).find((item) => item.id === product.id);
    expect(inListing?.pricing[0]?.sellingPrice).toBe(11000);
  });

  it('an unapproval (rejection of an approved product) shows at the next read', async () => {
    const product = await listedProduct(test, setup, store);
    expect((await read(productUrl(product.id))).statusCode).toBe(200);
    expect((await read(productUrl(product.id))).headers['x-cache']).toBe('hit');
    expect((await listed(storeUrl())).map((item) => item.id)).toContain(product.id);

    const rejected = await test.app.inject({
      ...requestOf(productAdminEndpoints.reject),
      headers: bearer(setup.admin.accessToken),
      payload: { productId: product.id, merchantId: store.merchantId, reason: 'Blurry pictures' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await read(productUrl(product.id))).statusCode).toBe(404);
    expect((await listed(storeUrl())).map((item) => item.id)).not.toContain(product.id);
  });

  it("keeps a listing's Link header with its cached answer", async () => {
    await listedProduct(test, setup, store);
    await listedProduct(test, setup, store);
    const url = urlOf(customerProductEndpoints.list, {
      query: { limit: 1, categoryId: setup.tree.category.id },
    });
    const first = await read(url);
    expect(first.headers['x-cache']).toBe('miss');
    expect(first.headers.link).toMatch(
      /^<\/api\/products\/customer\/getallproducts\?.*cursor=[\w-]+>; rel="next"$/,
    );
    const second = await read(url);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.headers.link).toBe(first.headers.link);
  });

  it('a hit writes the stored bytes in the encoding the client accepts, with one tag for all of them', async () => {
    for (let index = 0; index < 3; index += 1) await listedProduct(test, setup, store);
    const url = storeUrl();
    // A write to the catalog drops what was cached: this read computes and stores the answer.
    const first = await read(url, { 'accept-encoding': 'br, gzip' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toBe('accept-encoding');
    const text = zlib.brotliDecompressSync(first.rawPayload).toString();
    expect(text.length).toBeGreaterThan(1024);
    expect((JSON.parse(text).data as { data: Listed[] }).data.length).toBeGreaterThan(2);
    const etag = first.headers.etag as string;

    const again = await read(url, { 'accept-encoding': 'br, gzip' });
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.headers['content-length']).toBe(String(first.rawPayload.length));
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    const gzip = await read(url, { 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers['x-cache']).toBe('hit');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(text);
    const gzipAgain = await read(url, { 'accept-encoding': 'gzip' });
    expect(gzipAgain.rawPayload.equals(gzip.rawPayload)).toBe(true);
    expect(gzipAgain.headers.etag).toBe(etag);

    const preferred = await read(url, { 'accept-encoding': 'br;q=0.5, gzip' });
    expect(preferred.headers['content-encoding']).toBe('gzip');

    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }] as Record<
      string,
      string
    >[]) {
      const plain = await read(url, headers);
      expect(plain.headers['x-cache']).toBe('hit');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(plain.headers.vary).toBe('accept-encoding');
      expect(plain.headers.etag).toBe(etag);
      expect(plain.body).toBe(text);
    }

    const notModified = await read(url, { 'accept-encoding': 'br, gzip', 'if-none-match': `W/${etag}` });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
  });

  it('a small answer travels uncompressed, as every answer under 1 KiB does', async () => {
    const url = urlOf(customerProductEndpoints.list, { query: { search: randomUUID().slice(0, 8) } });
    const first = await read(url, { 'accept-encoding': 'br, gzip' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-encoding']).toBeUndefined();
    const second = await read(url, { 'accept-encoding': 'br, gzip' });
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.headers['content-encoding']).toBeUndefined();
    expect(second.body).toBe(first.body);
  });

  it('a compressed cached answer is dropped by a stock change like any other', async () => {
    const product = await listedProduct(test, setup, store, { quantity: 9 });
    await listedProduct(test, setup, store);
    const brotli = { 'accept-encoding': 'br' };
    const decoded = async () => {
      const response = await read(storeUrl(), brotli);
      expect(response.headers['content-encoding']).toBe('br');
      const body = JSON.parse(zlib.brotliDecompressSync(response.rawPayload).toString());
      return { cache: response.headers['x-cache'], listed: (body.data as { data: Listed[] }).data };
    };
    await decoded();
    const hit = await decoded();
    expect(hit.cache).toBe('hit');
    expect(hit.listed.find((item) => item.id === product.id)?.quantity).toBe(9);

    const updated = await test.app.inject({
      ...requestOf(productEndpoints.updateInventory),
      headers: bearer(store.accessToken),
      payload: { productId: product.id, quantity: 0 },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = await decoded();
    expect(after.cache).toBe('miss');
    expect(after.listed.find((item) => item.id === product.id)?.quantity).toBe(0);
  });

  it('a failed write keeps the cache', async () => {
    const product = await listedProduct(test, setup, store);
    await read(productUrl(product.id));
    const refused = await test.app.inject({
      ...requestOf(productEndpoints.updateInventory),
      headers: bearer(store.accessToken),
      payload: { productId: product.id, quantity: -1 },
    });
    expect(refused.statusCode).toBe(422);
    expect((await read(productUrl(product.id))).headers['x-cache']).toBe('hit');
  });
});

describe('memory response cache', () => {
  it('is bounded by bytes and lets the least recently used answer go first', async () => {
    const cache = createMemoryResponseCache(Date.now, 3000);
    const version = await cache.version();
    const identity = Buffer.from('x'.repeat(600));
    await cache.set('/a', version, { identity, etag: '"a"' });
    await cache.set('/b', version, { identity, etag: '"b"' });
    await cache.set('/c', version, { identity, etag: '"c"' });
    expect(cache.size().entries).toBe(3);
    // Reading /a makes /b the least recently used.
    expect(await cache.get('/a', version, 'identity')).toBeDefined();
    await cache.set('/d', version, { identity, etag: '"d"' });
    expect(await cache.get('/b', version, 'identity')).toBeUndefined();
    expect(await cache.get('/a', version, 'identity')).toBeDefined();
    expect(await cache.get('/d', version, 'identity')).toBeDefined();
    expect(cache.size().bytes).toBeLessThanOrEqual(3000);
    // An answer larger than the whole bound is not kept (and evicts nothing).
    await cache.set('/huge', version, { identity: Buffer.from('x'.repeat(5000)), etag: '"h"' });
    expect(await cache.get('/huge', version, 'identity')).toBeUndefined();
    expect(await cache.get('/a', version, 'identity')).toBeDefined();
  });

  it('never stores an answer computed under an older version, and expires entries', async () => {
    let clock = 0;
    const cache = createMemoryResponseCache(() => clock);
    const before = await cache.version();
    await cache.invalidate();
    await cache.set('/a', before, { identity: Buffer.from('old'), etag: '"1"' });
    expect(await cache.get('/a', await cache.version(), 'identity')).toBeUndefined();

    const current = await cache.version();
    await cache.set('/a', current, { identity: Buffer.from('new'), etag: '"2"' });
    expect((await cache.get('/a', current, 'identity'))?.body.toString()).toBe('new');
    // Past its freshness it is served stale (ADR 110), and past the staleness bound not at all.
    clock += 31_000;
    expect((await cache.get('/a', current, 'identity'))?.stale).toBe(true);
    clock = (CACHE_MAX_AGE_SECONDS + 1) * 1000;
    expect(await cache.get('/a', current, 'identity')).toBeUndefined();
  });

  it('keeps the compressed copies clients asked for, counted in its bound', async () => {
    const cache = createMemoryResponseCache(Date.now, 4000);
    const version = await cache.version();
    await cache.set('/a', version, { identity: Buffer.from('x'.repeat(600)), etag: '"a"' });
    // Not kept yet: the plain bytes come back, for the caller to compress once.
    expect(await cache.get('/a', version, 'br')).toMatchObject({ encoding: 'identity', etag: '"a"' });
    const before = cache.size().bytes;
    await cache.addEncoding('/a', version, 'br', Buffer.from('b'.repeat(100)));
    expect(cache.size().bytes).toBe(before + 100);
    const hit = await cache.get('/a', version, 'br');
    expect(hit?.encoding).toBe('br');
    expect(hit?.body.toString()).toBe('b'.repeat(100));
    expect((await cache.get('/a', version, 'gzip'))?.encoding).toBe('identity');
    // A copy for an answer of an older version is not kept.
    await cache.invalidate();
    await cache.addEncoding('/a', version, 'gzip', Buffer.from('g'));
    expect(cache.size()).toEqual({ entries: 0, bytes: 0 });
  });
});
