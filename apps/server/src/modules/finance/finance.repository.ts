import type { FinancePoint, FinanceTotals, TransactionsQuery } from '@market/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { type EstimatedTotal, offsetPageTotal } from '../../platform/db/estimated-total.js';
import { rowsOf } from '../../platform/db/rows-of.js';
// Read model (ADR 010, ADR 028, ADR 046, ADR 067): finance adds up the ledger's roll-ups per store and day, and
// lists payment transactions with the checkout, orders and customer they belong to. These joins are the point of
// the reports, so this file reads the orders, stores, auth and payments schemas; it never writes them. The
// boundary test lists each import. The money of an order comes from the ledger module's public figures.
import { users } from '../auth/auth.schema.js';
import { ledgerStoreDayRows } from '../ledger/index.js';
import { orderItems, orderRefunds, orders, orderTrackers } from '../orders/orders.schema.js';
import { paymentTransactions } from '../payments/payments.schema.js';
import { stores } from '../stores/stores.schema.js';

/** A range of moments: [start, end). */
export interface Moments {
  start: Date;
  end: Date;
}

/** The figures every total, merchant row and series point adds up, over the CTE `figures` (roll-up rows). */
const sums = sql`
  coalesce(sum(orders_count), 0) as "ordersCount",
  coalesce(sum(total_kobo), 0) as "totalOrderAmountKobo",
  coalesce(sum(subtotal_kobo - discount_kobo), 0) as "totalSalesOrderAmountKobo",
  coalesce(sum(shipping_kobo), 0) as "totalDeliveryAmountKobo",
  coalesce(sum(discount_kobo), 0) as "discountKobo",
  coalesce(sum(commission_kobo), 0) as "commissionKobo",
  coalesce(round(sum(commission_kobo)::numeric * 10000 / nullif(sum(subtotal_kobo - refunded_goods_kobo), 0)), 0)
    as "commissionBasisPoints",
  coalesce(sum(refunded_kobo), 0) as "refundedKobo",
  coalesce(sum(due_kobo), 0) as "dueToMerchantKobo",
  coalesce(sum(paid_out_kobo + settled_kobo), 0) as "paidOutKobo",
  coalesce(sum(payable_due_kobo - paid_out_kobo - settled_kobo), 0) as "payableKobo",
  coalesce(sum(escrow_due_kobo), 0) as "notYetPayableKobo"`;

/** The roll-up columns `sums` and the series read; `grouped` adds each up per store and per day under its name. */
const SUMMED = [
  'orders_count',
  'total_kobo',
  'subtotal_kobo',
  'discount_kobo',
  'shipping_kobo',
  'commission_kobo',
  'refunded_goods_kobo',
  'refunded_kobo',
  'due_kobo',
  'paid_out_kobo',
  'settled_kobo',
  'payable_due_kobo',
  'escrow_due_kobo',
] as const;
const storeSums = sql.raw(SUMMED.map((name) => `sum(${name}) as ${name}`).join(', '));

/**
 * The finance report in one statement, from the ledger's roll-ups (ADR 067): each store's figures per Lagos day of
 * its paid orders (every store's, or one store's), which the totals, the per-store rows and the daily series add
 * up. The roll-ups are the books' per-order figures (ADR 046) kept as they are posted, so the report agrees with
 * the ledger's balances and costs the same whatever the number of orders:
 *
 * - Commission: the net of the orders' `platform_commission` lines (0 once fully refunded at the store's cost; kept
 *   when the platform bore the refund).
 * - Refunds: refunds net of their reversals. The commission's rate is the commission kept over the goods sold and
 *   not refunded, so a refunded order leaves the rate its store's category gave it.
 * - Due to the store: the net of its escrow and payable lines; not yet payable is what escrow still holds, paid out
 *   is what processed payouts paid of it (the payout's link to the order, ADR 047) or Paystack settled to its
 *   subaccount (ADR 051), payable the rest.
 */
export function financeReportSql(days: { from: string; to: string }, storeId?: string): SQL {
  const rows = ledgerStoreDayRows;
  const store = storeId ? sql`and ${rows.storeId} = ${storeId}` : sql``;
  return sql`
    with figures as (select * from ${rows} where ${rows.day} >= ${days.from}::date and ${rows.day} <= ${days.to}::date
        ${store}),
      -- The day rows read once, added up per store and per day in one pass (ADR 111): the totals and the merchant
      -- rows add up the stores' sums (100 rows at 100 stores, not the 14,600 day rows of a year), the series the
      -- days' sums.
      grouped as materialized (select store_id, day, grouping(day) = 1 as per_store, ${storeSums}
        from figures group by grouping sets ((store_id), (day))),
      by_store as (select * from grouped where per_store),
      by_day as (select * from grouped where not per_store)
    select
      (select row_to_json(t) from (select ${sums} from by_store) t) as totals,
      (select coalesce(json_agg(m order by m."dueToMerchantKobo" desc, m."storeName", m."storeId"), '[]') from (
        select g.*, s.store_name as "storeName", s.merchant_id as "merchantId",
          s.payment_category as "paymentCategory",
          coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), s.store_name) as "merchantName"
        from (select store_id as "storeId", ${sums} from by_store group by store_id) g
          join ${stores} s on s.id = g."storeId"
          left join ${users} u on u.id = s.merchant_id
      ) m) as merchants,
      (select coalesce(json_agg(d order by d.day), '[]') from (
        select to_char(day, 'YYYY-MM-DD') as day, orders_count as "ordersCount",
          total_kobo as "totalOrderAmountKobo", commission_kobo as "commissionKobo",
          due_kobo as "dueToMerchantKobo", refunded_kobo as "refundedKobo"
        from by_day
      ) d) as series
  `;
}

/** The roll-ups' figures; refunds still owed come apart (`refundsOwed`), from the refunds themselves. */
type RolledUpTotals = Omit<FinanceTotals, 'refundOwedKobo'>;

export interface FinanceRows {
  totals: RolledUpTotals;
  merchants: (RolledUpTotals & {
    storeId: string;
    storeName: string;
    merchantId: string;
    merchantName: string;
    paymentCategory: string;
  })[];
  series: FinancePoint[];
}

const totalFields: (keyof RolledUpTotals)[] = [
  'ordersCount',
  'totalOrderAmountKobo',
  'totalSalesOrderAmountKobo',
  'totalDeliveryAmountKobo',
  'discountKobo',
  'commissionKobo',
  'commissionBasisPoints',
  'refundedKobo',
  'dueToMerchantKobo',
  'paidOutKobo',
  'payableKobo',
  'notYetPayableKobo',
];

/** json numbers above 2^53 would lose digits; kobo sums of a year stay far below (₦90 trillion). */
function numbered<T>(value: Record<string, unknown>, fields: readonly string[]): T {
  const copy: Record<string, unknown> = { ...value };
  for (const field of fields) copy[field] = Number(copy[field] ?? 0);
  return copy as T;
}

export async function financeReport(
  db: Db,
  days: { from: string; to: string },
  storeId?: string,
): Promise<FinanceRows> {
  const result = await db.execute(financeReportSql(days, storeId));
  const row = rowsOf(result)[0] as Record<string, unknown>;
  return {
    totals: numbered<RolledUpTotals>(parseJson(row.totals) as Record<string, unknown>, totalFields),
    merchants: (parseJson(row.merchants) as Record<string, unknown>[]).map((merchant) =>
      numbered<FinanceRows['merchants'][number]>(merchant, totalFields),
    ),
    series: (parseJson(row.series) as Record<string, unknown>[]).map((point) =>
      numbered<FinancePoint>(point, [
        'ordersCount',
        'totalOrderAmountKobo',
        'commissionKobo',
        'dueToMerchantKobo',
        'refundedKobo',
      ]),
    ),
  };
}

/** Refunds booked but not at the customer yet (ADR 049): waiting, sent, failed, or the provider's answer unknown. */
const OWED_REFUND_STATUSES = ['pending', 'processing', 'failed', 'unknown'];

/**
 * What of the range's booked refunds has not reached the customers, per store (issue 34, item 14): the report's
 * "Refunded" counts a refund when it is booked, so a failed one is shown apart as owed. The orders are those placed in
 * the range's Lagos days, as the roll-ups count them.
 */
export async function refundsOwed(db: Db, moments: Moments, storeId?: string): Promise<Map<string, number>> {
  const store = storeId ? sql`and o.store_id = ${storeId}` : sql``;
  const result = await db.execute(sql`select o.store_id as "storeId", sum(r.amount_kobo) as "owedKobo"
    from ${orderRefunds} r join ${orders} o on o.id = r.order_id
    where r.status in (${sql.join(
      OWED_REFUND_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    )})
      and o.created_at >= ${moments.start.toISOString()}::timestamptz
      and o.created_at < ${moments.end.toISOString()}::timestamptz ${store}
    group by o.store_id`);
  return new Map(
    rowsOf(result).map((row) => {
      const owed = row as { storeId: string; owedKobo: unknown };
      return [owed.storeId, Number(owed.owedKobo ?? 0)];
    }),
  );
}

interface StoreOfRow {
  storeName: string;
  paymentCategory: string;
  tin: string | null;
  isVatRegistered: boolean;
}

export async function storeOf(db: Db, storeId: string): Promise<StoreOfRow | undefined> {
  const result = await db.execute(
    sql`select store_name as "storeName", payment_category as "paymentCategory", tin,
          is_vat_registered as "isVatRegistered"
        from ${stores} where id = ${storeId}`,
  );
  return rowsOf(result)[0] as StoreOfRow | undefined;
}

// ---------- transactions ----------

export interface TransactionRow {
  id: string;
  tracker_id: string | null;
  provider_transaction_id: string | null;
  amount_kobo: string | number;
  reference: string;
  purpose: string;
  fees_kobo: string | number | null;
  date: Date | string;
  first_name: string | null;
  last_name: string | null;
  customer_email: string;
  card_type: string | null;
  card_last4: string | null;
  bank: string | null;
  country: string | null;
  ip_address: string | null;
  channel: string | null;
  status: string;
  order_name: string | null;
  items_count: string | number;
  refunded_kobo: string | number;
  gateway_response: string | null;
}

const transactionColumns = sql`
  pt.id, t.id as tracker_id, pt.provider_transaction_id, pt.amount_kobo, pt.reference, pt.purpose, pt.fees_kobo,
  coalesce(pt.paid_at, pt.created_at) as date, u.first_name, u.last_name, pt.customer_email, pt.card_type,
  pt.card_last4, pt.bank, pt.country, pt.ip_address, pt.channel, pt.status, pt.refunded_kobo, pt.gateway_response,
  (select string_agg(o.order_name, ', ' order by o.order_name) from ${orders} o where o.tracker_id = t.id)
    as order_name,
  (select count(*) from ${orders} o join ${orderItems} i on i.order_id = o.id where o.tracker_id = t.id)
    as items_count`;

const transactionSource = sql`
  ${paymentTransactions} pt
    left join ${users} u on u.id = pt.customer_id
    left join ${orderTrackers} t on t.reference = pt.reference`;

/** `%`, `_` and `\\` are LIKE's own characters: escaped, a typed one matches only itself. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The payments a search finds (ADR 082), each way by its own index, so a search reads only what matches instead of
 * every payment (`%…%`): an e-mail (text with `@`) by the prefix of the customer's e-mail; anything else by the
 * prefix of the payment's reference, of one of its orders' names, or by words of the customer's name, each a prefix
 * ("ada ob" finds Ada Obi). The branches are joined by `union`, one index each.
 */
function transactionsMatching(search: string): SQL {
  const text = search.trim();
  if (text.includes('@')) return sql`lower(pt.customer_email) like ${likePrefix(text.toLowerCase())}`;
  const prefix = likePrefix(text.toUpperCase());
  const branches = [
    sql`select m.id from ${paymentTransactions} m where upper(m.reference) like ${prefix}`,
    sql`select m.id from ${orders} so join ${orderTrackers} st on st.id = so.tracker_id
      join ${paymentTransactions} m on m.reference = st.reference
      where so.order_name like ${prefix} or so.order_name like ${likePrefix(text)}`,
  ];
  // Only letters and digits reach the tsquery; two letters at least.
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word.length > 0)
    .slice(0, 5);
  // Names have no digits: a reference or an order name is not looked up among names too (that branch, estimated
  // large, would make the planner read every payment to join it).
  if (!/\d/.test(text) && words.join('').length >= 2) {
    const tsquery = words.map((word) => `${word}:*`).join(' & ');
    branches.push(sql`select m.id from ${users} su join ${paymentTransactions} m on m.customer_id = su.id
      where to_tsvector('simple', su.first_name || ' ' || su.last_name) @@ to_tsquery('simple', ${tsquery})`);
  }
  return sql`pt.id in (${sql.join(branches, sql` union `)})`;
}

/**
 * One page of payments, newest first (the created-at index, walked backwards: the page reads its rows and stops),
 * and the filter's total without counting every payment (ADR 114, `boundedTotal`): a page that is not full tells it;
 * otherwise the planner's estimate, or, when that is near or below `exactUpTo`, a count that stops one past it. Both
 * read `payment_transactions` alone: the list's joins are left joins on a unique key (a customer by id, a checkout by
 * its reference), so they neither add nor drop a payment.
 */
export async function listTransactions(
  db: Db,
  query: TransactionsQuery,
  range: Moments | undefined,
  exactUpTo: number,
): Promise<{ rows: TransactionRow[]; total: EstimatedTotal }> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(sql`pt.status = ${query.status}`);
  if (query.channel) conditions.push(sql`pt.channel = ${query.channel}`);
  if (range) conditions.push(sql`pt.created_at >= ${range.start} and pt.created_at < ${range.end}`);
  if (query.search) conditions.push(transactionsMatching(query.search));
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const offset = (query.page - 1) * query.limit;
  const rows = rowsOf(
    await db.execute(sql`select ${transactionColumns} from ${transactionSource} ${where}
      order by pt.created_at desc, pt.id desc limit ${query.limit} offset ${offset}`),
  ) as TransactionRow[];
  const matching = sql`select 1 from ${paymentTransactions} pt ${where}`;
  const total = await offsetPageTotal(
    db,
    matching,
    { offset, limit: query.limit, rows: rows.length },
    exactUpTo,
  );
  return { rows, total };
}

export async function findTransaction(db: Db, id: string): Promise<TransactionRow | undefined> {
  const result = await db.execute(
    sql`select ${transactionColumns} from ${transactionSource} where pt.id = ${id}`,
  );
  return rowsOf(result)[0] as TransactionRow | undefined;
}

export async function trackerItems(db: Db, trackerId: string) {
  const result = await db.execute(sql`
    select o.order_name as "orderName", o.store_name as "storeName", i.product_name as "productName",
      i.quantity, i.unit_price_kobo as "unitPriceKobo"
    from ${orders} o join ${orderItems} i on i.order_id = o.id
    where o.tracker_id = ${trackerId}
    order by o.order_name, i.product_name, i.id`);
  return (rowsOf(result) as Record<string, unknown>[]).map((row) => ({
    orderName: String(row.orderName),
    storeName: String(row.storeName),
    productName: String(row.productName),
    quantity: Number(row.quantity),
    unitPriceKobo: Number(row.unitPriceKobo),
  }));
}

// ---------- driver differences ----------

/** json columns come parsed from node-postgres and PGlite alike; a string is parsed for safety. */
function parseJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}
