// Prints requests per second and p50/p99 latency of server-rendered storefront HTML (ADR 029) on one server
// process: the store's home and a product page inside it, from the page cache (what a shared link costs once a
// page is warm) and rendered every time (no catalog or page cache: the server renders and answers its API calls).
// Run: npm run storefront-html -w @market/bench   (a fresh PGlite database with the demo marketplace, in a temp dir)
// Needs the web build with its server renderer (`npm run build`). BENCH_SECONDS (default 10) per case.
// BENCH_CASES=rotating-expiry runs instead the pages over expiries (ADR 110, amended): every product page of the demo
// marketplace (marketplace and storefront), its stores' homes and category pages, each asked once, then read in
// rotation by wrk (-t1 -c10, `bench/rotating-mix.lua`) for BENCH_WINDOWS (6) windows of BENCH_WINDOW_SECONDS (15)
// back to back, spanning the page cache's expiries. Per window: requests, p99, the page cache's hits / stale / renders
// inside a request, and the CPU each request cost this process (server and its PGlite worker; wrk is a process of
// its own), which is the figure to read on a shared machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { categories, products } from '../apps/server/src/modules/catalog/catalog.schema.js';
import { stores } from '../apps/server/src/modules/stores/stores.schema.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { createPageCache, type PageCache } from '../apps/server/src/platform/http/server-render.js';
import { createDiskStore } from '../apps/server/src/platform/storage/blob-stores.js';
import { createMedia } from '../apps/server/src/platform/storage/media.js';
import { seedDemoMarketplace } from '../apps/server/src/seed/demo-marketplace.js';
import { runRotatingMix } from './rotating-mix.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rotatingExpiry = process.env.BENCH_CASES?.split(',').includes('rotating-expiry') ?? false;
const windowCount = Number(process.env.BENCH_WINDOWS ?? 6);
const windowSeconds = Number(process.env.BENCH_WINDOW_SECONDS ?? 15);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-'));
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', PORT: '0', DATA_DIR: scratch });
const database = await openDatabase({ driver: 'pglite', dir: path.join(scratch, 'db') });
await database.migrate();
const media = createMedia(createDiskStore(config.uploadsDir));
await seedDemoMarketplace(database.db, media);

/** Pages the cached app rendered and stored, in a request or in the background. */
let pagesStored = 0;
const pageCache = createPageCache();
const countedPages: PageCache = {
  ...pageCache,
  set(key, version, answer) {
    pagesStored += 1;
    pageCache.set(key, version, answer);
  },
};

async function listen(cached: boolean) {
  const { app } = await buildApp({
    config,
    database,
    media,
    logger: false,
    ...(cached ? { pageCache: countedPages } : { responseCache: false }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}
const cached = await listen(true);
const uncached = await listen(false);

const listing = (await (
  await fetch(`${cached.base}/api/products/customer/getallproducts?limit=1`)
).json()) as { data: { data: { id: string; storeUrl: string }[] } };
const product = listing.data.data[0]!;
const pages = {
  'storefront home': `/storefront/${product.storeUrl}`,
  'storefront product': `/storefront/${product.storeUrl}/products/${product.id}`,
};
const check = await fetch(`${cached.base}${pages['storefront product']}`);
if (!(await check.text()).includes('id="ssr-state"'))
  throw new Error('not server-rendered: run `npm run build` first');

async function run(title: string, url: string) {
  const result = await autocannon({
    url,
    duration: seconds,
    connections: 10,
    headers: { 'accept-encoding': 'br, gzip' },
  });
  console.log(
    `${title.padEnd(34)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   errors ${result.errors + result.non2xx}`,
  );
}

/** One wrk window over the rotating pages: its requests, p99 and the page cache's answers by kind. */
async function wrkWindow(
  base: string,
  pathsFile: string,
  duration: number,
): Promise<{ requests: number; p99: string; hits: number; stale: number; misses: number }> {
  const output = await runRotatingMix(base, pathsFile, {
    threads: 1,
    connections: 10,
    seconds: duration,
    timeout: '5s',
  });
  const answers = JSON.parse(/^ANSWERS (.+)$/m.exec(output)?.[1] ?? '{}') as Record<string, number>;
  return {
    requests: Number(/(\d+) requests in/.exec(output)?.[1] ?? 0),
    p99: /^\s+99%\s+(\S+)/m.exec(output)?.[1] ?? '?',
    hits: answers.hits ?? 0,
    stale: answers.stale ?? 0,
    misses: answers.misses ?? 0,
  };
}

async function rotatingOverExpiries() {
  const rows = await database.db
    .select({ id: products.id, storeUrl: stores.storeUrl })
    .from(products)
    .innerJoin(stores, eq(products.storeId, stores.id));
  const categoryIds = (await database.db.select({ id: categories.id }).from(categories)).map((row) => row.id);
  const paths = [
    ...rows.flatMap((row) => [`/products/${row.id}`, `/storefront/${row.storeUrl}/products/${row.id}`]),
    ...new Set(rows.map((row) => `/storefront/${row.storeUrl}`)),
    ...categoryIds.map((id) => `/categories/${id}`),
  ];
  const pathsFile = path.join(scratch, 'pages.txt');
  fs.writeFileSync(pathsFile, `${paths.join('\n')}\n`);
  // Every page asked once, as fast as they render: stored within a few seconds of each other, as after a start.
  for (let index = 0; index < paths.length; index += 10)
    await Promise.all(
      paths.slice(index, index + 10).map((url) => fetch(`${cached.base}${url}`).then((r) => r.text())),
    );
  console.log(
    `rotating pages over expiries: ${paths.length} pages, PGlite demo marketplace, wrk -t1 -c10, ${windowCount} windows of ${windowSeconds} s`,
  );
  console.log(
    '| window | requests | p99 | hit / stale / rendered in request | pages rendered (request + background) | CPU | CPU per request | load |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  const totals = { requests: 0, cpuMs: 0, misses: 0, rendered: 0 };
  for (let index = 0; index < windowCount; index++) {
    const cpuBefore = process.cpuUsage();
    const storedBefore = pagesStored;
    const window = await wrkWindow(cached.base, pathsFile, windowSeconds);
    const used = process.cpuUsage(cpuBefore);
    const cpuMs = (used.user + used.system) / 1000;
    totals.requests += window.requests;
    totals.cpuMs += cpuMs;
    totals.misses += window.misses;
    totals.rendered += pagesStored - storedBefore;
    console.log(
      `| ${index * windowSeconds}–${(index + 1) * windowSeconds} s | ${window.requests} | ${window.p99} | ${window.hits} / ${window.stale} / ${window.misses} | ${pagesStored - storedBefore} | ${(cpuMs / 1000).toFixed(1)} s | ${(cpuMs / Math.max(1, window.requests)).toFixed(2)} ms | ${os.loadavg()[0]!.toFixed(1)} |`,
    );
  }
  console.log(
    `all windows: ${totals.requests} requests, ${totals.misses} rendered in a request, ${totals.rendered} pages rendered in all, ${(totals.cpuMs / 1000).toFixed(1)} s CPU, ${(totals.cpuMs / Math.max(1, totals.requests)).toFixed(2)} ms CPU per request`,
  );
}

if (rotatingExpiry) await rotatingOverExpiries();
else {
  console.log(`storefront HTML, PGlite demo marketplace, ${seconds} s per case, 10 connections`);
  for (const [name, url] of Object.entries(pages)) {
    await run(`${name}, cached`, `${cached.base}${url}`);
    await run(`${name}, rendered each time`, `${uncached.base}${url}`);
  }
}

await cached.app.close();
await uncached.app.close();
await database.close();
fs.rmSync(scratch, { recursive: true, force: true });
