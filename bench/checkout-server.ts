// The server half of the checkout bench (checkout.bench.ts starts it as a child process, so that the server's CPU is
// measured apart from the bench's HTTP client). It migrates and seeds the database, listens on a free port and
// answers the bench over the IPC channel:
//   → { type: 'ready', port }        once it listens
//   ← prepare { customers }          → { emails, products }: customer accounts and two products of two stores with
//                                      plenty of stock, so that the run measures checkout, not sold-out answers
//   ← start                          → { backends }: the measured part begins (statements counted, profile
//                                      recorded); the pool is opened to its full size first
//   ← stop                           → { statements, commits, provider, bus, fanOut, queries?, backends }: the
//                                      checkout's own statements and commits apart from its notifications'
//                                      fan-out's, which is waited for (every event of the measured part told)
//                                      before answering; the payment sandbox's statements (`provider`) and the
//                                      change bus's `pg_notify` (`bus`) counted apart from both
//   ← stock                          → { quantities } of the two products
//   ← close                          closes the app and the pool, then exits
// `backends` are the PostgreSQL backend pids of the bench's database, whose CPU the bench reads from /proc.
import { AsyncLocalStorage } from 'node:async_hooks';
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
import { createRateLimits, defaultLimits } from '../apps/server/src/platform/security/rate-limits.js';
import { seedDemoCatalog } from '../apps/server/src/seed/demo-catalog.js';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo-seed.js';

type Message = { id: number; type: 'prepare' | 'start' | 'stop' | 'stock' | 'close'; customers?: number };

const send = (message: Record<string, unknown>) => process.send?.(message);
if (!process.send)
  throw new Error('checkout-server.ts is started by checkout.bench.ts (it needs the IPC channel)');

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'checkout-bench-server-'));
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

// Rate limits would refuse a bench's hundreds of sign-ins and checkouts from one address.
const unlimited = Object.fromEntries(
  Object.entries(defaultLimits).map(([policy, set]) => [
    policy,
    Object.fromEntries(Object.entries(set).map(([key, limit]) => [key, { ...limit, points: 1e9 }])),
  ]),
) as typeof defaultLimits;
const { app, deps, jobs } = await buildApp({
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

// Statements sent to PostgreSQL in the measured part: every pool client is a pg.Client. What the notifications'
// fan-out sends (it runs soon after each checkout's events, in this process: composition/jobs.ts) is counted apart,
// by the async context it runs in, so that the checkout's own figure and its fan-out's stand side by side.
const fanOutContext = new AsyncLocalStorage<true>();
const counts = {
  statements: 0,
  commits: 0,
  fanOutStatements: 0,
  fanOutCommits: 0,
  // The payment sandbox's own rows: Paystack's HTTP calls in production, not statements of ours.
  provider: 0,
  // The change bus's `pg_notify` (other processes' caches): Redis's in a deployment with REDIS_URL. Its sends
  // gather the changes of the checkouts and fan-outs of the moment, so they are not told apart by context.
  bus: 0,
};
/** The payment sandbox's statements: it stands in for Paystack, which is HTTP in production. */
const isProviders = (text: string) => text.includes('"sandbox_charges"');
const isBus = (text: string) => /^\s*select (count\()?pg_notify\(/i.test(text);
let counting = false;
// BENCH_QUERIES=1 lists the statements sent most often.
const queryTexts = process.env.BENCH_QUERIES ? new Map<string, number>() : undefined;
const sendQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  if (counting) {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first?.text ?? '?');
    const commit = /^\s*commit\b/i.test(text);
    if (isProviders(text)) counts.provider += 1;
    else if (isBus(text)) counts.bus += 1;
    else if (fanOutContext.getStore()) {
      counts.fanOutStatements += 1;
      if (commit) counts.fanOutCommits += 1;
    } else {
      counts.statements += 1;
      if (commit) counts.commits += 1;
    }
    if (queryTexts) {
      const named = typeof first === 'object' && (first as { name?: string })?.name ? 'named ' : '      ';
      const key =
        (fanOutContext.getStore() ? 'fan-out ' : '') + named + text.replace(/\s+/g, ' ').slice(0, 104);
      queryTexts.set(key, (queryTexts.get(key) ?? 0) + 1);
    }
  }
  // biome-ignore lint/suspicious/noExplicitAny: forwards whatever overload the caller used
  return (sendQuery as any).apply(this, args);
} as typeof sendQuery;
// The server calls its jobs through this object (fanOutSoonAfterEvents): the fan-out and the texts it queues run in
// the fan-out's context.
const fanOut = jobs.fanOutNotifications;
jobs.fanOutNotifications = () => fanOutContext.run(true, fanOut);
const flushSms = deps.sms.flush.bind(deps.sms);
deps.sms.flush = () => fanOutContext.run(true, flushSms);
let measuredSince = new Date();

/** Events recorded since the measured part began, and how many of them are still waiting to be told. */
async function eventsSince(since: Date): Promise<{ events: number; waiting: number }> {
  const { rows } = (await database.db.execute(
    sql`select count(*)::int as events, (count(*) filter (where fanned_out_at is null and attempts < 5))::int as waiting
      from notification_events where created_at >= ${since}`,
  )) as unknown as { rows: { events: number; waiting: number }[] };
  return rows[0]!;
}

// BENCH_PROFILE=file.cpuprofile records a CPU profile of the server in the measured part (open it in DevTools).
const profiler = process.env.BENCH_PROFILE ? new inspector.Session() : undefined;
const post = (method: string) =>
  new Promise<unknown>((done, fail) =>
    profiler!.post(method, (error, result) => (error ? fail(error) : done(result))),
  );

const STOCK = 1_000_000;
let chosen: { id: string; storeId: string }[] = [];

async function prepare(customers: number) {
  const candidates = await database.db
    .select({ id: products.id, storeId: products.storeId })
    .from(products)
    .where(and(eq(products.isVisible, true), eq(products.variants, []), gt(products.quantity, 0)))
    .orderBy(desc(products.createdAt))
    .limit(200);
  const first = candidates[0]!;
  const second = candidates.find((candidate) => candidate.storeId !== first.storeId)!;
  chosen = [first, second];
  await database.db
    .update(products)
    .set({ quantity: STOCK })
    .where(inArray(products.id, [first.id, second.id]));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const runId = Date.now().toString(36);
  const emails = Array.from({ length: customers }, (_, index) => `bench.${runId}.${index}@example.ng`);
  for (let index = 0; index < emails.length; index += 500) {
    await database.db.insert(users).values(
      emails.slice(index, index + 500).map((email, offset) => ({
        kind: 'customer' as const,
        firstName: 'Bench',
        lastName: `Customer ${index + offset}`,
        email,
        phoneNumber: '+2348031234567',
        passwordHash,
        emailConfirmedAt: new Date(),
      })),
    );
  }
  return { emails, products: chosen.map((product) => product.id), password: DEMO_PASSWORD };
}

/** This database's backends, whose CPU the bench reads from /proc (PostgreSQL only). */
async function backends(): Promise<number[]> {
  if (database.driver !== 'postgres') return [];
  const { rows } = (await database.db.execute(
    sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  )) as unknown as { rows: { pid: number }[] };
  return rows.map((row) => row.pid);
}

/**
 * Named statements planned generic and custom, summed over the pool's connections (BENCH_QUERIES): a statement
 * still planned per execution costs PostgreSQL a plan every time.
 */
async function plans(): Promise<[string, number, number][]> {
  if (database.driver !== 'postgres') return [];
  const seen = new Map<number, { name: string; generic_plans: number; custom_plans: number }[]>();
  // As many at once as the pool has connections, so that each answers for its own session.
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      const { rows } = (await database.db.execute(
        sql`select pg_backend_pid() as pid, name, generic_plans, custom_plans, pg_sleep(0.05) from pg_prepared_statements`,
      )) as unknown as { rows: { pid: number; name: string; generic_plans: number; custom_plans: number }[] };
      if (rows[0]) seen.set(rows[0].pid, rows);
    }),
  );
  const sums = new Map<string, [number, number]>();
  for (const rows of seen.values())
    for (const row of rows) {
      const sum = sums.get(row.name) ?? [0, 0];
      sums.set(row.name, [sum[0] + Number(row.generic_plans), sum[1] + Number(row.custom_plans)]);
    }
  return [...sums].map(([name, [generic, custom]]) => [name, generic, custom]);
}

async function answer(message: Message): Promise<Record<string, unknown>> {
  switch (message.type) {
    case 'prepare':
      return prepare(message.customers ?? 0);
    case 'start': {
      // Every connection of the pool opened before measuring: a steady state, not the cost of connecting.
      if (database.driver === 'postgres')
        await Promise.all(Array.from({ length: 20 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
      const pids = await backends();
      for (const key of Object.keys(counts) as (keyof typeof counts)[]) counts[key] = 0;
      queryTexts?.clear();
      measuredSince = new Date();
      counting = true;
      if (profiler) {
        profiler.connect();
        await post('Profiler.enable');
        await post('Profiler.start');
      }
      return { backends: pids };
    }
    case 'stop': {
      // Every event of the measured checkouts told before the counts are read (the fan-out runs 250 ms after an
      // emit; whatever it left is told here, in its context, as the timed job would).
      for (let rounds = 0; (await eventsSince(measuredSince)).waiting > 0 && rounds < 100; rounds++)
        await jobs.fanOutNotifications();
      counting = false;
      const events = (await eventsSince(measuredSince)).events;
      if (profiler) {
        const { profile } = (await post('Profiler.stop')) as { profile: unknown };
        fs.writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
        profiler.disconnect();
      }
      return {
        statements: counts.statements,
        commits: counts.commits,
        provider: counts.provider,
        bus: counts.bus,
        fanOut: { events, statements: counts.fanOutStatements, commits: counts.fanOutCommits },
        queries: queryTexts ? [...queryTexts] : undefined,
        plans: queryTexts ? await plans() : undefined,
        backends: await backends(),
      };
    }
    case 'stock': {
      const rows = await database.db
        .select({ id: products.id, quantity: products.quantity })
        .from(products)
        .where(
          inArray(
            products.id,
            chosen.map((product) => product.id),
          ),
        );
      return { taken: chosen.map((product) => STOCK - rows.find((row) => row.id === product.id)!.quantity) };
    }
    case 'close':
      await app.close();
      await database.close();
      fs.rmSync(scratch, { recursive: true, force: true });
      setImmediate(() => process.exit(0));
      return {};
  }
}

process.on('message', (message: Message) => {
  answer(message).then(
    (result) => send({ id: message.id, ...result }),
    (error: unknown) => send({ id: message.id, error: String((error as Error)?.stack ?? error) }),
  );
});

send({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
