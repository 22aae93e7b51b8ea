// What a phone downloads before a public page is usable (issue 25, ADR 056): per page, the responses of each type
// with their transfer sizes (bodies as the browser asked for them, brotli, and the response headers), from
// navigation until the page has loaded, hydrated (`<html data-hydrated>`) and the network has gone quiet. The same
// count as e2e/bundle-budget.e2e.ts, against a running server.
// Run: start the server (`PORT=3106 npm start`, demo catalog seeded), then
//      BASE_URL=http://127.0.0.1:3106 npm run first-load -w @market/bench
// CHROMIUM_PATH (default /usr/bin/chromium); FIRST_LOAD_SCRIPTS=1 lists every script with its size.
import { chromium, type Response } from 'playwright-core';

const base = (process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const KIB = 1024;

async function firstOf<T>(url: string, pick: (body: unknown) => T | undefined): Promise<T> {
  const response = await fetch(`${base}${url}`);
  const value = pick(await response.json());
  if (value === undefined) throw new Error(`nothing to measure from ${url}`);
  return value;
}

const product = await firstOf('/api/products/customer/getallproducts?limit=1', (body) => {
  return (body as { data?: { data?: { id: string; storeUrl: string }[] } }).data?.data?.[0];
});
const store = `/storefront/${encodeURIComponent(product.storeUrl)}`;
const pages = [
  { name: 'home', path: '/' },
  { name: 'product', path: `/products/${product.id}` },
  { name: 'storefront', path: store },
  { name: 'storefront product', path: `${store}/products/${product.id}` },
  { name: 'search', path: '/search?q=a' },
];

const browser = await chromium.launch({
  executablePath: chromePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  console.log(`First load (360 px phone, until hydrated and quiet), transferred: ${base}`);
  for (const { name, path } of pages) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const responses: Response[] = [];
    const problems: string[] = [];
    page.on('response', (response) => responses.push(response));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${base}${path}`, { waitUntil: 'load' });
    // A build from before the mark (for a before/after) is measured until the network is quiet.
    const marked = await page
      .locator('html[data-hydrated]')
      .waitFor({ state: 'attached', timeout: 15_000 })
      .then(() => true)
      .catch(() => false);
    await page.waitForLoadState('networkidle');
    if (!marked) problems.push('no data-hydrated mark');
    const byType = new Map<string, { count: number; bytes: number }>();
    const scripts: { url: string; bytes: number }[] = [];
    for (const response of responses) {
      const sizes = await response.request().sizes();
      const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
      const type = response.request().resourceType();
      const entry = byType.get(type) ?? { count: 0, bytes: 0 };
      byType.set(type, { count: entry.count + 1, bytes: entry.bytes + bytes });
      if (type === 'script') scripts.push({ url: new URL(response.url()).pathname, bytes });
    }
    const summary = [...byType]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([type, { count, bytes }]) => `${type} ${(bytes / KIB).toFixed(1)} KiB (${count})`)
      .join('   ');
    console.log(`${name.padEnd(20)} ${summary}`);
    if (process.env.FIRST_LOAD_SCRIPTS) {
      for (const script of scripts.sort((a, b) => b.bytes - a.bytes))
        console.log(`${''.padEnd(22)}${(script.bytes / KIB).toFixed(1).padStart(6)} KiB  ${script.url}`);
    }
    if (problems.length > 0) console.log(`${''.padEnd(22)}console: ${problems.join(' | ')}`);
    await context.close();
  }
} finally {
  await browser.close();
}
