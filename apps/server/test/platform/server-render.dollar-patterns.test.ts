import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../src/modules/catalog/catalog.schema.js';
import { stores } from '../../src/modules/stores/stores.schema.js';
import { type CommerceSetup, listedProduct, type SellingStore } from '../support/commerce-factory.js';
import type { TestApp } from '../support/test-app.js';
import { ensureWebBuild } from '../support/web-build.js';
import { world } from '../support/world.js';

// Issue 24, "`$` patterns in user text corrupt server-rendered pages": pages were built with String.replace and a
// replacement string, so a product named ``Lightning Cable $` 1m`` pasted the page's head into itself (27 <title>
// tags) and broke the embedded data. Every replacement pattern, in every field a public page embeds.
ensureWebBuild();

const suffix = randomUUID().slice(0, 6);
const patterns = "$& $` $' $1 $$ $<name>";
const productName = `Lightning Cable ${patterns} 1m ${suffix}`;
const description = `Braided ${patterns} fast charging`;
const storeName = `Dollar ${patterns} Gadgets ${suffix}`;
const categoryName = `Cables ${patterns} ${suffix}`;

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let productId: string;

beforeAll(async () => {
  const market = await world({ customers: 0 });
  ({ test, setup } = market);
  [store] = market.stores;
  await test.deps.db.update(stores).set({ storeName }).where(eq(stores.id, store.storeId));
  await test.deps.db
    .update(categories)
    .set({ name: categoryName })
    .where(eq(categories.id, setup.tree.category.id));
  productId = (await listedProduct(test, setup, store, { name: productName, description: [description] })).id;
}, 180_000);
afterAll(() => test.close());

/** Every string anywhere in a JSON value. */
function stringsIn(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') found.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, found);
  else if (value && typeof value === 'object')
    for (const item of Object.values(value)) stringsIn(item, found);
  return found;
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll("'", '&#39;');

async function renderedPage(url: string) {
  const response = await test.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  const html = response.body;
  // One of each part of the page: nothing was pasted into it a second time.
  for (const part of [
    '<title>',
    '</head>',
    '<div id="root">',
    'id="ssr-state"',
    'id="ssr-assets"',
    '</body>',
  ]) {
    expect(html.split(part).length - 1, `${url}: ${part}`).toBe(1);
  }
  const state = /<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(html);
  const assets = /<script type="application\/json" id="ssr-assets">([\s\S]*?)<\/script>/.exec(html);
  expect(() => JSON.parse(assets![1]!), `${url}: assets parse`).not.toThrow();
  return { html, title: /<title>([^<]*)<\/title>/.exec(html)![1]!, data: stringsIn(JSON.parse(state![1]!)) };
}

describe('replacement patterns in user text', () => {
  it('the product page: one title naming the product, and its data parses back to the same name and description', async () => {
    for (const url of [`/products/${productId}`, `/storefront/${store.storeUrl}/products/${productId}`]) {
      const { html, title, data } = await renderedPage(url);
      expect(title).toContain(escapeHtml(productName));
      expect(html).toContain(
        `<meta property="og:title" content="${escapeHtml(productName).replaceAll('"', '&quot;')}" />`,
      );
      expect(data.has(productName), url).toBe(true);
      expect(
        [...data].some((text) => text.includes(description)),
        url,
      ).toBe(true);
    }
  });

  it('the storefront pages: one title naming the store, and the store and product names parse back the same', async () => {
    for (const url of [
      `/storefront/${store.storeUrl}`,
      `/storefront/${store.storeUrl}/categories/${setup.tree.category.id}`,
    ]) {
      const { data } = await renderedPage(url);
      expect(data.has(storeName), url).toBe(true);
      expect(data.has(productName), url).toBe(true);
    }
    expect((await renderedPage(`/storefront/${store.storeUrl}`)).title).toContain(escapeHtml(storeName));
  });

  it('home, search and category listings: the names parse back the same', async () => {
    const search = await renderedPage(`/search?q=${encodeURIComponent(`Lightning Cable ${suffix}`)}`);
    expect(search.data.has(productName)).toBe(true);
    const category = await renderedPage(`/categories/${setup.tree.category.id}`);
    expect(category.data.has(productName)).toBe(true);
    expect(category.data.has(categoryName)).toBe(true);
    const home = await renderedPage('/');
    expect(home.data.has(productName)).toBe(true);
  });

  it('a path holding the patterns gives one page too', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/search?q=${encodeURIComponent(patterns)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body.split('<title>').length - 1).toBe(1);
  });
});
