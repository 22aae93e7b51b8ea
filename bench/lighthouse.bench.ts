// Lighthouse (mobile: simulated slow 4G and a mid-range phone's CPU) on the public pages of a running server:
// prints LCP, TBT, CLS, FCP and the performance score of the home, a product and a storefront page.
// Run: start the server (`PORT=3106 npm start`, demo catalog seeded), then
//      BASE_URL=http://127.0.0.1:3106 npm run lighthouse -w @market/bench
// CHROMIUM_PATH (default /usr/bin/chromium) and LIGHTHOUSE_RUNS (default 1: each run is printed, then the median of
// n runs). The issue's targets hold on every run, not on the median: LCP <= 1.5 s and TBT <= 200 ms.
// LIGHTHOUSE_PAGES=product,storefront measures only those of the three.
// LIGHTHOUSE_THEMES=all also measures the demo merchant's storefront and a product on it in every theme of the
// catalogue (issue 10: the budget holds whatever the theme): it signs in as merchant@demo.ng, adds each theme (free),
// activates it (which publishes it), measures, and activates the store's own theme again at the end.
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
].filter(
  (page) => !process.env.LIGHTHOUSE_PAGES || process.env.LIGHTHOUSE_PAGES.split(',').includes(page.name),
);

interface Theme {
  id: number;
  slug: string;
  isOwned: boolean;
}
/** The demo merchant's session on the themes service, and the store's theme to come back to. */
async function demoThemes() {
  const login = await fetch(`${base}/api/auth/merchant/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'merchant@demo.ng', password: process.env.DEMO_PASSWORD ?? 'Demo1234!' }),
  });
  if (!login.ok) throw new Error(`demo merchant sign-in answered ${login.status}`);
  const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${base}/themes-api${url}`, {
      method,
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok && response.status !== 409)
      throw new Error(`${method} ${url} answered ${response.status}`);
    return ((await response.json()) as { data: unknown }).data;
  };
  const catalogue = (await call('GET', '/merchant/themes')) as { activeThemeId: number; themes: Theme[] };
  const profile = (await fetch(`${base}/api/stores/profile`, {
    headers: { authorization: `Bearer ${accessToken}` },
  }).then((response) => response.json())) as { data?: { store?: { id?: string; storeUrl?: string } } };
  const { id: storeId, storeUrl: demoStoreUrl } = profile.data?.store ?? {};
  if (!storeId || !demoStoreUrl) throw new Error('the demo merchant has no store');
  const products = (await fetch(`${base}/api/products?storeId=${storeId}&limit=1`).then((response) =>
    response.json(),
  )) as { data?: { data?: { id: string }[] } };
  const demoProduct = products.data?.data?.[0]?.id;
  if (!demoProduct) throw new Error('the demo store lists no product');
  return {
    catalogue,
    storeUrl: demoStoreUrl,
    productId: demoProduct,
    async wear(theme: Theme) {
      if (!theme.isOwned) await call('POST', '/merchant/theme/purchase', { themeId: theme.id, type: 'free' });
      await call('PATCH', '/merchant/theme/activate', { themeId: theme.id });
    },
    restore: () => call('PATCH', '/merchant/theme/activate', { themeId: catalogue.activeThemeId }),
  };
}

const chrome = await launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
interface Figures {
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  score: number;
  /** JavaScript over the wire (transfer sizes, headers included) during the whole run. */
  scripts: number;
  /** The document's server response time as observed (a busy server shows here, and in FCP and LCP after it). */
  ttfb: number;
}
/** The transfer size of the script responses in Lighthouse's network-requests table. */
function scriptBytes(details: unknown): number {
  const items = (details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)
    ?.items;
  return (items ?? [])
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}
const line = (figures: Figures) =>
  `score ${String(figures.score).padStart(3)}   LCP ${(figures.lcp / 1000).toFixed(2)} s   FCP ${(figures.fcp / 1000).toFixed(2)} s   TBT ${figures.tbt.toFixed(0).padStart(3)} ms   CLS ${figures.cls.toFixed(3)}   JS ${(figures.scripts / 1024).toFixed(1)} KiB   TTFB ${figures.ttfb.toFixed(0)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
try {
  console.log(`Lighthouse mobile (simulated throttling), ${runs} run(s) per page: ${base}`);
  const measure = async (page: { name: string; url: string }) => {
    const results: Figures[] = [];
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
      if (result.lhr.runtimeError) {
        // A failed run (a timeout on a loaded machine, say) has no figures: said, and left out of the median.
        console.log(`${page.name}: run ${run + 1} failed: ${result.lhr.runtimeError.code}`);
        continue;
      }
      const audits = result.lhr.audits;
      const figures = {
        lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        fcp: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
        score: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
        scripts: scriptBytes(audits['network-requests']?.details),
        ttfb: audits['server-response-time']?.numericValue ?? Number.NaN,
      };
      results.push(figures);
      if (runs > 1) console.log(`${`${page.name}, run ${run + 1}`.padEnd(34)} ${line(figures)}`);
    }
    if (results.length === 0) {
      console.log(`${page.name.padEnd(34)} no run succeeded`);
      return;
    }
    const pick = (key: keyof Figures) => median(results.map((result) => result[key]));
    const medians = {
      lcp: pick('lcp'),
      tbt: pick('tbt'),
      cls: pick('cls'),
      fcp: pick('fcp'),
      score: pick('score'),
      scripts: pick('scripts'),
      ttfb: pick('ttfb'),
    };
    console.log(`${(runs > 1 ? `${page.name}, median` : page.name).padEnd(34)} ${line(medians)}`);
  };
  for (const page of pages) await measure(page);
  if (process.env.LIGHTHOUSE_THEMES === 'all') {
    const themes = await demoThemes();
    try {
      for (const theme of themes.catalogue.themes) {
        await themes.wear(theme);
        const store = `${base}/storefront/${encodeURIComponent(themes.storeUrl)}`;
        await measure({ name: `storefront, theme ${theme.slug}`, url: store });
        await measure({
          name: `storefront product, ${theme.slug}`,
          url: `${store}/products/${themes.productId}`,
        });
      }
    } finally {
      await themes.restore();
    }
  }
} finally {
  await chrome.kill();
}
