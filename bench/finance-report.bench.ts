// Prints p50/p99 of the admin finance report (every store, one statement: ADR 028) over the last 30 Lagos days and
// over a year, and of the transactions list (first page, and a search), at a stated scale: BENCH_STORES stores
// (default 100) sharing BENCH_ORDERS paid orders (default 200,000) spread evenly over the last 365 days, half of them
// with ledger columns and one in fifty with a refund, their ledger entries (ADR 046), and one payment record per
// checkout.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_finance npx tsx bench/finance-report.bench.ts
// (create the database first: createdb -h 127.0.0.1 -U postgres bench_finance). BENCH_RUNS (default 15) calls per
// case, one at a time, through the finance service (no HTTP: the statement is what is measured).
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { users } from '../apps/server/src/modules/auth/auth.schema.js';
import { createFinanceModule } from '../apps/server/src/modules/finance/index.js';
import { rebuildRollups } from '../apps/server/src/modules/ledger/index.js';
import { createStoreForMerchant } from '../apps/server/src/modules/stores/index.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import type { Deps } from '../apps/server/src/platform/deps.js';
import { seedDemoPayments } from '../apps/server/src/seed/demo-payments.js';

const storesWanted = Number(process.env.BENCH_STORES ?? 100);
const ordersWanted = Number(process.env.BENCH_ORDERS ?? 200_000);
const runs = Number(process.env.BENCH_RUNS ?? 15);

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', PORT: '0' });
if (config.database.driver !== 'postgres') throw new Error('Set DATABASE_URL to a PostgreSQL database');
const database = await openDatabase({ driver: 'postgres', url: config.database.url, max: 4 });
await database.migrate();
const { db } = database;
const rows = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;

// The bench stores, made once.
const [{ stores: haveStores } = { stores: 0 }] = rows<{ stores: number }>(
  await db.execute(sql`select count(*)::int as stores from stores where store_name like 'Bench Finance %'`),
);
for (let index = haveStores; index < storesWanted; index++) {
  const [merchant] = await db
    .insert(users)
    .values({
      kind: 'merchant',
      role: 'owner',
      firstName: 'Bench',
      lastName: `Merchant ${index}`,
      email: `bench.finance.${index}@seed.market.ng`,
      emailConfirmedAt: new Date(),
    })
    .returning({ id: users.id });
  await createStoreForMerchant(db, merchant!.id, `Bench Finance ${index}`);
}
await db.execute(
  sql`update stores set payment_category = (array['standard','premium','enterprise'])[1 + abs(hashtext(id::text)) % 3] where store_name like 'Bench Finance %'`,
);

// The orders, made once: a tracker and an order per checkout, written by the database itself.
const [{ orders: haveOrders } = { orders: 0 }] = rows<{ orders: number }>(
  await db.execute(
    sql`select count(*)::int as orders from order_trackers where reference like 'CHK-BENCH-%'`,
  ),
);
if (haveOrders < ordersWanted) {
  const started = performance.now();
  const [customer] = await db
    .insert(users)
    .values({
      kind: 'customer',
      firstName: 'Bench',
      lastName: 'Buyer',
      email: `bench.finance.buyer.${Date.now()}@seed.market.ng`,
      emailConfirmedAt: new Date(),
    })
    .returning({ id: users.id });
  const address = JSON.stringify({
    fullName: 'Bench Buyer',
    phoneNumber: '+2348030000000',
    emailAddress: null,
    state: 'Lagos',
    lga: 'Ikeja',
    address: '1 Allen Avenue',
  });
  await db.execute(sql`
    insert into order_trackers (reference, customer_id, status, items_subtotal_kobo, shipping_total_kobo,
      discount_total_kobo, amount_due_kobo, delivery_address, expires_at, paid_at, created_at)
    select 'CHK-BENCH-' || g, ${customer!.id}, 'paid', 100000 + (g::bigint * 7919) % 5000000, 150000, 0,
      100000 + (g::bigint * 7919) % 5000000 + 150000, ${address}::jsonb,
      now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute' + interval '30 minutes',
      now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute' + interval '1 minute',
      now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute'
    from generate_series(${haveOrders + 1}::int, ${ordersWanted}::int) g`);
  await db.execute(sql`
    with s as (
      select (row_number() over (order by id) - 1)::int as n, id, merchant_id, store_name
      from stores where store_name like 'Bench Finance %'
    ), total as (select count(*)::int as c from s)
    insert into orders (tracker_id, order_name, customer_id, store_id, merchant_id, store_name, status, subtotal_kobo,
      shipping_fee_kobo, discount_kobo, total_kobo, delivery_address, created_at)
    select t.id, 'NM-B' || x.g, t.customer_id, s.id, s.merchant_id, s.store_name,
      case when x.g % 50 = 0 then 'returned' when x.g % 7 = 0 then 'pending' else 'completed' end,
      t.items_subtotal_kobo, 150000, 0, t.amount_due_kobo, t.delivery_address, t.created_at
    from order_trackers t
      cross join lateral (select split_part(t.reference, '-', 3)::int as g) x
      join s on s.n = x.g % (select c from total)
    where t.reference like 'CHK-BENCH-%' and x.g > ${haveOrders}`);
  await db.execute(sql`
    insert into order_refunds (reference, tracker_id, order_id, kind, destination, payment_reference, amount_kobo,
      reason, status, requested_by_role, created_at)
    select 'RFD-B' || o.order_name, o.tracker_id, o.id, 'return', 'provider', t.reference, o.subtotal_kobo,
      'Bench return', 'processed', 'merchant', o.created_at + interval '5 days'
    from orders o join order_trackers t on t.id = o.tracker_id
    where o.order_name like 'NM-B%' and o.status = 'returned'
    on conflict do nothing`);
  // The books of every bench order, as the ledger posts them (ADR 027): payment, commission and shipping fee;
  // escrow released for the payable ones; the returned ones refunded at the store's cost. The report reads each
  // order's commission, due and refunds from these lines (ADR 046).
  await db.execute(sql`
    insert into ledger_entries (movement_id, kind, account, store_id, order_id, amount_kobo, memo, created_at)
    select md5(o.id::text || l.kind)::uuid, l.kind, l.account, l.store_id, o.id, l.amount, 'Bench ' || l.kind,
      o.created_at
    from orders o
      cross join lateral (select (o.subtotal_kobo::bigint * 1000 + 5000) / 10000 as c) k
      cross join lateral (values
        ('payment', 'payments_clearing', null, o.total_kobo::bigint),
        ('payment', 'merchant_escrow', o.store_id, -o.total_kobo::bigint),
        ('commission', 'merchant_escrow', o.store_id, k.c),
        ('commission', 'platform_commission', null, -k.c),
        ('shipping_fee', 'merchant_escrow', o.store_id, o.shipping_fee_kobo::bigint),
        ('shipping_fee', 'shipping_fees', null, -o.shipping_fee_kobo::bigint),
        ('escrow_release', 'merchant_escrow', o.store_id,
          case when o.status <> 'pending' then o.subtotal_kobo - k.c end),
        ('escrow_release', 'merchant_payable', o.store_id,
          case when o.status <> 'pending' then k.c - o.subtotal_kobo end),
        ('refund', 'payments_clearing', null, case when o.status = 'returned' then -o.subtotal_kobo::bigint end),
        ('refund', case when o.status <> 'pending' then 'merchant_payable' else 'merchant_escrow' end,
          o.store_id, case when o.status = 'returned' then o.subtotal_kobo - k.c end),
        ('refund', 'platform_commission', null, case when o.status = 'returned' then k.c end)
      ) as l(kind, account, store_id, amount)
    where o.order_name like 'NM-B%' and l.amount is not null and l.amount <> 0
      and not exists (select 1 from ledger_entries e where e.order_id = o.id)`);
  // Each order's page of the books (ADR 047), payable since ten days after it was placed unless still pending.
  await db.execute(sql`
    insert into ledger_orders (order_id, store_id, commission_basis_points, booked_at, payable_at, order_day,
      subtotal_kobo, discount_kobo, shipping_kobo, total_kobo)
    select o.id, o.store_id, 1000, o.created_at,
      case when o.status <> 'pending' then o.created_at + interval '10 days' end,
      ((o.created_at at time zone 'UTC') + interval '1 hour')::date, o.subtotal_kobo, o.discount_kobo,
      o.shipping_fee_kobo, o.total_kobo
    from orders o where o.order_name like 'NM-B%'
    on conflict do nothing`);
  await seedDemoPayments(db);
  // The lines above were written past the ledger's postings: its roll-ups are written again from them (ADR 067).
  await rebuildRollups(db);
  console.log(
    `filled ${ordersWanted - haveOrders} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
for (const table of [
  'orders',
  'order_trackers',
  'order_refunds',
  'ledger_entries',
  'payment_transactions',
  'stores',
])
  await db.execute(sql.raw(`vacuum analyze ${table}`));

const finance = createFinanceModule({ db, config } as Deps).service;
const day = (offset: number) =>
  new Date(Date.now() + 3_600_000 - offset * 86_400_000).toISOString().slice(0, 10);

async function measure(title: string, call: () => Promise<unknown>) {
  await call(); // warm the cache and the plan
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  console.log(
    `${title.padEnd(40)} p50 ${at(0.5).toFixed(0).padStart(6)} ms   p99 ${at(0.99).toFixed(0).padStart(6)} ms   (${runs} runs)`,
  );
}

const [counts] = rows<{ orders: number; stores: number; payments: number }>(
  await db.execute(sql`select (select count(*)::int from orders) as orders,
    (select count(*)::int from stores) as stores, (select count(*)::int from payment_transactions) as payments`),
);
console.log(
  `load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(
      ' ',
    )} on ${os.cpus().length} cores; ${counts!.orders} orders in ${counts!.stores} stores, ${counts!.payments} payments`,
);
const month = await finance.report({ from: day(29), to: day(0) });
const year = await finance.report({ from: day(365), to: day(0) });
console.log(
  `30 days: ${month.totals.ordersCount} orders of ${month.merchants.length} stores; a year: ${year.totals.ordersCount} orders`,
);
await measure('finance report, last 30 days', () => finance.report({ from: day(29), to: day(0) }));
await measure('finance report, 366 days', () => finance.report({ from: day(365), to: day(0) }));
await measure('finance CSV per merchant, 366 days', () =>
  finance.reportCsv({ from: day(365), to: day(0), view: 'merchants' }),
);
await measure('transactions, first page', () => finance.transactions({ page: 1, limit: 20 }));
await measure('transactions, search an order name', () =>
  finance.transactions({ page: 1, limit: 20, search: 'NM-B4242' }),
);
await database.close();
