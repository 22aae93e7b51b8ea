// Prints requests per second and p50/p99 latency of the customer catalog at 100,000 products on one server
// process: the listing, full-text search, a category filter, a price sort and a product page.
// Run: npm run catalog -w @market/bench                      (a fresh PGlite database in a temp dir)
//      DATABASE_URL=postgres://… npm run catalog -w @market/bench   (filled first when it holds too few products)
// BENCH_PRODUCTS (default 100000) and BENCH_SECONDS (default 10) change the size and the time per case.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { count, eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { categories, products } from '../apps/server/src/modules/catalog/catalog.schema.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { seedBulk } from '../apps/server/src/scripts/seed-bulk.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const target = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', PORT: '0' });
const scratch =
  config.database.driver === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-bench-')) : undefined;
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
  await seedBulk(database.db, { products: missing, log: console.log });
}
// Steady state: what autovacuum leaves on PostgreSQL (PGlite has none, so the benchmark runs it for both).
await database.db.execute(sql`vacuum analyze products`);

const { app } = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;

const [category] = await database.db
  .select({ id: categories.id })
  .from(categories)
  .where(eq(categories.level, 1))
  .limit(1);
const [product] = await database.db
  .select({ id: products.id })
  .from(products)
  .where(sql`${products.isVisible}`)
  .orderBy(sql`${products.createdAt} desc`)
  .offset(500)
  .limit(1);

async function run(title: string, url: string) {
  const result = await autocannon({ url: `${base}${url}`, duration: seconds, connections: 20 });
  console.log(
    `${title.padEnd(44)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   errors ${result.errors + result.non2xx}`,
  );
}

const [total] = await database.db.select({ value: count() }).from(products);
console.log(`database: ${database.driver}, ${total?.value} products, ${seconds} s per case, 20 connections`);
await run('listing, newest (limit 20)', '/products/customer/getallproducts');
await run('listing, deep page (offset 5000)', '/products/customer/getallproducts?offset=5000');
await run('search "ankara dress"', '/products/customer/getallproducts?search=ankara%20dress');
await run('category filter, newest', `/products/customer/getallproducts?categoryId=${category!.id}`);
await run(
  'price sort with a range',
  '/products/customer/getallproducts?sortBy=price_asc&minPrice=1000&maxPrice=50000',
);
await run('product detail', `/products/customer/product/${product!.id}`);

await app.close();
await database.close();
if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
