// Prints p50/p99 of the admin order search (issue 35) at BENCH_ORDERS paid orders (default 100,000), one query of
// each kind: an order number's start, a phone typed as 0803… and as +234803…, an e-mail's start, two name words, and
// one common first name (a tenth of all orders: the search's worst case, still answered from the name index).
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_search npx tsx bench/order-search.bench.ts
// (create the database first: createdb -h 127.0.0.1 -U postgres bench_search). BENCH_RUNS (default 30) calls per
// query through the statement the endpoint runs (no HTTP: the statement is what is measured).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { readSearch, searchOrderRows } from '../apps/server/src/modules/orders/order-search.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';

const ordersWanted = Number(process.env.BENCH_ORDERS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 30);

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', PORT: '0' });
if (config.database.driver !== 'postgres') throw new Error('Set DATABASE_URL to a PostgreSQL database');
const database = await openDatabase({ driver: 'postgres', url: config.database.url, max: 2 });
await database.migrate();
const { db } = database;
const rows = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;

const [{ have } = { have: 0 }] = rows<{ have: number }>(
  await db.execute(sql`select count(*)::int as have from orders where order_name like 'NM-B%'`),
);
if (have < ordersWanted) {
  const [tracker] = rows<{ id: string }>(
    await db.execute(sql`
      insert into order_trackers (reference, customer_id, status, items_subtotal_kobo, shipping_total_kobo,
        discount_total_kobo, amount_due_kobo, delivery_address, expires_at, paid_at)
      values (${`CHK-BENCH-SEARCH-${randomUUID()}`}, ${randomUUID()}, 'paid', 0, 0, 0, 0, '{}'::jsonb, now(), now())
      returning id`),
  );
  // Written by the database itself: names from two lists of ten, phones spread over four networks.
  await db.execute(sql`
    insert into orders (tracker_id, order_name, customer_id, store_id, merchant_id, store_name, status,
      subtotal_kobo, shipping_fee_kobo, discount_kobo, total_kobo, delivery_address, created_at)
    select ${tracker!.id}, 'NM-B' || lpad(g::text, 8, '0'), gen_random_uuid(), gen_random_uuid(), gen_random_uuid(),
      'Bench Search ' || (g % 100), case when g % 50 = 0 then 'awaiting_payment' else 'pending' end, 0, 0, 0, 0,
      jsonb_build_object(
        'fullName', (array['Ada','Chidi','Ngozi','Tunde','Bola','Emeka','Funke','Ife','Musa','Zainab'])[1 + g % 10]
          || ' ' || (array['Okafor','Adeyemi','Bello','Eze','Nwosu','Balogun','Ibrahim','Okonkwo','Ojo','Danjuma'])[1 + (g / 10) % 10],
        'phoneNumber', '+234' || (array['803','705','816','909'])[1 + g % 4] || lpad(((g * 7919) % 10000000)::text, 7, '0'),
        'emailAddress', 'buyer' || g || '@example.ng', 'state', 'Lagos', 'lga', 'Ikeja', 'address', '1 Allen Avenue'),
      now() - (g || ' minutes')::interval
    from generate_series(${have + 1}::int, ${ordersWanted}::int) g`);
  await db.execute(sql`analyze orders`);
}

// A phone that exists: order 12345's, in the two forms people type.
const national = `${['803', '705', '816', '909'][12345 % 4]}${String((12345 * 7919) % 10_000_000).padStart(7, '0')}`;
const queries = ['NM-B0001234', `0${national}`, `+234${national}`, 'buyer12345@', 'ada adey', 'zainab'];
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
console.log(`order search at ${ordersWanted.toLocaleString('en')} orders, ${runs} runs each`);
for (const q of queries) {
  const read = readSearch(q);
  if (!read) throw new Error(`unreadable query ${q}`);
  const times: number[] = [];
  let found = 0;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    found = (await searchOrderRows(db, read.where, 20)).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${q.padEnd(16)} ${read.kind.padEnd(10)} found ${String(found).padStart(2)}  p50 ${percentile(times, 0.5).toFixed(2)} ms  p99 ${percentile(times, 0.99).toFixed(2)} ms`,
  );
}
await database.close();
