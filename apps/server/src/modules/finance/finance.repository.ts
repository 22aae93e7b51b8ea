import type { FinancePoint, FinanceTotals, TransactionsQuery } from '@market/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/paging.js';
// Read model (ADR 010, ADR 028, ADR 046): finance adds up orders with the ledger's per-order figures in SQL, and
// lists payment transactions with the checkout, orders and customer they belong to. These joins are the point of
// the reports, so this file reads the orders, stores, auth and payments schemas; it never writes them. The
// boundary test lists each import. The money of an order comes from the ledger module's public figures.
import { users } from '../auth/auth.schema.js';
import { ledgerOrderFiguresSql } from '../ledger/index.js';
import { orderItems, orders, orderTrackers } from '../orders/orders.schema.js';
import { paymentTransactions } from '../payments/payments.schema.js';
import { stores } from '../stores/stores.schema.js';

/** A range of moments: [start, end). */
export interface Moments {
  start: Date;
  end: Date;
}

/**
 * Paid orders, as the sales reports count them (ADR 025): every status but `awaiting_payment` and `cancelled` is
 * reached only through payment, so only cancelled orders look up their tracker's payment.
 */
const paidOrder = sql`o.status <> 'awaiting_payment' and (o.status <> 'cancelled' or exists (
  select 1 from ${orderTrackers} t where t.id = o.tracker_id and t.paid_at is not null))`;

/** The figures every total, merchant row and series point adds up, over the CTE `figures`. */
const sums = sql`
  count(*) as "ordersCount",
  coalesce(sum(total), 0) as "totalOrderAmountKobo",
  coalesce(sum(subtotal - discount), 0) as "totalSalesOrderAmountKobo",
  coalesce(sum(shipping), 0) as "totalDeliveryAmountKobo",
  coalesce(sum(discount), 0) as "discountKobo",
  coalesce(sum(commission), 0) as "commissionKobo",
  coalesce(round(sum(commission)::numeric * 10000 / nullif(sum(subtotal - refunded_goods), 0)), 0)
    as "commissionBasisPoints",
  coalesce(sum(refunded), 0) as "refundedKobo",
  coalesce(sum(due), 0) as "dueToMerchantKobo",
  coalesce(sum(paid_out), 0) as "paidOutKobo",
  coalesce(sum(payable_due - paid_out), 0) as "payableKobo",
  coalesce(sum(escrow_due), 0) as "notYetPayableKobo"`;

/**
 * The finance report in one statement: the paid orders of the range (every store's, or one store's) are read once
 * into a materialised CTE, their money is read from the ledger's per-order figures (ADR 046), and the totals, the
 * per-store rows and the daily series aggregate it. Every money figure but the order's own amounts (total,
 * subtotal, discount, delivery) comes from the books, so the report agrees with the ledger's balances:
 *
 * - Commission: the net of the order's `platform_commission` lines (0 once it is fully refunded at the store's
 *   cost; kept when the platform bore the refund).
 * - Refunds: refunds net of their reversals. The commission's rate is the commission kept over the goods sold and
 *   not refunded, so a refunded order leaves the rate its store's category gave it.
 * - Due to the store: the net of its escrow and payable lines; not yet payable is what escrow still holds, paid out
 *   is what processed payouts paid of it (the payout's link to the order, ADR 047), payable the rest.
 */
export function financeReportSql(range: Moments, storeId?: string): SQL {
  const storeFilter = storeId ? sql`and o.store_id = ${storeId}` : sql``;
  return sql`
    with paid as materialized (
      select o.id, o.store_id, o.subtotal_kobo::bigint as subtotal, o.discount_kobo::bigint as discount,
        o.shipping_fee_kobo::bigint as shipping, o.total_kobo::bigint as total,
        ((o.created_at at time zone 'UTC') + interval '1 hour')::date as day
      from ${orders} o
      where o.created_at >= ${range.start} and o.created_at < ${range.end} ${storeFilter} and ${paidOrder}
    ),
    books as (${ledgerOrderFiguresSql(sql`select id from paid`)}),
    figures as materialized (
      select p.*, coalesce(b.commission, 0) as commission, coalesce(b.due, 0) as due,
        coalesce(b.escrow_due, 0) as escrow_due, coalesce(b.payable_due, 0) as payable_due,
        -- Paid out: by the store's payouts, or settled by Paystack to its subaccount (ADR 051).
        coalesce(b.paid_out, 0) + coalesce(b.settled, 0) as paid_out,
        coalesce(b.refunded, 0) as refunded, coalesce(b.refunded_goods, 0) as refunded_goods
      from paid p left join books b on b.order_id = p.id
    )
    select
      (select row_to_json(t) from (select ${sums} from figures) t) as totals,
      (select coalesce(json_agg(m order by m."dueToMerchantKobo" desc, m."storeName", m."storeId"), '[]') from (
        select g.*, s.store_name as "storeName", s.merchant_id as "merchantId",
          s.payment_category as "paymentCategory",
          coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), s.store_name) as "merchantName"
        from (select store_id as "storeId", ${sums} from figures group by store_id) g
          join ${stores} s on s.id = g."storeId"
          left join ${users} u on u.id = s.merchant_id
      ) m) as merchants,
      (select coalesce(json_agg(d order by d.day), '[]') from (
        select to_char(day, 'YYYY-MM-DD') as day, count(*) as "ordersCount", sum(total) as "totalOrderAmountKobo",
          sum(commission) as "commissionKobo", sum(due) as "dueToMerchantKobo", sum(refunded) as "refundedKobo"
        from figures group by day
      ) d) as series
  `;
}

export interface FinanceRows {
  totals: FinanceTotals;
  merchants: (FinanceTotals & {
    storeId: string;
    storeName: string;
    merchantId: string;
    merchantName: string;
    paymentCategory: string;
  })[];
  series: FinancePoint[];
}

const totalFields: (keyof FinanceTotals)[] = [
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

export async function financeReport(db: Db, range: Moments, storeId?: string): Promise<FinanceRows> {
  const result = await db.transaction(
    async (tx) => {
      // As the sales reports (ADR 025): JIT would compile this statement on every call, for longer than it runs.
      await tx.execute(sql`set local jit = off`);
      await tx.execute(sql`set local work_mem = '32MB'`);
      return tx.execute(financeReportSql(range, storeId));
    },
    { accessMode: 'read only' },
  );
  const row = rowsOf(result)[0] as Record<string, unknown>;
  return {
    totals: numbered<FinanceTotals>(parseJson(row.totals) as Record<string, unknown>, totalFields),
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

export async function storeOf(
  db: Db,
  storeId: string,
): Promise<{ storeName: string; paymentCategory: string } | undefined> {
  const result = await db.execute(
    sql`select store_name as "storeName", payment_category as "paymentCategory" from ${stores} where id = ${storeId}`,
  );
  return rowsOf(result)[0] as { storeName: string; paymentCategory: string } | undefined;
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

export async function listTransactions(
  db: Db,
  query: TransactionsQuery,
  range: Moments | undefined,
): Promise<{ rows: TransactionRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(sql`pt.status = ${query.status}`);
  if (query.channel) conditions.push(sql`pt.channel = ${query.channel}`);
  if (range) conditions.push(sql`pt.created_at >= ${range.start} and pt.created_at < ${range.end}`);
  if (query.search) {
    const pattern = containsPattern(query.search);
    // The names and order names are matched in uncorrelated subqueries, which PostgreSQL hashes once (a scan of
    // each table) instead of looking up every payment's orders one by one.
    conditions.push(sql`(pt.reference ilike ${pattern} or pt.customer_email ilike ${pattern}
      or pt.customer_id in (select su.id from ${users} su
        where (su.first_name || ' ' || su.last_name) ilike ${pattern})
      or pt.reference in (select st.reference from ${orders} so join ${orderTrackers} st on st.id = so.tracker_id
        where so.order_name ilike ${pattern}))`);
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const [rows, totals] = await Promise.all([
    db.execute(sql`select ${transactionColumns} from ${transactionSource} ${where}
      order by pt.created_at desc, pt.id desc limit ${query.limit} offset ${(query.page - 1) * query.limit}`),
    db.execute(sql`select count(*) as total from ${transactionSource} ${where}`),
  ]);
  const total = rowsOf(totals)[0] as { total: string | number };
  return { rows: rowsOf(rows) as TransactionRow[], total: Number(total.total) };
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

/** node-postgres answers `{ rows }`, PGlite the same; both are read here so the service sees plain rows. */
function rowsOf(result: unknown): unknown[] {
  if (Array.isArray(result)) return result;
  return (result as { rows: unknown[] }).rows;
}

/** json columns come parsed from node-postgres and PGlite alike; a string is parsed for safety. */
function parseJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}
