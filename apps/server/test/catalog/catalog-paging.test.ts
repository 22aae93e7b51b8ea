import { customerProductEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../src/app.js';
import { type CommerceSetup, listedProduct, type SellingStore } from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// Keyset (cursor) paging beside offset on the customer listing, deep offsets, and answers written byte for byte as
// the zod serializer writes them. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
const created: string[] = [];
beforeAll(async () => {
  // checkAnswers off: the answers are written by JSON.stringify alone, as in production; the tests below compare
  // them with the zod serializer's text themselves.
  const market = await world({ customers: 0, app: { checkAnswers: false } });
  ({ test, setup } = market);
  [store] = market.stores;
  // Prices that tie (and ratings that all tie at 0), so the id must break ties for pages to be exact.
  const prices = [12500, 9000, 12500, 20000, 9000, 12500, 15000];
  for (const [index, sellingPrice] of prices.entries()) {
    const product = await listedProduct(test, setup, store, {
      name: `Paged ${index}`,
      pricing: [{ costPrice: 1000, sellingPrice, price: 25000 }],
      ...(index === 3 ? { dimension: { height: 2, length: 40, width: 30 } } : {}),
      ...(index === 4 ? { variantProperties: [{ options: ['S', 'M'], type: 'Size' }] } : {}),
    });
    created.push(product.id);
  }
});
afterAll(() => test.close());

const base = () => urlOf(customerProductEndpoints.list, { query: { categoryId: setup.tree.category.id } });

async function get(url: string) {
  return test.app.inject({ method: 'GET', url });
}

/** Follows the Link rel="next" headers from the first page to the end; the ids in the order seen. */
async function walk(first: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let url: string | undefined = first;
  let pages = 0;
  while (url) {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    const page = json(response).data as { data: { id: string }[]; count: number };
    expect(page.count).toBe(created.length);
    ids.push(...page.data.map((product) => product.id));
    const link = response.headers.link as string | undefined;
    url = link ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined;
    pages += 1;
    expect(pages).toBeLessThan(20);
  }
  return { ids, pages };
}

describe('cursor paging', () => {
  for (const sort of ['newest', 'price_asc', 'price_desc', 'best_selling', 'top_rated'] as const) {
    it(`walks every product exactly once, in the offset order (${sort})`, async () => {
      const all = json(await get(`${base()}&sortBy=${sort}&limit=100`)).data as { data: { id: string }[] };
      const expected = all.data.map((product) => product.id);
      expect(new Set(expected)).toEqual(new Set(created));

      const { ids, pages } = await walk(`${base()}&sortBy=${sort}&limit=2`);
      expect(ids).toEqual(expected);
      expect(new Set(ids).size).toBe(created.length);
      expect(pages).toBe(Math.ceil(created.length / 2));
    });
  }

  it('continues after an offset page with the cursor of its last product', async () => {
    const response = await get(`${base()}&limit=3&offset=3`);
    const next = /^<([^>]+)>; rel="next"$/.exec(response.headers.link as string)?.[1];
    expect(next).toBeDefined();
    expect(next).not.toContain('offset=');
    const rest = await walk(next!);
    const all = json(await get(`${base()}&limit=100`)).data as { data: { id: string }[] };
    expect(rest.ids).toEqual(all.data.slice(6).map((product) => product.id));
  });

  it('has no next link on a page that is not full', async () => {
    const response = await get(`${base()}&limit=100`);
    expect(response.headers.link).toBeUndefined();
  });

  it('refuses a cursor it did not make, a cursor of another sort, a cursor with an offset, and one for relevance', async () => {
    const first = await get(`${base()}&limit=2&sortBy=price_asc`);
    const cursor = new URLSearchParams((first.headers.link as string).split('?')[1]!.split('>')[0]).get(
      'cursor',
    )!;
    for (const url of [
      `${base()}&cursor=not-a-cursor`,
      `${base()}&cursor=${Buffer.from('["newest",["yesterday"],"x"]').toString('base64url')}`,
      `${base()}&sortBy=price_desc&cursor=${cursor}`,
      `${base()}&sortBy=price_asc&offset=2&cursor=${cursor}`,
      `${base()}&search=paged&cursor=${cursor}`,
      `${base()}&cursor=${'a'.repeat(401)}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(422);
      expect(json(response).error).toBe('VALIDATION_ERROR');
    }
  });
});

describe('deep offsets', () => {
  it('answers an offset of 10,000 with an empty page and the total, and refuses 10,001', async () => {
    const deep = await get(`${base()}&offset=10000`);
    expect(deep.statusCode).toBe(200);
    expect(json(deep).data).toEqual({ data: [], count: created.length, countIsEstimate: false });
    expect(deep.headers.link).toBeUndefined();
    const beyond = await get(`${base()}&offset=10001`);
    expect(beyond.statusCode).toBe(422);
  });

  it('answers a page past the end with the total (the one case that counts apart)', async () => {
    const past = await get(`${base()}&offset=${created.length}&sortBy=price_asc&minPrice=1`);
    expect(json(past).data).toEqual({ data: [], count: created.length, countIsEstimate: false });
  });
});

describe('answers byte for byte', () => {
  const listing = customerProductEndpoints.list.response;
  const detail = customerProductEndpoints.one.response;
  const zodText = (schema: z.ZodType, body: string) => JSON.stringify(z.encode(schema, JSON.parse(body)));

  it("writes a listing exactly as the contract's zod serializer does", async () => {
    const response = await get(`${base()}&limit=100`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(zodText(listing, response.body));
    // jsonb keys come back in PostgreSQL's order; the answer has the contract's.
    expect(response.body).toContain('"dimension":{"length":40,"width":30,"height":2}');
    expect(response.body).toContain('"variantProperties":[{"type":"Size","options":["S","M"]}]');
  });

  it("writes a product page exactly as the contract's zod serializer does", async () => {
    for (const id of [created[3]!, created[4]!]) {
      const response = await get(urlOf(customerProductEndpoints.one, { params: { id } }));
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(zodText(detail, response.body));
    }
  });

  it('serializes without the check as with it (the checked app answers the same bytes)', async () => {
    const { app: checked } = await buildApp({
      config: test.deps.config,
      database: test.database,
      logger: false,
      responseCache: false,
      checkAnswers: true,
    });
    try {
      for (const url of [
        `${base()}&limit=100`,
        urlOf(customerProductEndpoints.one, { params: { id: created[3]! } }),
      ]) {
        const fast = await get(url);
        const slow = await checked.inject({ method: 'GET', url });
        expect(slow.statusCode).toBe(200);
        expect(slow.body).toBe(fast.body);
      }
    } finally {
      await checked.close();
    }
  });
});
