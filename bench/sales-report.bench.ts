// Prints p50/p99 latency of a merchant's sales report when the store holds 100,000 orders (a year of them), on one
// server process: the whole year by day, by month, the last 30 days, and the year's products as CSV.
// Run: DATABASE_URL=postgres://… npm run sales-report -w @market/bench     (what the figures in ADR 025 come from)
//      npm run sales-report -w @market/bench                               (a fresh PGlite database in a temp dir)
// The bench store (bench.reports@seed.market.ng) is filled with orders when it holds fewer than BENCH_ORDERS
// (default 100000); BENCH_SECONDS (default 10) is the time per case, with BENCH_CONNECTIONS (default 4) at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { and, count, eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { users } from '../apps/server/src/modules/auth/auth.schema.js';
import { orders } from '../apps/server/src/modules/orders/orders.schema.js';
import { createStoreForMerchant } from '../apps/server/src/modules/stores/index.js';
import { hashPassword } from '../apps/server/src/platform/auth/passwords.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { seedBulkOrders } from '../apps/server/src/scripts/seed-bulk.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const target = Number(process.env.BENCH_ORDERS ?? 100_000);
const EMAIL = 'bench.reports@seed.market.ng';
const PASSWORD = 'Bench1234!';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', PORT: '0' });
const scratch =
  config.database.driver === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'report-bench-')) : undefined;
const database = await openDatabase(
  config.database.driver === 'postgres'
    ? { driver: 'postgres', url: config.database.url, max: 20 }
    : { driver: 'pglite', dir: scratch },
);
await database.migrate();
const { db } = database;

// The bench merchant and their store, made once.
let [merchant] = await db
  .select({ id: users.id })
  .from(users)
  .where(and(eq(users.kind, 'merchant'), eq(users.email, EMAIL)));
if (!merchant) {
  [merchant] = await db
    .insert(users)
    .values({
      kind: 'merchant',
      role: 'owner',
      firstName: 'Bench',
      lastName: 'Merchant',
      email: EMAIL,
      passwordHash: await hashPassword(PASSWORD),
      emailConfirmedAt: new Date(),
    })
    .returning({ id: users.id });
  await createStoreForMerchant(db, merchant!.id, `Bench Reports Store ${Date.now()}`);
}
const [store] = await db
  .execute<{ id: string; store_name: string }>(
    sql`select id, store_name from stores where merchant_id = ${merchant!.id} order by created_at limit 1`,
  )
  .then((result) =>
    Array.isArray(result) ? result : (result as { rows: { id: string; store_name: string }[] }).rows,
  );

const [existing] = await db.select({ value: count() }).from(orders).where(eq(orders.storeId, store!.id));
if ((existing?.value ?? 0) < target) {
  const missing = target - (existing?.value ?? 0);
  console.log(`filling ${database.driver} with ${missing} orders of the bench store...`);
  await seedBulkOrders(db, {
    orders: missing,
    store: { id: store!.id, storeName: store!.store_name, merchantId: merchant!.id },
    log: console.log,
  });
}
// Steady state: what autovacuum leaves on PostgreSQL (PGlite has none, so the benchmark runs it for both).
await db.execute(sql`vacuum analyze orders`);
await db.execute(sql`vacuum analyze order_items`);
await db.execute(sql`vacuum analyze order_trackers`);

const { app } = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
const signedIn = await fetch(`${base}/auth/merchant/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
});
const token = ((await signedIn.json()) as { data: { accessToken: string } }).data.accessToken;

const day = (offset: number) =>
  new Date(Date.now() + 3_600_000 - offset * 86_400_000).toISOString().slice(0, 10);
const year = `from=${day(365)}&to=${day(0)}`;

async function run(title: string, url: string) {
  const result = await autocannon({
    url: `${base}${url}`,
    duration: seconds,
    connections,
    // A loaded machine can take seconds per report: wait for it rather than count it as an error.
    timeout: 120,
    headers: { authorization: `Bearer ${token}` },
  });
  console.log(
    `${title.padEnd(44)} ${result.requests.average.toFixed(1).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(5)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   errors ${result.errors + result.non2xx}`,
  );
}

// The machine's load and a plain scan of the orders table, so the figures below can be read against them.
const scanStarted = performance.now();
await db.execute(sql`select count(*), sum(subtotal_kobo) from orders`);
console.log(
  `load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(
      ' ',
    )} on ${os.cpus().length} cores; a plain count(*) over orders took ${(performance.now() - scanStarted).toFixed(0)} ms`,
);
const [inStore] = await db.select({ value: count() }).from(orders).where(eq(orders.storeId, store!.id));
const [all] = await db.select({ value: count() }).from(orders);
console.log(
  `database: ${database.driver}, ${inStore?.value} orders in the bench store (${all?.value} in all), ${seconds} s per case, ${connections} connections`,
);
await run('sales report, 366 days by day', `/merchant/reports/sales?${year}`);
await run('sales report, 366 days by month', `/merchant/reports/sales?${year}&granularity=month`);
await run('sales report, last 30 days by day', `/merchant/reports/sales?from=${day(29)}&to=${day(0)}`);
await run('products CSV, 366 days', `/merchant/reports/sales.csv?${year}&view=products`);

await app.close();
await database.close();
if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
