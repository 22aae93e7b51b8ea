// The catalog API against the wire: the customer listing and a product page, each interleaved with a bare node:http
// server that sends the very same bytes (same headers' size class, same connection count), and the ratio printed.
// Run: npm run catalog-vs-bare -w @market/bench            (a fresh PGlite database in a temp dir)
//      DATABASE_URL=postgres://… npm run catalog-vs-bare -w @market/bench   (filled first when it holds too few)
// BENCH_PRODUCTS (default 20000), BENCH_SECONDS (default 5 per run), BENCH_ROUNDS (default 3),
// BENCH_CONNECTIONS (default 50); BENCH_CACHE=off measures without the response cache (every request computed).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { count, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { products } from '../apps/server/src/modules/catalog/catalog.schema.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { seedBulk } from '../apps/server/src/scripts/seed-bulk.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const target = Number(process.env.BENCH_PRODUCTS ?? 20_000);
const cacheOn = process.env.BENCH_CACHE !== 'off';
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', PORT: '0' });
const scratch =
  config.database.driver === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-bare-')) : undefined;
const database = await openDatabase(
  config.database.driver === 'postgres'
    ? { driver: 'postgres', url: config.database.url, max: 20 }
    : { driver: 'pglite', dir: scratch },
);
await database.migrate();
const [existing] = await database.db.select({ value: count() }).from(products);
if ((existing?.value ?? 0) < target) {
  const missing = target - (existing?.value ?? 0);
  console.log(`filling ${database.driver} with ${missing} products...`);
  await seedBulk(database.db, { products: missing, log: () => {} });
}
await database.db.execute(sql`vacuum analyze products`);

const { app } = await buildApp({
  config,
  database,
  logger: false,
  ...(cacheOn ? {} : { responseCache: false as const }),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const appPort = (app.server.address() as { port: number }).port;

const [product] = await database.db
  .select({ id: products.id })
  .from(products)
  .where(sql`${products.isVisible}`)
  .orderBy(sql`${products.createdAt} desc`)
  .offset(500)
  .limit(1);
const cases = [
  { title: 'listing, newest (limit 20)', path: '/api/products/customer/getallproducts' },
  { title: 'product detail', path: `/api/products/customer/product/${product!.id}` },
];

// The bare server answers each path with the bytes the app sent for it (no compression on either side).
const bodies = new Map<string, Buffer>();
for (const entry of cases) {
  const response = await fetch(`http://127.0.0.1:${appPort}${entry.path}`, {
    headers: { 'accept-encoding': 'identity' },
  });
  if (response.status !== 200) throw new Error(`${entry.path}: ${response.status}`);
  bodies.set(entry.path, Buffer.from(await response.arrayBuffer()));
}
const bare = http.createServer((request, response) => {
  const body = bodies.get(request.url ?? '') ?? Buffer.from('{}');
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const barePort = (bare.address() as { port: number }).port;

async function measure(port: number, urlPath: string) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${urlPath}`,
    duration: seconds,
    connections,
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const [total] = await database.db.select({ value: count() }).from(products);
console.log(
  `database: ${database.driver}, ${total?.value} products, cache ${cacheOn ? 'on' : 'off'}, ${connections} connections, ${rounds} rounds of ${seconds} s, app and bare interleaved`,
);
for (const entry of cases) {
  const appRuns: Awaited<ReturnType<typeof measure>>[] = [];
  const bareRuns: Awaited<ReturnType<typeof measure>>[] = [];
  for (let round = 0; round < rounds; round += 1) {
    appRuns.push(await measure(appPort, entry.path));
    bareRuns.push(await measure(barePort, entry.path));
  }
  const mean = (runs: typeof appRuns) => runs.reduce((sum, run) => sum + run.rps, 0) / runs.length;
  const worstP99 = (runs: typeof appRuns) => Math.max(...runs.map((run) => run.p99));
  const appRps = mean(appRuns);
  const bareRps = mean(bareRuns);
  console.log(
    `${entry.title.padEnd(28)} app ${appRps.toFixed(0).padStart(6)} req/s p99 ${String(worstP99(appRuns)).padStart(4)} ms   bare ${bareRps.toFixed(0).padStart(6)} req/s p99 ${String(worstP99(bareRuns)).padStart(4)} ms   ratio ${((appRps / bareRps) * 100).toFixed(1)}%   errors ${appRuns.reduce((sum, run) => sum + run.errors, 0)}   (${bodies.get(entry.path)!.length} bytes)`,
  );
}

bare.close();
await app.close();
await database.close();
if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
