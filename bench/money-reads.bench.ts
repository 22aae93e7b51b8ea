// Prints p50/p99 and CPU per call (this server process and PostgreSQL's backends, apart) of the money reads that
// issue 32 item 1 moves to the ledger's roll-ups (ADR 067): the admin finance report (30 and 366 days) and its CSV,
// top merchants, the merchants list (lifetime figures), the payouts cards, payable merchants, a store's payment
// report and dashboard, and the admin transactions list and its search, through HTTP (Fastify's inject, in process)
// as an admin and a merchant see them.
//
// The data is the finance bench's (bench/finance-report.bench.ts: BENCH_ORDERS paid orders over the last 365 days in
// 100 stores, their ledger lines and pages); run it once first to fill the database:
//   createdb -h 127.0.0.1 -U postgres bench_money
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_money BENCH_ORDERS=100000 BENCH_RUNS=1 \
//     npx tsx bench/finance-report.bench.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_money npx tsx bench/money-reads.bench.ts
// BENCH_RUNS (default 15) calls per case, one at a time; BENCH_CASES picks cases by words of their titles. PostgreSQL's CPU is read from /proc/<pid>/stat of this
// database's client backends; parallel query is turned off for the bench's connections so that no CPU escapes into
// short-lived parallel workers (they would be missed, not counted).
import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { users } from '../apps/server/src/modules/auth/auth.schema.js';
import { hashPassword } from '../apps/server/src/platform/auth/passwords.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { countPostgresStatements } from '../apps/server/test/support/statement-counter.js';

const runs = Number(process.env.BENCH_RUNS ?? 15);
const PASSWORD = 'Bench1234!';
const ADMIN = 'bench.money.admin@seed.market.ng';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', PORT: '0' });
if (config.database.driver !== 'postgres') throw new Error('Set DATABASE_URL to a PostgreSQL database');
const database = await openDatabase({ driver: 'postgres', url: config.database.url, max: 4 });
await database.migrate();
const { db } = database;
const rows = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;

await db.execute(
  sql.raw(`alter database "${new URL(config.database.url!).pathname.slice(1)}"
  set max_parallel_workers_per_gather = 0`),
);
const passwordHash = await hashPassword(PASSWORD);
await db
  .insert(users)
  .values({
    kind: 'admin',
    role: 'superadmin',
    firstName: 'Bench',
    lastName: 'Admin',
    email: ADMIN,
    passwordHash,
    emailConfirmedAt: new Date(),
  })
  .onConflictDoNothing();
// The merchant of the first bench store signs in for its payment report and dashboard.
const [merchant] = rows<{ email: string; store_id: string }>(
  await db.execute(sql`select u.email, s.id as store_id from stores s join users u on u.id = s.merchant_id
    where s.store_name = 'Bench Finance 0'`),
);
if (!merchant) throw new Error('Fill the database first with bench/finance-report.bench.ts');
await db.execute(sql`update users set password_hash = ${passwordHash} where email = ${merchant.email}`);

const { app, deps } = await buildApp({ config, database, logger: false });
const pool = deps.db;
async function signIn(kind: 'admin' | 'merchant', email: string): Promise<string> {
  const answer = await app.inject({
    method: 'POST',
    url: `/api/auth/${kind}/login`,
    payload: { email, password: PASSWORD },
  });
  if (answer.statusCode !== 200) throw new Error(`${kind} sign-in: ${answer.statusCode} ${answer.body}`);
  return (answer.json() as { data: { accessToken: string } }).data.accessToken;
}
const adminToken = await signIn('admin', ADMIN);
const merchantToken = await signIn('merchant', merchant.email);

/** CPU seconds (user + system) of each of this database's client backends, from /proc. */
async function postgresCpu(): Promise<Map<number, number>> {
  const pids = rows<{ pid: number }>(
    await pool.execute(sql`select pid from pg_stat_activity
      where datname = current_database() and backend_type = 'client backend'`),
  );
  const seconds = new Map<number, number>();
  for (const { pid } of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // a backend that ended between the list and the read
    }
  }
  return seconds;
}

/** What the backends spent between two readings: a backend opened in between counts whole. */
function spent(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

const day = (offset: number) =>
  new Date(Date.now() + 3_600_000 - offset * 86_400_000).toISOString().slice(0, 10);
const month = `from=${day(29)}&to=${day(0)}`;
const year = `from=${day(365)}&to=${day(0)}`;

/** BENCH_CASES: only the cases whose title contains one of these words (comma-separated). */
const only = process.env.BENCH_CASES?.split(',').map((word) => word.trim().toLowerCase());

async function measure(title: string, url: string, token: string) {
  if (only && !only.some((word) => title.toLowerCase().includes(word))) return;
  let body = '';
  const call = async () => {
    const answer = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    if (answer.statusCode !== 200)
      throw new Error(`${url}: ${answer.statusCode} ${answer.body.slice(0, 300)}`);
    body = answer.body;
  };
  await call(); // warm the cache and the plan
  // BENCH_ANSWERS=dir keeps each case's answer, to compare two versions' figures to the kobo (diff the folders).
  if (process.env.BENCH_ANSWERS) {
    fs.mkdirSync(process.env.BENCH_ANSWERS, { recursive: true });
    const figures = JSON.parse(body) as { data?: unknown };
    fs.writeFileSync(
      `${process.env.BENCH_ANSWERS}/${title.replace(/[^a-z0-9]+/gi, '-')}.json`,
      `${JSON.stringify(figures.data ?? figures, (key, value) => (key === 'asOf' ? undefined : value), 2)}\n`,
    );
  }
  const times: number[] = [];
  let serverMicros = 0;
  let postgres = 0;
  let sent = 0;
  for (let index = 0; index < runs; index++) {
    // Read around each call (the pool closes idle connections, whose CPU would vanish between distant readings).
    const postgresBefore = await postgresCpu();
    const serverBefore = process.cpuUsage();
    const started = performance.now();
    // Statements sent during the call (every pool client's queries, as the tests count them): a read that asks one
    // look-up per row shows here before it shows in CPU.
    sent += await countPostgresStatements(call);
    times.push(performance.now() - started);
    const server = process.cpuUsage(serverBefore);
    serverMicros += server.user + server.system;
    postgres += spent(postgresBefore, await postgresCpu());
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  const perCall = (seconds: number) => ((seconds * 1000) / runs).toFixed(1).padStart(7);
  console.log(
    `${title.padEnd(34)} p50 ${at(0.5).toFixed(0).padStart(6)} ms  p99 ${at(0.99).toFixed(0).padStart(6)} ms  ` +
      `CPU/call server ${perCall(serverMicros / 1e6)} ms  PostgreSQL ${perCall(postgres)} ms  ` +
      `statements/call ${(sent / runs).toFixed(1)}`,
  );
}

const [counts] = rows<{ orders: number; lines: number; stores: number }>(
  await db.execute(sql`select (select count(*)::int from orders) as orders,
    (select count(*)::int from ledger_entries) as lines, (select count(*)::int from stores) as stores`),
);
console.log(
  `load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(
      ' ',
    )} on ${os.cpus().length} cores; ${counts!.orders} orders, ${counts!.lines} ledger lines, ${counts!.stores} stores; ${runs} calls per case`,
);
await measure('finance report, 30 days', `/api/admin/finance/reports?${month}`, adminToken);
await measure('finance report, 366 days', `/api/admin/finance/reports?${year}`, adminToken);
await measure('finance CSV, 366 days', `/api/admin/finance/reports.csv?${year}&view=merchants`, adminToken);
await measure('top merchants, 366 days', `/api/admin/merchants/top?${year}&limit=10`, adminToken);
await measure('merchants list (lifetime)', '/api/admin/merchants?page=1&limit=20', adminToken);
await measure('payouts cards', '/api/admin/payments/stats', adminToken);
await measure('payable merchants', '/api/admin/payments/merchants?page=1&limit=20', adminToken);
await measure('payment report, 366 days', `/api/merchant/payment-report?${year}`, merchantToken);
await measure('merchant dashboard', '/api/merchant/dashboard', merchantToken);
// The transactions list (ADR 028) as an admin opens it: the first page of every payment, newest first, then one
// status and the last 30 days; each answer carries the list's total (issue 32: it was counted exactly, 573 ms at 1M).
await measure('transactions list, first page', '/api/admin/transactions?page=1&limit=20', adminToken);
await measure(
  'transactions list, successful',
  '/api/admin/transactions?page=1&limit=20&status=success',
  adminToken,
);
await measure('transactions list, 30 days', `/api/admin/transactions?page=1&limit=20&${month}`, adminToken);
// The transactions search (ADR 082): an order name, a reference and an e-mail, each by its own prefix index.
await measure(
  'transactions search, order name',
  '/api/admin/transactions?page=1&limit=20&search=NM-B4242',
  adminToken,
);
await measure(
  'transactions search, reference',
  '/api/admin/transactions?page=1&limit=20&search=CHK-BENCH-4242',
  adminToken,
);
// Every bench payment has the one bench buyer's e-mail: the worst case, each payment matches.
const [payer] = rows<{ email: string }>(
  await db.execute(
    sql`select customer_email as email from payment_transactions order by created_at desc limit 1`,
  ),
);
await measure(
  'transactions search, e-mail (all)',
  `/api/admin/transactions?page=1&limit=20&search=${encodeURIComponent(payer?.email ?? 'nobody@example.com')}`,
  adminToken,
);
await app.close();
await database.close();
