import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { insertFromJson, jsonRows, parsedJson } from '../../platform/db/json-rows.js';
import { prepared, preparedSql, type ReadPart, type StatementPart } from '../../platform/db/prepared.js';
import { rowsOf } from '../../platform/db/rows-of.js';
import { conflict } from '../../platform/errors.js';
import { storeSalesAddedPart } from '../stores/index.js';
// Read model: products for sale carry their store's name, location and visibility in one join (ADR 010).
import { merchantProfiles, stores } from '../stores/stores.schema.js';
import { customerPriceKobo } from './catalog.rules.js';
import { pendingSales, products } from './catalog.schema.js';
import { refreshProductVisibility } from './products.repository.js';

// What the cart and checkout need from the catalog: products as they are sold now, and stock that changes
// atomically. Stock lives on the product and, for products with variants, on each variant in its JSON.

export interface StockLine {
  productId: string;
  variantId: string | null;
  quantity: number;
}

/** What a product for sale carries: its own columns and its store's, in one join (ADR 010). */
const forSaleFields = {
  id: products.id,
  storeId: products.storeId,
  merchantId: stores.merchantId,
  storeName: stores.storeName,
  storeUrl: stores.storeUrl,
  storeVisible: stores.isVisible,
  storeLocation: stores.shippingLocation,
  // With the store's location, where the merchant picks up from: the shipping origin needs no read of its own
  // (ADR 055).
  storePickupLocation: merchantProfiles.pickupLocation,
  name: products.name,
  sku: products.sku,
  categoryId: products.categoryId,
  subCategoryId: products.subCategoryId,
  childCategoryId: products.childCategoryId,
  sellingPriceKobo: products.sellingPriceKobo,
  priceKobo: products.priceKobo,
  saleStartDate: products.saleStartDate,
  saleEndDate: products.saleEndDate,
  quantity: products.quantity,
  contSalesOutOfStock: products.contSalesOutOfStock,
  variants: products.variants,
  hostedImages: products.hostedImages,
  weight: products.weight,
  weightUnit: products.weightUnit,
  dimension: products.dimension,
  dimensionUnit: products.dimensionUnit,
  isDigitalProduct: products.isDigitalProduct,
  approvalStatus: products.approvalStatus,
};

// Built once (ADR 033): every cart view and checkout reads its products.
const productsForSale = prepared('catalog_products_for_sale', (db) =>
  db
    .select(forSaleFields)
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .leftJoin(merchantProfiles, eq(merchantProfiles.userId, stores.merchantId))
    // The ids as a sub-select: with the list in sight PostgreSQL found a plan for each list cheaper than its generic
    // plan and planned this statement again on every execution; now it keeps the generic plan (ADR 055).
    .where(sql`${products.id} = any((select ${sql.placeholder('ids')}::uuid[])::uuid[])`),
);

type ForSaleRow = Awaited<ReturnType<typeof productsForSale>>[number];
const forSaleColumns = Object.entries(forSaleFields);

/**
 * `loadProductsForSale` as a part of a read of several modules (`readTogether`, ADR 087): the products whose ids
 * `ids` gives (an SQL `uuid[]` expression of the caller's, with its own placeholders), each row as a JSON array of
 * the same columns, decoded by them as the driver's rows are.
 */
export function productsForSalePart(ids: SQL, now: Date): ReadPart<ProductForSale[]> {
  return {
    name: 'catalog_products_for_sale',
    sql: () => sql`
      select coalesce(json_agg(json_build_array(${sql.join(
        forSaleColumns.map(([, column]) => sql`${column}`),
        sql`, `,
      )})), '[]')
      from ${products}
      join ${stores} on ${stores.id} = ${products.storeId}
      left join ${merchantProfiles} on ${merchantProfiles.userId} = ${stores.merchantId}
      where ${products.id} = any(${ids}::uuid[])`,
    values: {},
    decode: (json) =>
      parsedJson<unknown[][]>(json).map((values) => {
        const row: Record<string, unknown> = {};
        forSaleColumns.forEach(([key, column], index) => {
          const value = values[index];
          row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
        });
        const product = row as ForSaleRow;
        return { ...product, sellingPriceKobo: customerPriceKobo(product, now) };
      }),
  };
}

/**
 * Products as they sell at `now`: `sellingPriceKobo` is what the customer pays (the sale price only within the
 * sale's Lagos days, customerPriceKobo), so the cart, checkout and coupons price by the one rule.
 */
export async function loadProductsForSale(executor: Db, productIds: string[], now = new Date()) {
  if (productIds.length === 0) return [];
  const rows = await productsForSale(executor, { ids: productIds });
  return rows.map((row) => ({ ...row, sellingPriceKobo: customerPriceKobo(row, now) }));
}

export type ProductForSale = Awaited<ReturnType<typeof loadProductsForSale>>[number];

/** Every writer of product rows takes them in this order, so two transactions never wait on each other in a cycle. */
function inLockOrder<T extends { productId: string; variantId: string | null }>(lines: T[]): T[] {
  return [...lines].sort((a, b) =>
    `${a.productId}|${a.variantId ?? ''}`.localeCompare(`${b.productId}|${b.variantId ?? ''}`),
  );
}

/**
 * Takes the stock of every line in one statement (ADR 036): the product rows are locked in the order every writer
 * of products uses (a sorted `for update`, materialized before any row is changed), then each is taken only if it
 * still has the quantity, checked under that lock as the one-line update does. Answers the lines taken; fewer than
 * given means one was short and the caller's transaction must not go on.
 */
const takeAtOnceStatement = preparedSql<{ id: string; quantity: number }>(
  'catalog_take_stock',
  () => sql`
    with lines as (
      select (line->>'productId')::uuid as product_id, line->>'variantId' as variant_id,
        (line->>'quantity')::integer as quantity, position
      from jsonb_array_elements(${sql.placeholder('lines')}::jsonb) with ordinality as entries(line, position)
    ),
    locked as materialized (
      select ${products.id} as id, lines.variant_id, lines.quantity
      from ${products} join lines on lines.product_id = ${products.id}
      order by lines.position
      for update of ${products}
    )
    update ${products}
    set variants = case when locked.variant_id is null then ${products.variants} else (
          select jsonb_agg(
            case when item->>'id' = locked.variant_id
              then jsonb_set(item, '{quantity}', to_jsonb((item->>'quantity')::int - locked.quantity))
              else item end
            order by position)
          from jsonb_array_elements(${products.variants}) with ordinality as entries(item, position)) end,
        quantity = ${products.quantity} - locked.quantity,
        updated_at = now()
    from locked
    where ${products.id} = locked.id
      and case when locked.variant_id is null
        then ${products.quantity} >= locked.quantity or ${products.contSalesOutOfStock}
        else exists (
          select 1 from jsonb_array_elements(${products.variants}) as entries(item)
          where item->>'id' = locked.variant_id
            and ((item->>'quantity')::int >= locked.quantity or ${products.contSalesOutOfStock})) end
    returning ${products.id} as id, ${products.quantity} as quantity`,
);

async function takeAtOnce(executor: Db, lines: StockLine[]) {
  return takeAtOnceStatement(executor, { lines: JSON.stringify(lines) });
}

/**
 * The `set` of an update moving `change` units (negative: taken) of one variant, and of its product's total with
 * it; the variants keep their order. Taking and giving back differ only in the sign.
 */
function variantStockMoved(variantId: string, change: number) {
  return sql`variants = (
      select jsonb_agg(
        case when item->>'id' = ${variantId}
          then jsonb_set(item, '{quantity}', to_jsonb((item->>'quantity')::int + ${change}::int))
          else item end
        order by position)
      from jsonb_array_elements(${products.variants}) with ordinality as entries(item, position)),
    quantity = quantity + ${change}::int`;
}

/** One line's stock, under the row lock its update takes. */
async function takeOne(executor: Db, line: StockLine) {
  const taken = line.variantId
    ? await executor.execute(sql`
        update ${products}
        set ${variantStockMoved(line.variantId, -line.quantity)}, updated_at = now()
        where id = ${line.productId}
          and exists (
            select 1 from jsonb_array_elements(${products.variants}) as entries(item)
            where item->>'id' = ${line.variantId}
              and ((item->>'quantity')::int >= ${line.quantity} or ${products.contSalesOutOfStock}))
        returning id, quantity`)
    : await executor.execute(sql`
        update ${products}
        set quantity = quantity - ${line.quantity}, updated_at = now()
        where id = ${line.productId} and (quantity >= ${line.quantity} or cont_sales_out_of_stock)
        returning id, quantity`);
  return rowsOf<{ id: string; quantity: number }>(taken);
}

/**
 * Takes stock for every line or for none: each update re-checks the quantity under the row lock PostgreSQL holds
 * for it, so concurrent checkouts can never take more than there is. Lines are locked in product order so two
 * checkouts of the same products cannot deadlock.
 */
export async function reserveStock(executor: Db, lines: StockLine[]): Promise<Map<string, number>> {
  const left = new Map<string, number>();
  if (lines.length === 0) return left;
  const ordered = inLockOrder(lines);
  const soldOut: string[] = [];
  const short = () =>
    conflict('Some items in your cart are no longer available in the quantity you chose. Check your cart.');
  if (new Set(ordered.map((line) => line.productId)).size === ordered.length) {
    // One product row per line: the whole cart in one statement. A product with two variants in the cart would
    // be one row updated twice, which one update cannot do: such carts take their lines one by one below.
    const taken = await takeAtOnce(executor, ordered);
    if (taken.length !== ordered.length) throw short();
    for (const row of taken) {
      left.set(row.id, Number(row.quantity));
      if (Number(row.quantity) <= 0) soldOut.push(row.id);
    }
  } else {
    for (const line of ordered) {
      const rows = await takeOne(executor, line);
      if (rows.length === 0) throw short();
      left.set(line.productId, Number(rows[0]!.quantity));
      if (Number(rows[0]!.quantity) <= 0) soldOut.push(line.productId);
    }
  }
  // Visibility depends on stock only through "sold out": a product that still has units keeps it (ADR 031).
  await refreshProductVisibility(executor, [...new Set(soldOut)]);
  // What each product has left, read under the row lock this transaction now holds until it commits.
  return left;
}

/** Gives reserved stock back (payment failed or did not come in time, or the store received a return). */
export async function returnStock(executor: Db, lines: StockLine[]): Promise<void> {
  const wasSoldOut: string[] = [];
  for (const line of inLockOrder(lines)) {
    const given = line.variantId
      ? await executor.execute(sql`
        update ${products}
        set ${variantStockMoved(line.variantId, line.quantity)}, updated_at = now()
        where id = ${line.productId}
        returning quantity`)
      : await executor.execute(
          sql`update ${products} set quantity = quantity + ${line.quantity}, updated_at = now() where id = ${line.productId} returning quantity`,
        );
    const rows = rowsOf<{ quantity: number }>(given);
    if (rows[0] && Number(rows[0].quantity) - line.quantity <= 0) wasSoldOut.push(line.productId);
  }
  await refreshProductVisibility(executor, [...new Set(wasSoldOut)]);
}

// Built once (ADR 037): every payment records its sales, one JSON parameter for any number of lines.
const salesKeys = ['productId', 'storeId', 'quantity'] as const;
const pendingSalesJson = jsonRows(pendingSales, salesKeys);
const insertPendingSales = preparedSql('catalog_record_sales', () =>
  insertFromJson(pendingSales, salesKeys, 'sales'),
);

/**
 * Counts units sold, for best-selling sorts and top merchants. Written to `pending_sales` in the payment's
 * transaction (an insert: no lock on the product and store rows every buyer shares) and folded into the counters
 * after the commit by `foldSales` (ADR 031).
 */
export async function recordSales(executor: Db, lines: (StockLine & { storeId: string })[]): Promise<void> {
  if (lines.length === 0) return;
  await insertPendingSales(executor, { sales: pendingSalesJson(lines) });
}

/** `recordSales` as one part of a payment's statement of several writes (ADR 055); no lines insert nothing. */
export function salesPart(lines: (StockLine & { storeId: string })[]): StatementPart {
  return {
    name: 'catalog_sales',
    sql: () => insertFromJson(pendingSales, salesKeys, 'sales'),
    values: { sales: pendingSalesJson(lines) },
  };
}

/** Pending sales folded in one transaction at most. */
const FOLD_BATCH = 5000;

/**
 * One batch of the fold in one statement (issue 32, item 6; ADR 087), a transaction of its own: pending rows
 * claimed with `skip locked` and deleted, their units added to the products (rows locked in id order, the order
 * every writer of products uses) and then, the products' update run first (its rows asked for), to the stores,
 * through the stores module's own part. Answers how many pending rows it folded.
 */
const foldSalesStatement = preparedSql<{ folded: number }>(
  'catalog_fold_sales',
  () => sql`
    with claimed as (
      delete from ${pendingSales} where ${pendingSales.id} in (
        select ${pendingSales.id} from ${pendingSales} order by ${pendingSales.id}
        limit ${sql.placeholder('batch')} for update skip locked)
      returning ${pendingSales.productId} as product_id, ${pendingSales.storeId} as store_id,
        ${pendingSales.quantity} as quantity
    ),
    product_lines as (select product_id, sum(quantity)::int as units from claimed group by product_id),
    products_locked as materialized (
      select ${products.id} as id, l.units from ${products} join product_lines l on l.product_id = ${products.id}
      order by ${products.id}
      for update of ${products}
    ),
    products_added as (
      update ${products} set sales_count = ${products.salesCount} + products_locked.units
      from products_locked where ${products.id} = products_locked.id
      returning ${products.id}
    ),
    store_lines as (
      select store_id, sum(quantity)::int as units from claimed
      where (select count(*) from products_added) >= 0
      group by store_id
    ),
    ${storeSalesAddedPart('store_lines')}
    select count(*)::int as folded from claimed`,
);

/**
 * Moves pending sales into `products.sales_count` and `stores.sales_count`, a batch at a time; answers how many
 * pending rows it folded. Safe from several processes at once (rows are claimed with `skip locked`), and each
 * row is deleted in the statement that counts it, so a sale is counted exactly once. Product rows are locked in
 * the order every writer of products uses, then store rows, so it cannot deadlock with a checkout.
 */
export async function foldSales(db: Db, batch = FOLD_BATCH): Promise<number> {
  const [row] = await foldSalesStatement(db, { batch });
  return row?.folded ?? 0;
}

/**
 * Folds pending sales soon after a payment commits (a short debounce gathers the payments of a busy moment into
 * one fold), one fold at a time per process; the `catalog.fold-sales` job picks up whatever a stopped process
 * left. Not started in the payment's transaction, so it never sees (or waits for) uncommitted rows.
 */
export function createSalesFolder(db: Db, logger: { error(object: unknown, message: string): void }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;

  function fold(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let folded = 0;
      do {
        again = false;
        // A batch short of the limit took every row committed when it began: a payment committed since asked
        // for a fold of its own (`again`), so no empty claim is sent to find that out.
        for (let batch = FOLD_BATCH; batch === FOLD_BATCH && !stopped; ) {
          batch = await foldSales(db, FOLD_BATCH);
          folded += batch;
        }
      } while (again && !stopped);
      return folded;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    fold,
    /** A payment recorded sales: fold them shortly after its transaction commits. */
    soon() {
      if (stopped || timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        fold().catch((error: unknown) => logger.error({ err: error }, 'folding pending sales failed'));
      }, 50);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}

export type SalesFolder = ReturnType<typeof createSalesFolder>;
