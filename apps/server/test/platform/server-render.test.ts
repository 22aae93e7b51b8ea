import { createHash, randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { merchantDirectoryEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryResponseCache } from '../../src/platform/http/response-cache.js';
import {
  type CommerceSetup,
  listedProduct,
  repricedProduct,
  type SellingStore,
} from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import type { TestApp } from '../support/test-app.js';
import { ensureWebBuild } from '../support/web-build.js';
import { world } from '../support/world.js';

// Server rendering of the public pages (ADR 029) against the real web build (built here when missing).
ensureWebBuild();

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let product: { id: string };
let storeName: string;
const productName = `Adire Wrap ${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  const market = await world({ customers: 0, app: { responseCache: createMemoryResponseCache() } });
  ({ test, setup } = market);
  [store] = market.stores;
  product = await listedProduct(test, setup, store, { name: productName });
  const profile = await test.app.inject({
    url: urlOf(merchantDirectoryEndpoints.one, { params: { storeUrl: store.storeUrl } }),
  });
  storeName = (JSON.parse(profile.body) as { data: { storeName: string } }).data.storeName;
});
afterAll(() => test.close());

const page = (url: string, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'GET', url, headers });

/** The JSON the page hands the browser. */
function embeddedState(html: string): {
  queries: { queryKey: unknown[]; state: { data?: unknown } }[];
} {
  const found = /<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(html);
  expect(found, 'the page embeds its data').not.toBeNull();
  return JSON.parse(found![1]!);
}

describe('server-rendered public pages', () => {
  it('the home page shares a full card: one title, its description, type, site name, URL and canonical', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Shop from stores across Nigeria | Naija Market</title>');
    for (const tag of [
      '<meta property="og:site_name" content="Naija Market" />',
      '<meta property="og:type" content="website" />',
      '<meta property="og:title" content="Shop from stores across Nigeria" />',
      '<meta property="og:url" content="http://localhost:3000/" />',
      '<link rel="canonical" href="http://localhost:3000/" />',
      '<meta name="twitter:card" content="summary" />',
    ])
      expect(html).toContain(tag);
    expect(html).toMatch(/<meta property="og:description" content="Pay in naira, [^"]+" \/>/);
  });

  it('the marketplace product page holds the product, its price in naira, share tags, canonical and its data', async () => {
    const response = await page(`/products/${product.id}`);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain(productName);
    expect(root).toContain('₦12,500.00');
    expect(html).toContain(`<meta property="og:title" content="${productName}" />`);
    expect(html).toContain('<meta property="product:price:amount" content="12500.00" />');
    expect(html).toContain('<meta name="twitter:data1" content="₦12,500.00" />');
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/products/${product.id}" />`);
    expect(html).not.toContain('<noscript>');
    // The app's code loads once the page has loaded (ADR 032): nothing in the head competes with the HTML, CSS
    // and main image; the loader is the one inline script, allowed by its hash.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('modulepreload');
    expect(head).not.toMatch(/<script[^>]*src=/);
    const assets = /<script type="application\/json" id="ssr-assets">([\s\S]*?)<\/script>/.exec(html);
    const listed = JSON.parse(assets![1]!) as { entry: string; preload: string[] };
    expect(listed.entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(listed.preload.some((file) => /\/assets\/product-[\w-]+\.js$/.test(file))).toBe(true);
    for (const file of [listed.entry, ...listed.preload]) {
      expect((await page(file)).statusCode, file).toBe(200);
    }
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    expect(String(response.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
    const state = embeddedState(html);
    const data = state.queries.map((query) => JSON.stringify(query.state.data)).join('\n');
    expect(data).toContain(productName);
  });

  it('the storefront pages hold the store, its products and theme colours, with share tags', async () => {
    const home = await page(`/storefront/${store.storeUrl}`);
    expect(home.statusCode).toBe(200);
    const html = home.body;
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain(storeName);
    expect(root).toContain(productName);
    expect(root).toMatch(/--sf-[a-z-]+:\s*#/i);
    expect(html).toContain(`<meta property="og:title" content="${storeName}" />`);
    expect(html).toContain(
      `<link rel="canonical" href="http://localhost:3000/storefront/${store.storeUrl}" />`,
    );
    expect(JSON.stringify(embeddedState(html))).toContain(storeName);

    const onStore = await page(`/storefront/${store.storeUrl}/products/${product.id}`);
    expect(onStore.statusCode).toBe(200);
    expect(onStore.body).toContain(productName);
    expect(onStore.body).toContain('₦12,500.00');
    expect(onStore.body).toContain('<meta property="og:type" content="product" />');

    const category = await page(`/storefront/${store.storeUrl}/categories/${setup.tree.category.id}`);
    expect(category.statusCode).toBe(200);
    expect(category.body.slice(category.body.indexOf('<div id="root">'))).toContain(productName);
  });

  it('home, search and category listings are rendered with their products', async () => {
    const search = await page(`/search?q=${encodeURIComponent(productName)}`);
    expect(search.statusCode).toBe(200);
    expect(search.body.slice(search.body.indexOf('<div id="root">'))).toContain(productName);
    expect(search.body).toContain('<link rel="canonical" href="http://localhost:3000/search" />');
    const category = await page(`/categories/${setup.tree.category.id}`);
    expect(category.statusCode).toBe(200);
    expect(category.body.slice(category.body.indexOf('<div id="root">'))).toContain(productName);
    const home = await page('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Shop from stores across Nigeria');
  });

  it('an unknown product, store or category is the rendered not-found page with 404', async () => {
    const missing = [
      `/products/${randomUUID()}`,
      `/storefront/no-such-store-${randomUUID().slice(0, 6)}`,
      `/storefront/${store.storeUrl}/products/${randomUUID()}`,
      `/categories/${randomUUID()}`,
    ];
    for (const url of missing) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body, url).toMatch(/not available|not open|Category not found/);
    }
  });

  it('a price change shows in the next rendered page (the stored page goes with the catalog cache)', async () => {
    const priced = await listedProduct(test, setup, store, { name: `Price ${randomUUID().slice(0, 6)}` });
    const url = `/storefront/${store.storeUrl}/products/${priced.id}`;
    const first = await page(url);
    expect(first.body).toContain('₦12,500.00');
    const again = await page(url);
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    const notModified = await page(url, { 'if-none-match': again.headers.etag as string });
    expect(notModified.statusCode).toBe(304);

    await repricedProduct(test, setup, store, priced.id, [
      { costPrice: 9000, sellingPrice: 11000, price: 15000 },
    ]);
    const after = await page(url);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.body).toContain('₦11,000.00');
    expect(after.body).not.toContain('₦12,500.00');
  });

  it('a cached page is sent brotli- or gzip-compressed as asked', async () => {
    const url = `/products/${product.id}`;
    await page(url);
    const br = await page(url, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain(productName);
    const gz = await page(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain(productName);
  });

  it('a product name with </script><script> is escaped in the markup and in the embedded data', async () => {
    const hostile = `Evil </script><script>alert(1)</script> ${randomUUID().slice(0, 4)}`;
    const created = await listedProduct(test, setup, store, { name: hostile });
    for (const url of [`/products/${created.id}`, `/storefront/${store.storeUrl}/products/${created.id}`]) {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('<script>alert(1)');
      expect(response.body).toContain('Evil &lt;/script&gt;&lt;script&gt;alert(1)');
      // The JSON block ends once, where the server closed it, and still reads back as the name.
      const state = embeddedState(response.body);
      expect(JSON.stringify(state)).toContain(hostile);
      expect(response.body.match(/<\/script>/g)?.length).toBe(
        (response.body.match(/<script\b/g) ?? []).length,
      );
    }
  });
});
