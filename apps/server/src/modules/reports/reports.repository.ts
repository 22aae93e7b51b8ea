import {
  type CustomerSales,
  type LocationSales,
  type ProductSales,
  REPORT_BREAKDOWN_LIMIT,
  REPORT_TOP_PRODUCTS,
  type ReportGranularity,
  type SalesTotals,
} from '@market/contracts';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/paging.js';
import { rowsOf } from '../../platform/db/rows-of.js';
// Read model (ADR 010, ADR 025): reports aggregate orders, their items and their customers' names in SQL, and list
// merchants with their stores. These joins are the point of a report, so this file reads the orders, auth and
// stores schemas; it never writes them. The boundary test lists each import.
import { users } from '../auth/auth.schema.js';
import { ledgerOrderRefundedGoods, ledgerStoreDayRows } from '../ledger/index.js';
import { orderItems, orders, orderTrackers } from '../orders/orders.schema.js';
import { stores } from '../stores/stores.schema.js';

/** A range of moments: [start, end). */
export interface Moments {
  start: Date;
  end: Date;
}

/** Statuses after which an order's goods are no longer the customer's: cancelled after payment, returned. */
const UNDONE = sql`('cancelled', 'returned')`;

/**
 * An order of the store counts when its checkout was paid. Every status but `awaiting_payment` and `cancelled`
 * is reached only through payment (ADR 011's machine), so only cancelled orders need their tracker looked up:
 * most rows are decided from the order row alone.
 */
const paidOrder = sql`${orders.status} <> 'awaiting_payment' and (${orders.status} <> 'cancelled' or exists (
  select 1 from ${orderTrackers} where ${orderTrackers.id} = ${orders.trackerId} and ${orderTrackers.paidAt} is not null))`;

/**
 * What of an order's goods went back (kobo), as the books say (ADR 047): its refunds' goods part, net of rejected
 * ones, so a partial return counts as much as it gave back and a cancellation after payment its whole goods.
 */
const returnedKobo = sql`coalesce((select ${ledgerOrderRefundedGoods.refundedGoodsKobo} from ${ledgerOrderRefundedGoods}
  where ${ledgerOrderRefundedGoods.orderId} = ${orders.id}), 0)`;

/**
 * Standing orders and net sales per store over the ledger's roll-up rows (ADR 082), as a relation with columns
 * `store_id`, `orders_count` and `net_sales_kobo`: `where` narrows the rows by day and store (the view passes it on
 * to both tables' indexes).
 */
const standingOf = (where: SQL) => {
  const r = ledgerStoreDayRows;
  return sql`select ${r.storeId} as store_id, sum(${r.standingOrdersCount}) as orders_count,
    sum(${r.netSalesKobo}) as net_sales_kobo from ${r} where ${where} group by ${r.storeId}`;
};

export interface ReportRows {
  totals: SalesTotals;
  series: {
    start: string;
    ordersCount: number;
    netSalesKobo: number;
    discountKobo: number;
    returnedOrdersCount: number;
  }[];
  byProduct: ProductSales[];
  topProducts: ProductSales[];
  byCustomer: (Omit<CustomerSales, 'lastOrderAt'> & { lastOrderAt: string })[];
  byState: LocationSales[];
  byLga: LocationSales[];
}

/**
 * The whole sales report of one store in one statement: the store's paid orders in the range are read once
 * (through the store's `(store_id, created_at, …)` index) into a materialised CTE, and every figure aggregates it.
 */
export async function storeSalesReport(
  db: Db,
  storeId: string,
  range: Moments,
  granularity: ReportGranularity,
): Promise<ReportRows> {
  // Lagos local time is UTC+1 all year: the bucket is the Lagos day, Monday-week or month of the order.
  const result = await db.transaction(
    async (tx) => {
      // One statement over up to a year of a store's orders. PostgreSQL's JIT would compile it on every call
      // (seconds, more than the query itself: ADR 025), and its CTEs fit in memory with a little more work_mem.
      await tx.execute(sql`set local jit = off`);
      await tx.execute(sql`set local work_mem = '32MB'`);
      return tx.execute(salesReportSql(storeId, range, granularity));
    },
    { accessMode: 'read only' },
  );
  return toReportRows(result);
}

const bucketUnits: Record<ReportGranularity, SQL> = {
  day: sql`'day'`,
  week: sql`'week'`,
  month: sql`'month'`,
};

/** The statement of storeSalesReport (exported for EXPLAIN in the benchmark). */
export function salesReportSql(storeId: string, range: Moments, granularity: ReportGranularity): SQL {
  const unit = bucketUnits[granularity];
  return sql`
    with paid as materialized (
      select ${orders.id} as id, ${orders.customerId} as customer_id, ${orders.createdAt} as created_at,
        ${orders.subtotalKobo} as subtotal, ${orders.discountKobo} as discount,
        ${orders.shippingFeeKobo} as shipping, ${orders.status} as status, ${orders.status} in ${UNDONE} as undone,
        ${returnedKobo} as returned,
        coalesce(${orders.deliveryAddress} ->> 'state', '') as state,
        coalesce(${orders.deliveryAddress} ->> 'lga', '') as lga,
        to_char(date_trunc(${unit}, (${orders.createdAt} at time zone 'UTC') + interval '1 hour'), 'YYYY-MM-DD') as bucket
      from ${orders}
      where ${orders.storeId} = ${storeId} and ${orders.createdAt} >= ${range.start}
        and ${orders.createdAt} < ${range.end} and ${paidOrder}
    ),
    kept as materialized (select * from paid where not undone),
    lines as (
      select ${orderItems.productId}::text as product_id, kept.id as order_id,
        max(${orderItems.productName}) as product_name, sum(${orderItems.quantity}) as units,
        sum(${orderItems.unitPriceKobo}::bigint * ${orderItems.quantity}) as gross,
        -- The order's discount shared by line value, rounded half up, in integer arithmetic.
        sum(case when kept.subtotal = 0 then 0 else (kept.discount::bigint * ${orderItems.unitPriceKobo}
          * ${orderItems.quantity} * 2 + kept.subtotal) / (2 * kept.subtotal::bigint) end) as discount
      from kept join ${orderItems} on ${orderItems.orderId} = kept.id
      group by ${orderItems.productId}, kept.id
    ),
    items as materialized (
      -- Lines first per order and product, then per product: orders are counted without a sort (count distinct).
      select product_id, max(product_name) as product_name, sum(units)::bigint as units,
        count(*)::bigint as orders, sum(gross)::bigint as gross, sum(discount)::bigint as discount
      from lines group by product_id
    )
    select
      (select json_build_object(
        'ordersCount', count(*),
        'grossSalesKobo', coalesce(sum(subtotal), 0),
        'discountKobo', coalesce(sum(discount), 0),
        'returnedKobo', coalesce(sum(returned), 0),
        'netSalesKobo', coalesce(sum(subtotal - discount - returned), 0),
        'shippingKobo', coalesce(sum(shipping) filter (where not undone), 0),
        'keptCount', count(*) filter (where not undone),

        'cancelledOrdersCount', count(*) filter (where status = 'cancelled'),
        'returnedOrdersCount', count(*) filter (where status = 'returned')
      ) from paid) as totals,
      (select coalesce(sum(units), 0) from items) as items_sold,
      (select count(*) from (select customer_id from kept group by customer_id) buyers) as customers_count,
      (select coalesce(json_agg(s order by s.start), '[]') from (
        select bucket as start, count(*) as "ordersCount",
          sum(subtotal - discount - returned) as "netSalesKobo", sum(discount) as "discountKobo",
          count(*) filter (where undone) as "returnedOrdersCount"
        from paid group by bucket) s) as series,
      (select coalesce(json_agg(p order by p."netKobo" desc, p."productId"), '[]') from (
        select product_id as "productId", product_name as "productName", units as "unitsSold", orders as "ordersCount",
          gross as "grossKobo", discount as "discountKobo", gross - discount as "netKobo"
        from items order by gross - discount desc, product_id limit ${REPORT_BREAKDOWN_LIMIT}) p) as by_product,
      (select coalesce(json_agg(p order by p."unitsSold" desc, p."netKobo" desc, p."productId"), '[]') from (
        select product_id as "productId", product_name as "productName", units as "unitsSold", orders as "ordersCount",
          gross as "grossKobo", discount as "discountKobo", gross - discount as "netKobo"
        from items order by units desc, gross - discount desc, product_id limit ${REPORT_TOP_PRODUCTS}) p) as top_products,
      (select coalesce(json_agg(c order by c."netSalesKobo" desc, c."customerId"), '[]') from (
        select k.customer_id::text as "customerId",
          coalesce(nullif(trim(max(${users.firstName}) || ' ' || max(${users.lastName})), ''), 'Customer') as name,
          count(*) as "ordersCount", sum(k.subtotal - k.discount) as "netSalesKobo",
          max(k.created_at) as "lastOrderAt"
        from kept k left join ${users} on ${users.id} = k.customer_id
        group by k.customer_id
        order by sum(k.subtotal - k.discount) desc, k.customer_id limit ${REPORT_BREAKDOWN_LIMIT}) c) as by_customer,
      (select coalesce(json_agg(l order by l."netSalesKobo" desc, l.state), '[]') from (
        select state, '' as lga, count(*) as "ordersCount", sum(subtotal - discount) as "netSalesKobo"
        from kept group by state) l) as by_state,
      (select coalesce(json_agg(l order by l."netSalesKobo" desc, l.state, l.lga), '[]') from (
        select state, lga, count(*) as "ordersCount", sum(subtotal - discount) as "netSalesKobo"
        from kept group by state, lga
        order by sum(subtotal - discount) desc, state, lga limit ${REPORT_BREAKDOWN_LIMIT}) l) as by_lga
  `;
}

function toReportRows(result: unknown): ReportRows {
  const row = rowsOf(result)[0] as Record<string, unknown>;
  const raw = parseJson(row.totals) as Record<string, number | string>;
  const n = (value: unknown) => Number(value ?? 0);
  const kept = n(raw.keptCount);
  const netSalesKobo = n(raw.netSalesKobo);
  const totals: SalesTotals = {
    ordersCount: n(raw.ordersCount),
    itemsSold: n(row.items_sold),
    grossSalesKobo: n(raw.grossSalesKobo),
    discountKobo: n(raw.discountKobo),
    returnedKobo: n(raw.returnedKobo),
    netSalesKobo,
    shippingKobo: n(raw.shippingKobo),
    averageOrderKobo: kept === 0 ? 0 : Math.round(netSalesKobo / kept),
    customersCount: n(row.customers_count),
    cancelledOrdersCount: n(raw.cancelledOrdersCount),
    returnedOrdersCount: n(raw.returnedOrdersCount),
  };
  const numbers = <T>(list: unknown, fields: (keyof T)[]): T[] =>
    (parseJson(list) as Record<string, unknown>[]).map((item) => {
      const copy: Record<string, unknown> = { ...item };
      for (const field of fields) copy[field as string] = Number(copy[field as string] ?? 0);
      return copy as T;
    });
  const productFields: (keyof ProductSales)[] = [
    'unitsSold',
    'ordersCount',
    'grossKobo',
    'discountKobo',
    'netKobo',
  ];
  return {
    totals,
    series: numbers(row.series, ['ordersCount', 'netSalesKobo', 'discountKobo', 'returnedOrdersCount']),
    byProduct: numbers(row.by_product, productFields),
    topProducts: numbers(row.top_products, productFields),
    byCustomer: numbers<ReportRows['byCustomer'][number]>(row.by_customer, [
      'ordersCount',
      'netSalesKobo',
    ]).map((customer) => ({ ...customer, lastOrderAt: new Date(customer.lastOrderAt).toISOString() })),
    byState: numbers(row.by_state, ['ordersCount', 'netSalesKobo']),
    byLga: numbers(row.by_lga, ['ordersCount', 'netSalesKobo']),
  };
}

// ---------- merchants (admin) ----------

export interface MerchantRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  isActive: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
  store: {
    id: string;
    storeName: string;
    storeUrl: string;
    approvalStatus: 'pending' | 'approved' | 'rejected';
    isVisible: boolean;
    officeAddress: string | null;
    storePhoneNumber: string | null;
    isRegisteredBusiness: boolean;
    paymentCategory: string;
  };
}

const merchantColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phoneNumber: users.phoneNumber,
  isActive: users.isActive,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
  storeId: stores.id,
  storeName: stores.storeName,
  storeUrl: stores.storeUrl,
  approvalStatus: stores.approvalStatus,
  isVisible: stores.isVisible,
  officeAddress: stores.officeAddress,
  storePhoneNumber: stores.storePhoneNumber,
  isRegisteredBusiness: stores.isRegisteredBusiness,
  paymentCategory: stores.paymentCategory,
};

type MerchantSelect = Omit<MerchantRow, 'store'> & {
  storeId: string;
  storeName: string;
  storeUrl: string;
  approvalStatus: MerchantRow['store']['approvalStatus'];
  isVisible: boolean;
  officeAddress: string | null;
  storePhoneNumber: string | null;
  isRegisteredBusiness: boolean;
  paymentCategory: string;
};

function toMerchant(row: MerchantSelect): MerchantRow {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    isActive: row.isActive,
    createdAt: row.createdAt,
    lastLoginAt: row.lastLoginAt,
    store: {
      id: row.storeId,
      storeName: row.storeName,
      storeUrl: row.storeUrl,
      approvalStatus: row.approvalStatus,
      isVisible: row.isVisible,
      officeAddress: row.officeAddress,
      storePhoneNumber: row.storePhoneNumber,
      isRegisteredBusiness: row.isRegisteredBusiness,
      paymentCategory: row.paymentCategory,
    },
  };
}

/** A merchant is the owner of a store: a merchant account joined to the store it opened. */
const isMerchant = and(eq(users.kind, 'merchant'), sql`${users.deletedAt} is null`);

export async function listMerchants(
  db: Db,
  query: { page: number; limit: number; search?: string },
): Promise<{ rows: MerchantRow[]; total: number }> {
  const conditions: SQL[] = [isMerchant as SQL];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.email, pattern),
        ilike(stores.storeName, pattern),
        sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
      ) as SQL,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(merchantColumns)
      .from(users)
      .innerJoin(stores, eq(stores.merchantId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(users).innerJoin(stores, eq(stores.merchantId, users.id)).where(where),
  ]);
  return { rows: rows.map(toMerchant), total: total?.value ?? 0 };
}

export async function findMerchant(db: Db, merchantId: string): Promise<MerchantRow | undefined> {
  const [row] = await db
    .select(merchantColumns)
    .from(users)
    .innerJoin(stores, eq(stores.merchantId, users.id))
    .where(and(eq(users.id, merchantId), isMerchant))
    .orderBy(stores.createdAt)
    .limit(1);
  return row ? toMerchant(row) : undefined;
}

/**
 * Standing paid orders (neither cancelled after payment nor returned) and their net sales (what their customers kept
 * of the goods, refunds off: the books' figure, so they agree with the finance report) per store, since each store
 * opened: the ledger's roll-ups (ADR 082), a few rows per store whatever its history.
 */
export async function lifetimeFigures(
  db: Db,
  storeIds: string[],
): Promise<Map<string, { ordersCount: number; netSalesKobo: number }>> {
  if (storeIds.length === 0) return new Map();
  const ids = sql.join(
    storeIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = rowsOf(await db.execute(standingOf(sql`${ledgerStoreDayRows.storeId} in (${ids})`))) as Record<
    string,
    unknown
  >[];
  return new Map(
    rows.map((row) => [
      String(row.store_id),
      { ordersCount: Number(row.orders_count ?? 0), netSalesKobo: Number(row.net_sales_kobo ?? 0) },
    ]),
  );
}

/**
 * Stores by net sales of standing paid orders placed in the range of Lagos days (both ends counted), with their
 * owners, from the ledger's roll-ups (ADR 082): the cost follows the stores' days in the range, not their orders.
 */
export async function topStores(db: Db, range: { from: string; to: string }, limit: number) {
  const result = await db.execute(sql`
    select r.store_id, r.orders_count, r.net_sales_kobo, s.store_name, s.merchant_id, u.first_name, u.last_name
    from (${standingOf(sql`${ledgerStoreDayRows.day} >= ${range.from}::date and ${ledgerStoreDayRows.day} <= ${range.to}::date`)}) r
      join ${stores} s on s.id = r.store_id
      join ${users} u on u.id = s.merchant_id
    where r.orders_count > 0
    order by r.net_sales_kobo desc, r.store_id
    limit ${limit}`);
  return (rowsOf(result) as Record<string, unknown>[]).map((row) => ({
    merchantId: String(row.merchant_id),
    name: `${row.first_name} ${row.last_name}`.trim(),
    storeId: String(row.store_id),
    storeName: String(row.store_name),
    ordersCount: Number(row.orders_count),
    netSalesKobo: Number(row.net_sales_kobo),
  }));
}

// ---------- driver differences ----------

/** json columns come parsed from node-postgres and PGlite alike; a string is parsed for safety. */
function parseJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}
