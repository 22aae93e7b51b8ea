// Prints what the notifications' fan-out costs per event (ADR 082): statements, commits and CPU (this server process
// and PostgreSQL's backends, apart), telling BENCH_EVENTS (default 300) `order.paid` events as a paid checkout of three
// stores emits them: one per store, each to the store's owner and two sales staff (every channel on, phones set).
// Run on an empty PostgreSQL database (it adds its stores and accounts once):
//   createdb -h 127.0.0.1 -U postgres bench_fanout
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_fanout npx tsx bench/fan-out.bench.ts
// The events are written straight into the table (not through `emit`, whose listener would start the fan-out at
// once); the fan-out job then tells them, as the server's timer does. Commits: each explicit COMMIT and each
// statement sent outside a transaction (PostgreSQL commits it alone).
import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { users } from '../apps/server/src/modules/auth/auth.schema.js';
import { createStoreForMerchant } from '../apps/server/src/modules/stores/index.js';
import { storeMembers } from '../apps/server/src/modules/stores/stores.schema.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { notificationEvents } from '../apps/server/src/platform/notify/events.schema.js';

const eventsWanted = Number(process.env.BENCH_EVENTS ?? 300);
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', PORT: '0' });
if (config.database.driver !== 'postgres') throw new Error('Set DATABASE_URL to a PostgreSQL database');
const database = await openDatabase({ driver: 'postgres', url: config.database.url, max: 4 });
await database.migrate();
const { db } = database;
const rows = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;

// Three stores, each with its owner and two sales staff, made once.
const storeIds: string[] = [];
for (let index = 0; index < 3; index++) {
  const name = `Bench Fan-out ${index}`;
  const [found] = rows<{ id: string }>(
    await db.execute(sql`select id from stores where store_name = ${name}`),
  );
  if (found) {
    storeIds.push(found.id);
    continue;
  }
  const person = async (who: string) => {
    const [row] = await db
      .insert(users)
      .values({
        kind: 'merchant',
        role: 'owner',
        firstName: 'Bench',
        lastName: who,
        email: `bench.fanout.${index}.${who}@seed.market.ng`,
        phoneNumber: `+23480300${String(index * 10 + who.length).padStart(5, '0')}`,
        emailConfirmedAt: new Date(),
      })
      .returning({ id: users.id });
    return row!.id;
  };
  const owner = await person('owner');
  const store = await createStoreForMerchant(db, owner, name);
  const storeId = (store as { id: string }).id;
  for (const who of ['sales-a', 'sales-bb']) {
    await db.insert(storeMembers).values({ storeId, userId: await person(who), role: 'sales' });
  }
  storeIds.push(storeId);
}

const { app, jobs } = await buildApp({ config, database, logger: false });
// Nothing else runs: the events below are told by this call only.
await jobs.fanOutNotifications();

let statements = 0;
let commits = 0;
let counting = false;
const inTransaction = new WeakSet<pg.Client>();
const sendQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  if (counting) {
    const first = args[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first?.text ?? '')).trim().toLowerCase();
    statements += 1;
    if (text.startsWith('begin')) inTransaction.add(this);
    else if (text.startsWith('commit') || text.startsWith('rollback')) {
      if (text.startsWith('commit')) commits += 1;
      inTransaction.delete(this);
    } else if (!inTransaction.has(this)) commits += 1;
  }
  // biome-ignore lint/suspicious/noExplicitAny: forwards whatever overload the caller used
  return (sendQuery as any).apply(this, args);
} as typeof sendQuery;

/** CPU seconds (user + system) of each of this database's client backends, from /proc. */
async function postgresCpu(): Promise<Map<number, number>> {
  const pids = rows<{ pid: number }>(
    await db.execute(sql`select pid from pg_stat_activity
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

const run = Date.now();
await db.insert(notificationEvents).values(
  Array.from({ length: eventsWanted }, (_, index) => ({
    kind: 'order.paid',
    key: `bench.fanout:${run}:${index}`,
    audience: [{ store: storeIds[index % 3]!, permission: 'orders:write' as const }],
    params: {
      orderId: crypto.randomUUID(),
      orderName: `NM-FAN${index}`,
      storeName: `Bench Fan-out ${index % 3}`,
      totalKobo: 1_250_000,
    },
  })),
);

const postgresBefore = await postgresCpu();
const serverBefore = process.cpuUsage();
const started = performance.now();
counting = true;
let told = 0;
for (;;) {
  const done = await jobs.fanOutNotifications();
  told += done;
  if (done === 0) break;
}
counting = false;
const elapsed = performance.now() - started;
const server = process.cpuUsage(serverBefore);
const postgresAfter = await postgresCpu();
let postgres = 0;
for (const [pid, seconds] of postgresAfter) postgres += seconds - (postgresBefore.get(pid) ?? 0);
const [written] = rows<{ notifications: number; mails: number; texts: number }>(
  await db.execute(sql`select
    (select count(*)::int from notifications n join notification_events e on e.id = n.event_id
      where e.key like ${`bench.fanout:${run}:%`}) as notifications,
    (select count(*)::int from outbox_mails where created_at >= ${new Date(run).toISOString()}::timestamptz) as mails,
    (select count(*)::int from outbox_sms where created_at >= ${new Date(run).toISOString()}::timestamptz) as texts`),
);
const per = (value: number) => (value / Math.max(told, 1)).toFixed(2);
console.log(
  `load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores; ${told} events told in ${(elapsed / 1000).toFixed(1)} s ` +
    `(${(told / (elapsed / 1000)).toFixed(0)} events/s): ${written!.notifications} notifications, ` +
    `${written!.mails} mails, ${written!.texts} texts`,
);
console.log(
  `per event: ${per(statements)} statements, ${per(commits)} commits; CPU ms: server ` +
    `${per((server.user + server.system) / 1000)}, PostgreSQL ${per(postgres * 1000)}`,
);
await app.close();
await database.close();
