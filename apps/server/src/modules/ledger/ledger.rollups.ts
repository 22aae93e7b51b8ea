import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { rowsOf } from '../../platform/db/rows-of.js';
import { ledgerOrderFiguresSql } from './ledger.figures.js';
import {
  ledgerEntries,
  ledgerMarks,
  ledgerOrders,
  ledgerRollupDeltas,
  ledgerStoreBalances,
  ledgerStoreDayRows,
  ledgerStoreDays,
  payoutOrders,
} from './ledger.schema.js';

// Roll-ups of the books (ADR 067). Each posting appends, in its own statement, what it changed of its store's
// figures per Lagos day of the order and of its store's balances (`ledger_rollup_deltas`); a job folds the deltas
// into `ledger_store_days` and `ledger_store_balances`. Reads add the folded rows and the deltas not yet folded, so
// they are exact at any moment. The books stay the one truth: `rebuildRollups` writes the roll-ups again from the
// entries and the order pages, with the same SQL the postings use.

/** The per-day figures, in the order of `ledger_store_days`' columns after (store_id, day). */
export const DAY_FIGURES = [
  'orders_count',
  'total_kobo',
  'subtotal_kobo',
  'discount_kobo',
  'shipping_kobo',
  'commission_kobo',
  'due_kobo',
  'escrow_due_kobo',
  'payable_due_kobo',
  'refunded_kobo',
  'refunded_goods_kobo',
  'settled_kobo',
  'paid_out_kobo',
  'goods_kept_kobo',
  'undone_count',
  'undone_goods_kept_kobo',
] as const;
export const BALANCE_FIGURES = ['escrow_kobo', 'payable_kobo', 'settlement_kobo'] as const;
const DELTA_COLUMNS = ['store_id', 'day', ...DAY_FIGURES, ...BALANCE_FIGURES] as const;

type Figure = (typeof DAY_FIGURES)[number] | (typeof BALANCE_FIGURES)[number];

/** A delta row's select list: the given figures' expressions, zero for the others. */
function deltaSelect(storeId: SQL, day: SQL, figures: Partial<Record<Figure, SQL>>): SQL {
  const values = [...DAY_FIGURES, ...BALANCE_FIGURES].map(
    (name) => sql`coalesce(${figures[name] ?? sql`0`}, 0)::bigint`,
  );
  return sql`${storeId}, ${day}, ${sql.join(values, sql`, `)}`;
}

const NOT_PAYOUT = sql`kind not in ('payout', 'payout_reversal', 'settlement')`;
const REFUND = sql`kind in ('refund', 'refund_reversal')`;
/** The lines whose sum (negated) is what an order's customer kept of its goods (as `goodsKept` of ledger.figures.ts). */
const GOODS_KEPT_ACCOUNTS = sql`account in ('merchant_escrow', 'merchant_payable', 'platform_commission',
  'platform_chargebacks')`;

/**
 * The delta rows of a set of ledger lines (`lines`: a relation with the columns of `ledger_entries`), the same
 * filters as `ledgerOrderFiguresSql` (ledger.figures.ts) per order, added up per store and day of the order:
 * - the lines of an order, by its page's store and day (`pages`: the pages, `ledger_orders` unless the pages are
 *   opened by the same statement, which cannot see them there);
 * - what payouts paid of each order (a payout's line pays the orders it carries, its reversal takes them back);
 * - the store lines' balances (day null).
 */
export function rollupDeltasSql(lines: SQL, pages: SQL = sql`${ledgerOrders}`): SQL {
  return sql`
    select ${deltaSelect(sql`lo.store_id`, sql`lo.order_day`, {
      commission_kobo: sql`-sum(l.amount_kobo) filter (where l.account = 'platform_commission')`,
      due_kobo: sql`-sum(l.amount_kobo) filter (where l.account in ('merchant_escrow', 'merchant_payable')
        and l.${NOT_PAYOUT})`,
      escrow_due_kobo: sql`-sum(l.amount_kobo) filter (where l.account = 'merchant_escrow' and l.${NOT_PAYOUT})`,
      payable_due_kobo: sql`-sum(l.amount_kobo) filter (where l.account = 'merchant_payable' and l.${NOT_PAYOUT})`,
      refunded_kobo: sql`-sum(l.amount_kobo) filter (where l.account in ('payments_clearing', 'pod_refunds_owed') and l.${REFUND})`,
      refunded_goods_kobo: sql`-sum(l.amount_kobo) filter (where l.account in ('payments_clearing', 'pod_refunds_owed', 'shipping_fees')
        and l.${REFUND})`,
      settled_kobo: sql`sum(l.amount_kobo) filter (where l.account = 'merchant_payable' and l.kind = 'settlement')`,
      goods_kept_kobo: sql`-sum(l.amount_kobo) filter (where l.${GOODS_KEPT_ACCOUNTS} and l.${NOT_PAYOUT})`,
      // A line of an order already taken back for good (a refund after its cancellation) counts there too.
      undone_goods_kept_kobo: sql`-sum(l.amount_kobo) filter (where lo.undone_at is not null
        and l.${GOODS_KEPT_ACCOUNTS} and l.${NOT_PAYOUT})`,
    })}
    from ${lines} l join ${pages} lo on lo.order_id = l.order_id
    group by lo.store_id, lo.order_day
    union all
    select ${deltaSelect(sql`lo.store_id`, sql`lo.order_day`, {
      paid_out_kobo: sql`sum(case when l.kind = 'payout' then po.amount_kobo else -po.amount_kobo end)`,
    })}
    from ${lines} l join ${payoutOrders} po on po.payout_id = l.payout_id
      join ${ledgerOrders} lo on lo.order_id = po.order_id
    where l.kind in ('payout', 'payout_reversal') and l.account = 'merchant_payable'
    group by lo.store_id, lo.order_day
    union all
    select ${deltaSelect(sql`l.store_id`, sql`null::date`, {
      escrow_kobo: sql`-sum(l.amount_kobo) filter (where l.account = 'merchant_escrow')`,
      payable_kobo: sql`-sum(l.amount_kobo) filter (where l.account = 'merchant_payable')`,
      settlement_kobo: sql`sum(l.amount_kobo) filter (where l.account = 'merchant_payable' and l.kind = 'settlement')`,
    })}
    from ${lines} l where l.store_id is not null
    group by l.store_id`;
}

/**
 * The delta rows of order pages (`pages`: rows of `ledger_orders`): each order counted on its day, and among the
 * undone ones when it was taken back (only a rebuild meets such a page: a page is opened standing).
 */
export function openedPagesDeltasSql(pages: SQL): SQL {
  return sql`select ${deltaSelect(sql`p.store_id`, sql`p.order_day`, {
    orders_count: sql`count(*)`,
    undone_count: sql`count(*) filter (where p.undone_at is not null)`,
    total_kobo: sql`sum(p.total_kobo)`,
    subtotal_kobo: sql`sum(p.subtotal_kobo)`,
    discount_kobo: sql`sum(p.discount_kobo)`,
    shipping_kobo: sql`sum(p.shipping_kobo)`,
  })} from ${pages} p group by p.store_id, p.order_day`;
}

/**
 * The order was taken back for good (cancelled after payment, or returned; ADR 082): its page is marked, and in the
 * same statement its day's figures count it among the undone orders with what its customer kept of its goods so far
 * (its later lines add to that as they are posted). Nothing for an order the books never heard of (unpaid) or one
 * already marked. The page is the row postings of the order lock, so no line is counted twice or missed.
 */
export function markUndoneSql(orderId: string, at: Date): SQL {
  return sql`with page as (
      update ${ledgerOrders} set undone_at = ${at.toISOString()}::timestamptz
      where order_id = ${orderId} and undone_at is null
      returning order_id, store_id, order_day)
    ${insertDeltasSql(
      sql`select ${deltaSelect(sql`p.store_id`, sql`p.order_day`, {
        undone_count: sql`1`,
        undone_goods_kept_kobo: sql`(select -sum(e.amount_kobo) from ${ledgerEntries} e where e.order_id = p.order_id
        and e.${GOODS_KEPT_ACCOUNTS} and e.${NOT_PAYOUT})`,
      })} from page p`,
    )}`;
}

const deltaColumns = sql.raw(DELTA_COLUMNS.map((name) => `"${name}"`).join(', '));

/** `insert into ledger_rollup_deltas … <select>`, for a posting's statement (a data-modifying CTE of it). */
export function insertDeltasSql(select: SQL): SQL {
  return sql`insert into ${ledgerRollupDeltas} (${deltaColumns}) ${select}`;
}

const sumsOf = (names: readonly string[]) =>
  sql.raw(names.map((name) => `sum("${name}") as "${name}"`).join(', '));
const names = (list: readonly string[]) => sql.raw(list.map((name) => `"${name}"`).join(', '));
const addExcluded = (list: readonly string[]) =>
  sql.raw(list.map((name) => `"${name}" = t."${name}" + excluded."${name}"`).join(', '));

/** Deltas folded per statement; a busier moment leaves the rest to the next run. */
const FOLD_BATCH = 20_000;

/**
 * Moves deltas into the folded roll-ups and deletes them, in one statement (so a reader, on one snapshot, sees each
 * delta either folded or not, never both). Several folds at once take disjoint deltas (`skip locked`). Answers how
 * many deltas were folded.
 */
export async function foldRollups(db: Db): Promise<number> {
  let folded = 0;
  for (;;) {
    const result = await db.execute(sql`
      with moved as (
        delete from ${ledgerRollupDeltas} where id in (
          select id from ${ledgerRollupDeltas} order by id limit ${FOLD_BATCH} for update skip locked)
        returning *),
      days as (
        insert into ${ledgerStoreDays} as t (store_id, day, ${names(DAY_FIGURES)})
        select store_id, day, ${sumsOf(DAY_FIGURES)} from moved where day is not null group by store_id, day
        on conflict (store_id, day) do update set ${addExcluded(DAY_FIGURES)}),
      balances as (
        insert into ${ledgerStoreBalances} as t (store_id, ${names(BALANCE_FIGURES)})
        select store_id, ${sumsOf(BALANCE_FIGURES)} from moved where day is null group by store_id
        on conflict (store_id) do update set ${addExcluded(BALANCE_FIGURES)})
      select count(*)::int as moved from moved`);
    const moved = Number(rowsOf<{ moved: number }>(result)[0]?.moved ?? 0);
    folded += moved;
    if (moved < FOLD_BATCH) return folded;
  }
}

/**
 * Writes the roll-ups again from the books (ledger entries, order pages, payouts' orders). Postings wait while it
 * runs (the deltas' table is locked against inserts), so none is counted twice or lost. Answers the rows written.
 */
export async function rebuildRollups(db: Db): Promise<{ days: number; stores: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${ledgerRollupDeltas} in exclusive mode`);
    await tx.execute(sql`delete from ${ledgerRollupDeltas}`);
    await tx.execute(sql`delete from ${ledgerStoreDays}`);
    await tx.execute(sql`delete from ${ledgerStoreBalances}`);
    // Straight into the folded tables (the deltas' table is left empty, not filled and emptied again).
    const deltas = sql`${rollupDeltasSql(sql`${ledgerEntries}`)} union all ${openedPagesDeltasSql(sql`${ledgerOrders}`)}`;
    const columns = sql.raw(DELTA_COLUMNS.map((name) => `"${name}"`).join(', '));
    await tx.execute(sql`with d (${columns}) as (${deltas}),
      days as (
        insert into ${ledgerStoreDays} (store_id, day, ${names(DAY_FIGURES)})
        select store_id, day, ${sumsOf(DAY_FIGURES)} from d where day is not null group by store_id, day)
      insert into ${ledgerStoreBalances} (store_id, ${names(BALANCE_FIGURES)})
      select store_id, ${sumsOf(BALANCE_FIGURES)} from d where day is null group by store_id`);
    await tx
      .insert(ledgerMarks)
      .values({ name: ROLLUPS_BUILT })
      .onConflictDoUpdate({ target: ledgerMarks.name, set: { doneAt: sql`now()` } });
    const [days, stores] = await Promise.all([
      tx.execute(sql`select count(*)::int as n from ${ledgerStoreDays}`),
      tx.execute(sql`select count(*)::int as n from ${ledgerStoreBalances}`),
    ]);
    return { days: rowsOf<{ n: number }>(days)[0]!.n, stores: rowsOf<{ n: number }>(stores)[0]!.n };
  });
}

// ---------- reads ----------

// Other modules read the roll-ups through the view `ledger_store_day_rows` (ledger.schema.ts, migration 0052): the
// folded rows and the deltas not yet folded, with each row's standing orders and net sales (ADR 082). Its columns
// are DAY_FIGURES' (test/ledger/read-model-views.test.ts).

/**
 * A store's sales of today and of this week (the merchant dashboard), as the payment report and the merchants'
 * figures count them: its standing orders placed on those Lagos days (paid, neither cancelled after payment nor
 * returned) and what their customers kept of the goods. One statement over at most seven folded day rows of the
 * store plus its deltas not yet folded (by their primary key and `ledger_rollup_deltas`' store and day), whatever
 * the store sold.
 */
export async function rollupStoreSales(
  db: Db,
  storeId: string,
  days: { today: string; week: string },
): Promise<{
  today: { ordersCount: number; salesKobo: number };
  week: { ordersCount: number; salesKobo: number };
}> {
  const v = ledgerStoreDayRows;
  const result = await db.execute(sql`select
      coalesce(sum(${v.standingOrdersCount}) filter (where ${v.day} = ${days.today}::date), 0) as today_orders,
      coalesce(sum(${v.netSalesKobo}) filter (where ${v.day} = ${days.today}::date), 0) as today_sales,
      coalesce(sum(${v.standingOrdersCount}), 0) as week_orders,
      coalesce(sum(${v.netSalesKobo}), 0) as week_sales
    from ${v}
    where ${v.storeId} = ${storeId} and ${v.day} >= ${days.week}::date and ${v.day} <= ${days.today}::date`);
  const row = rowsOf<Record<string, unknown>>(result)[0] ?? {};
  return {
    today: { ordersCount: Number(row.today_orders ?? 0), salesKobo: Number(row.today_sales ?? 0) },
    week: { ordersCount: Number(row.week_orders ?? 0), salesKobo: Number(row.week_sales ?? 0) },
  };
}

export interface StoreBalances {
  storeId: string;
  /** What escrow and payable hold for the store (credit positive), and what Paystack settled to it. */
  escrowKobo: number;
  payableKobo: number;
  settlementKobo: number;
}

/** Balances of one store, or of every store that has any, folded plus not yet folded. */
export async function storeBalances(db: Db, storeId?: string): Promise<StoreBalances[]> {
  const store = storeId ? sql`and store_id = ${storeId}` : sql``;
  const result = await db.execute(sql`select store_id, ${sumsOf(BALANCE_FIGURES)} from (
      select store_id, ${names(BALANCE_FIGURES)} from ${ledgerStoreBalances} where true ${store}
      union all
      select store_id, ${names(BALANCE_FIGURES)} from ${ledgerRollupDeltas} where day is null ${store}
    ) r group by store_id`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    storeId: String(row.store_id),
    escrowKobo: Number(row.escrow_kobo ?? 0),
    payableKobo: Number(row.payable_kobo ?? 0),
    settlementKobo: Number(row.settlement_kobo ?? 0),
  }));
}

// ---------- the roll-ups against the books ----------

/**
 * Where the roll-ups (folded plus not yet folded) differ from the books, computed the other way: each order's
 * figures from its own lines (`ledgerOrderFiguresSql`, payouts by their status) added up per store and day of its
 * page, and each store's balances from its lines. Empty when they agree to the kobo. For the money simulation and
 * `npm run rollups:rebuild -- --check`.
 */
export async function rollupDifferences(db: Db): Promise<string[]> {
  const truthDays = sql`select lo.store_id, lo.order_day as day, count(*) as orders_count,
      sum(lo.total_kobo) as total_kobo, sum(lo.subtotal_kobo) as subtotal_kobo, sum(lo.discount_kobo) as discount_kobo,
      sum(lo.shipping_kobo) as shipping_kobo, sum(coalesce(f.commission, 0)) as commission_kobo,
      sum(coalesce(f.due, 0)) as due_kobo, sum(coalesce(f.escrow_due, 0)) as escrow_due_kobo,
      sum(coalesce(f.payable_due, 0)) as payable_due_kobo, sum(coalesce(f.refunded, 0)) as refunded_kobo,
      sum(coalesce(f.refunded_goods, 0)) as refunded_goods_kobo, sum(coalesce(f.settled, 0)) as settled_kobo,
      sum(coalesce(f.paid_out, 0)) as paid_out_kobo, sum(coalesce(f.goods_kept, 0)) as goods_kept_kobo,
      count(*) filter (where lo.undone_at is not null) as undone_count,
      coalesce(sum(f.goods_kept) filter (where lo.undone_at is not null), 0) as undone_goods_kept_kobo
    from ${ledgerOrders} lo
      left join (${ledgerOrderFiguresSql(sql`select order_id from ${ledgerOrders}`)}) f on f.order_id = lo.order_id
    group by lo.store_id, lo.order_day`;
  const rolledDays = sql`select store_id, day, ${sumsOf(DAY_FIGURES)} from (
      select store_id, day, ${names(DAY_FIGURES)} from ${ledgerStoreDays}
      union all
      select store_id, day, ${names(DAY_FIGURES)} from ${ledgerRollupDeltas} where day is not null) r
    group by store_id, day`;
  const truthBalances = sql`select store_id,
      -coalesce(sum(amount_kobo) filter (where account = 'merchant_escrow'), 0) as escrow_kobo,
      -coalesce(sum(amount_kobo) filter (where account = 'merchant_payable'), 0) as payable_kobo,
      coalesce(sum(amount_kobo) filter (where account = 'merchant_payable' and kind = 'settlement'), 0)
        as settlement_kobo
    from ${ledgerEntries} where store_id is not null group by store_id`;
  const rolledBalances = sql`select store_id, ${sumsOf(BALANCE_FIGURES)} from (
      select store_id, ${names(BALANCE_FIGURES)} from ${ledgerStoreBalances}
      union all
      select store_id, ${names(BALANCE_FIGURES)} from ${ledgerRollupDeltas} where day is null) r
    group by store_id`;
  const differs = (list: readonly string[]) =>
    sql.raw(list.map((name) => `coalesce(t."${name}", 0) <> coalesce(r."${name}", 0)`).join(' or '));
  const json = (list: readonly string[]) =>
    sql.raw(list.map((name) => `'${name}', json_build_array(t."${name}", r."${name}")`).join(', '));
  const result = await db.execute(sql`
    select 'day ' || coalesce(t.store_id, r.store_id) || ' ' || coalesce(t.day, r.day)
        || ' [books, roll-ups]: ' || json_build_object(${json(DAY_FIGURES)})::text as difference
      from (${truthDays}) t full join (${rolledDays}) r on r.store_id = t.store_id and r.day = t.day
      where ${differs(DAY_FIGURES)}
    union all
    select 'balances ' || coalesce(t.store_id, r.store_id)
        || ' [books, roll-ups]: ' || json_build_object(${json(BALANCE_FIGURES)})::text
      from (${truthBalances}) t full join (${rolledBalances}) r on r.store_id = t.store_id
      where ${differs(BALANCE_FIGURES)}`);
  return rowsOf<{ difference: string }>(result).map((row) => row.difference);
}

// ---------- marks ----------

/** The roll-ups were built from the books (by the migration's first start or `npm run rollups:rebuild`). */
export const ROLLUPS_BUILT = 'rollups.built';
/** Every paid order written before the ledger or by a seed has been booked (ADR 067). */
export const BOOKS_CAUGHT_UP = 'books.caught-up';

export async function hasMark(db: Db, name: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from ${ledgerMarks} where name = ${name}`);
  return rowsOf(result).length > 0;
}

export async function setMark(db: Db, name: string): Promise<void> {
  await db
    .insert(ledgerMarks)
    .values({ name })
    .onConflictDoUpdate({ target: ledgerMarks.name, set: { doneAt: sql`now()` } });
}

/** A seed wrote paid orders the books have not heard of (or entries without roll-ups): the next start looks again. */
export async function clearMark(db: Db, name: string): Promise<void> {
  await db.execute(sql`delete from ${ledgerMarks} where name = ${name}`);
}
