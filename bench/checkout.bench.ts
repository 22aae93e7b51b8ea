// Carts to paid orders per second on one server process: each customer checks out a cart from two stores,
// pays on the sandbox page and returns; the server verifies and marks the orders paid.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/checkout_bench npm run checkout -w @market/bench
//      (without DATABASE_URL: a fresh PGlite database in a temp dir)
// BENCH_CUSTOMERS (default 200) and BENCH_CONCURRENCY (default 10) change the load.
import fs from 'node:fs';
import inspector from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { users } from '../apps/server/src/modules/auth/auth.schema.js';
import { products } from '../apps/server/src/modules/catalog/catalog.schema.js';
import { seedShippingDefaults } from '../apps/server/src/modules/shipping/shipping.seed.js';
import { hashPassword } from '../apps/server/src/platform/auth/passwords.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { SANDBOX_CARDS } from '../apps/server/src/platform/payments/sandbox.js';
import { createRateLimits, defaultLimits } from '../apps/server/src/platform/security/rate-limits.js';
import { seedDemoCatalog } from '../apps/server/src/seed/demo-catalog.js';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo-seed.js';

const customers = Number(process.env.BENCH_CUSTOMERS ?? 200);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'checkout-bench-'));
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: process.env.BENCH_LOG ?? 'silent',
  PORT: '0',
  DATA_DIR: scratch,
});
const database = await openDatabase(
  config.database.driver === 'postgres'
    ? { driver: 'postgres', url: config.database.url, max: 20 }
    : { driver: 'pglite', dir: path.join(scratch, 'db') },
);
await database.migrate();

const unlimited = Object.fromEntries(
  Object.entries(defaultLimits).map(([policy, set]) => [
    policy,
    Object.fromEntries(Object.entries(set).map(([key, limit]) => [key, { ...limit, points: 1e9 }])),
  ]),
) as typeof defaultLimits;
const { app, deps } = await buildApp({
  config,
  database,
  logger: Boolean(process.env.BENCH_LOG),
  rateLimits: createRateLimits({ limits: unlimited }),
});
await seedDemo(database.db);
await seedShippingDefaults(database.db);
await seedDemoCatalog(database.db, deps.media);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

// Two products from two stores, each with plenty of stock so the run measures checkout, not sold-out answers.
const candidates = await database.db
  .select({ id: products.id, storeId: products.storeId })
  .from(products)
  .where(and(eq(products.isVisible, true), eq(products.variants, []), gt(products.quantity, 0)))
  .orderBy(desc(products.createdAt))
  .limit(200);
const first = candidates[0]!;
const second = candidates.find((candidate) => candidate.storeId !== first.storeId)!;
await database.db
  .update(products)
  .set({ quantity: 1_000_000 })
  .where(inArray(products.id, [first.id, second.id]));

async function api(method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: never; message: string };
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${json.message}`);
  return json.data as Record<string, never>;
}

console.log(`preparing ${customers} customers with a two-store cart on ${database.driver}...`);
const passwordHash = await hashPassword(DEMO_PASSWORD);
const runId = Date.now().toString(36);
const shoppers: { token: string; addressId: string }[] = [];
for (let index = 0; index < customers; index++) {
  const email = `bench.${runId}.${index}@example.ng`;
  await database.db.insert(users).values({
    kind: 'customer',
    firstName: 'Bench',
    lastName: `Customer ${index}`,
    email,
    phoneNumber: '+2348031234567',
    passwordHash,
    emailConfirmedAt: new Date(),
  });
  const session = (await api('POST', '/api/auth/customer/login', undefined, {
    email,
    password: DEMO_PASSWORD,
  })) as unknown as {
    accessToken: string;
  };
  const added = (await api('POST', '/api/customershippingaddress/add', session.accessToken, {
    fullName: 'Bench Customer',
    phoneNumber: '08031234567',
    emailAddress: email,
    stateOrRegion: 'Lagos',
    lga: 'Ikeja',
    address: '12 Allen Avenue',
  })) as unknown as { id: string };
  await api('POST', '/api/cart/add-cart', session.accessToken, { productId: first.id, quantity: 1 });
  await api('POST', '/api/cart/add-cart', session.accessToken, { productId: second.id, quantity: 2 });
  shoppers.push({ token: session.accessToken, addressId: added.id });
}

async function buy(shopper: { token: string; addressId: string }): Promise<boolean> {
  const created = (await api('POST', '/api/ordertracking/create-order', shopper.token, {
    addressId: shopper.addressId,
  })) as unknown as { tracker: { reference: string }; payment: { authorizationUrl: string } };
  const page = new URL(created.payment.authorizationUrl).pathname;
  await fetch(`${base}${page}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: SANDBOX_CARDS.success, expiry: '12/30', cvv: '123' }).toString(),
  });
  const recorded = (await api('POST', '/api/transactions/customer/transaction', shopper.token, {
    reference: created.tracker.reference,
  })) as unknown as { tracker: { status: string } };
  return recorded.tracker.status === 'paid';
}

// Statements sent to PostgreSQL (every pool client is a pg.Client) and this process's CPU, per paid checkout.
const backendsBefore = await backendTicks();
let statements = 0;
// BENCH_QUERIES=1 prints the statements sent most often.
const queryTexts = process.env.BENCH_QUERIES ? new Map<string, number>() : undefined;
const sendQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  if (queryTexts) {
    const first = args[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first?.text ?? '?'))
      .replace(/\s+/g, ' ')
      .slice(0, 110);
    queryTexts.set(text, (queryTexts.get(text) ?? 0) + 1);
  }
  // biome-ignore lint/suspicious/noExplicitAny: forwards whatever overload the caller used
  return (sendQuery as any).apply(this, args);
} as typeof sendQuery;
// PostgreSQL's side, when it runs on this machine: the CPU of this database's backends (from /proc), per paid
// checkout. Backends that start during the run count from zero.
async function backendTicks(): Promise<Map<number, number> | undefined> {
  if (database.driver !== 'postgres') return undefined;
  const { rows } = (await database.db.execute(
    sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  )) as unknown as { rows: { pid: number }[] };
  const ticks = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12])); // utime + stime (fields 14 and 15 of stat)
    } catch {
      return undefined; // another machine: not measured
    }
  }
  return ticks;
}
const cpuBefore = process.cpuUsage();
// BENCH_PROFILE=file.cpuprofile records a CPU profile of the measured part only (open it in Chrome's DevTools).
const profiler = process.env.BENCH_PROFILE ? new inspector.Session() : undefined;
if (profiler) {
  profiler.connect();
  await new Promise<void>((done) =>
    profiler.post('Profiler.enable', () => profiler.post('Profiler.start', () => done())),
  );
}

const latencies: number[] = [];
let paid = 0;
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < shoppers.length) {
      const shopper = shoppers[next++]!;
      const begun = performance.now();
      if (await buy(shopper)) paid += 1;
      latencies.push(performance.now() - begun);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
pg.Client.prototype.query = sendQuery;
const backendsAfter = await backendTicks();
if (profiler) {
  const profile = await new Promise<unknown>((done, fail) =>
    profiler.post('Profiler.stop', (error, result) => (error ? fail(error) : done(result.profile))),
  );
  fs.writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
  profiler.disconnect();
}
latencies.sort((a, b) => a - b);
const percentile = (p: number) =>
  Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!);
console.log(
  `checkout on ${database.driver}: ${paid}/${customers} carts paid in ${seconds.toFixed(1)} s = ${(paid / seconds).toFixed(1)} paid checkouts/s ` +
    `(two orders each), ${concurrency} at once; p50 ${percentile(0.5)} ms, p99 ${percentile(0.99)} ms per checkout`,
);
console.log(
  `per paid checkout: ${database.driver === 'postgres' ? (statements / Math.max(paid, 1)).toFixed(1) : 'n/a'} statements, ` +
    `${((cpu.user + cpu.system) / 1000 / Math.max(paid, 1)).toFixed(1)} ms of server+client CPU`,
);
// Every paid cart took one unit of the first product and two of the second, and nothing else took any.
const left = new Map(
  (
    await database.db
      .select({ id: products.id, quantity: products.quantity })
      .from(products)
      .where(inArray(products.id, [first.id, second.id]))
  ).map((row) => [row.id, row.quantity]),
);
const taken = [1_000_000 - left.get(first.id)!, 1_000_000 - left.get(second.id)!];
if (taken[0] !== paid || taken[1] !== paid * 2)
  throw new Error(`stock taken (${taken.join(', ')}) does not match ${paid} paid carts: oversold or lost`);
console.log(`stock: ${taken[0]} + ${taken[1]} units taken for ${paid} paid carts (no oversell)`);
if (backendsBefore && backendsAfter) {
  let ticks = 0;
  for (const [pid, after] of backendsAfter) ticks += after - (backendsBefore.get(pid) ?? 0);
  // Clock ticks are 10 ms on Linux (USER_HZ 100).
  console.log(
    `PostgreSQL backends: ${((ticks * 10) / Math.max(paid, 1)).toFixed(1)} ms of CPU per paid checkout`,
  );
}
if (queryTexts) {
  for (const [text, times] of [...queryTexts].sort((a, b) => b[1] - a[1]).slice(0, 60))
    console.log(`${(times / Math.max(paid, 1)).toFixed(2).padStart(6)}  ${text}`);
}
await app.close();
await database.close();
fs.rmSync(scratch, { recursive: true, force: true });
