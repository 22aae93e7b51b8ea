// Prints requests per second and p50/p99 latency of server-rendered storefront HTML (ADR 029) on one server
// process: the store's home and a product page inside it, from the page cache (what a shared link costs once a
// page is warm) and rendered every time (no catalog or page cache: the server renders and answers its API calls).
// Run: npm run storefront-html -w @market/bench   (a fresh PGlite database with the demo marketplace, in a temp dir)
// Needs the web build with its server renderer (`npm run build`). BENCH_SECONDS (default 10) per case.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { createDiskStore } from '../apps/server/src/platform/storage/blob-stores.js';
import { createMedia } from '../apps/server/src/platform/storage/media.js';
import { seedDemoMarketplace } from '../apps/server/src/seed/demo-marketplace.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-'));
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', PORT: '0', DATA_DIR: scratch });
const database = await openDatabase({ driver: 'pglite', dir: path.join(scratch, 'db') });
await database.migrate();
const media = createMedia(createDiskStore(config.uploadsDir));
await seedDemoMarketplace(database.db, media);

async function listen(cached: boolean) {
  const { app } = await buildApp({
    config,
    database,
    media,
    logger: false,
    ...(cached ? {} : { responseCache: false }),
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

console.log(`storefront HTML, PGlite demo marketplace, ${seconds} s per case, 10 connections`);
for (const [name, url] of Object.entries(pages)) {
  await run(`${name}, cached`, `${cached.base}${url}`);
  await run(`${name}, rendered each time`, `${uncached.base}${url}`);
}

await cached.app.close();
await uncached.app.close();
await database.close();
fs.rmSync(scratch, { recursive: true, force: true });
