// Lighthouse (mobile: simulated slow 4G and a mid-range phone's CPU) on the public pages of a running server:
// prints LCP, TBT, CLS, FCP and the performance score of the home, a product and a storefront page.
// Run: start the server (`PORT=3106 npm start`, demo catalog seeded), then
//      BASE_URL=http://127.0.0.1:3106 npm run lighthouse -w @market/bench
// CHROMIUM_PATH (default /usr/bin/chromium) and LIGHTHOUSE_RUNS (default 1: the median of n runs is printed).
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const base = (process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function firstOf<T>(url: string, pick: (body: unknown) => T | undefined): Promise<T> {
  const response = await fetch(`${base}${url}`);
  const value = pick(await response.json());
  if (value === undefined) throw new Error(`nothing to measure from ${url}`);
  return value;
}

const productId = await firstOf('/api/products/customer/getallproducts?limit=1', (body) => {
  const data = (body as { data?: { data?: { id: string }[] } }).data?.data;
  return data?.[0]?.id;
});
const storeUrl = await firstOf('/api/merchants?limit=1', (body) => {
  const data = (body as { data?: { merchants?: { storeUrl: string }[] } }).data;
  return data?.merchants?.[0]?.storeUrl;
});
const pages = [
  { name: 'home', url: `${base}/` },
  { name: 'product', url: `${base}/products/${productId}` },
  { name: 'storefront', url: `${base}/storefront/${encodeURIComponent(storeUrl)}` },
];

const chrome = await launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
try {
  console.log(`Lighthouse mobile (simulated throttling), ${runs} run(s) per page, median shown: ${base}`);
  for (const page of pages) {
    const results: { lcp: number; tbt: number; cls: number; fcp: number; score: number }[] = [];
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(page.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        formFactor: 'mobile',
        throttlingMethod: 'simulate',
      });
      if (!result) throw new Error(`no result for ${page.url}`);
      const audits = result.lhr.audits;
      results.push({
        lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        fcp: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
        score: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
      });
    }
    const pick = (key: keyof (typeof results)[number]) => median(results.map((result) => result[key]));
    console.log(
      `${page.name.padEnd(11)} score ${String(pick('score')).padStart(3)}   LCP ${(pick('lcp') / 1000).toFixed(2)} s   FCP ${(pick('fcp') / 1000).toFixed(2)} s   TBT ${pick('tbt').toFixed(0)} ms   CLS ${pick('cls').toFixed(3)}`,
    );
  }
} finally {
  await chrome.kill();
}
