import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { conflict } from '../../platform/errors.js';
import { addStoreSales } from '../stores/index.js';
// Read model: products for sale carry their store's name, location and visibility in one join (ADR 010).
import { stores } from '../stores/stores.schema.js';
import { products } from './catalog.schema.js';
import { refreshProductVisibility } from './products.repository.js';

// What the cart and checkout need from the catalog: products as they are sold now, and stock that changes
// atomically. Stock lives on the product and, for products with variants, on each variant in its JSON.

export interface StockLine {
  productId: string;
  variantId: string | null;
  quantity: number;
}

export async function loadProductsForSale(executor: Db, productIds: string[]) {
  if (productIds.length === 0) return [];
  return executor
    .select({
      id: products.id,
      storeId: products.storeId,
      merchantId: stores.merchantId,
      storeName: stores.storeName,
      storeUrl: stores.storeUrl,
      storeVisible: stores.isVisible,
      storeLocation: stores.shippingLocation,
      name: products.name,
      sku: products.sku,
      categoryId: products.categoryId,
      subCategoryId: products.subCategoryId,
      childCategoryId: products.childCategoryId,
      sellingPriceKobo: products.sellingPriceKobo,
      priceKobo: products.priceKobo,
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
    })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(inArray(products.id, productIds));
}

export type ProductForSale = Awaited<ReturnType<typeof loadProductsForSale>>[number];

/**
 * Takes stock for every line or for none: each update re-checks the quantity under the row lock PostgreSQL holds
 * for it, so concurrent checkouts can never take more than there is. Lines are locked in product order so two
 * checkouts of the same products cannot deadlock.
 */
/** Every writer of product rows takes them in this order, so two transactions never wait on each other in a cycle. */
function inLockOrder<T extends { productId: string; variantId: string | null }>(lines: T[]): T[] {
  return [...lines].sort((a, b) =>
    `${a.productId}|${a.variantId ?? ''}`.localeCompare(`${b.productId}|${b.variantId ?? ''}`),
  );
}

export async function reserveStock(executor: Db, lines: StockLine[]): Promise<void> {
  for (const line of inLockOrder(lines)) {
    const taken = line.variantId
      ? await executor.execute(sql`
          update ${products}
          set variants = (
                select jsonb_agg(
                  case when item->>'id' = ${line.variantId}
                    then jsonb_set(item, '{quantity}', to_jsonb((item->>'quantity')::int - ${line.quantity}))
                    else item end
                  order by position)
                from jsonb_array_elements(${products.variants}) with ordinality as entries(item, position)),
              quantity = quantity - ${line.quantity},
              updated_at = now()
          where id = ${line.productId}
            and exists (
              select 1 from jsonb_array_elements(${products.variants}) as entries(item)
              where item->>'id' = ${line.variantId}
                and ((item->>'quantity')::int >= ${line.quantity} or ${products.contSalesOutOfStock}))
          returning id`)
      : await executor.execute(sql`
          update ${products}
          set quantity = quantity - ${line.quantity}, updated_at = now()
          where id = ${line.productId} and (quantity >= ${line.quantity} or cont_sales_out_of_stock)
          returning id`);
    if ((taken as unknown as { rows: unknown[] }).rows.length === 0) {
      throw conflict(
        'Some items in your cart are no longer available in the quantity you chose. Check your cart.',
      );
    }
  }
  await refreshProductVisibility(executor, [...new Set(lines.map((line) => line.productId))]);
}

/** Gives reserved stock back (payment failed or did not come in time). */
export async function returnStock(executor: Db, lines: StockLine[]): Promise<void> {
  for (const line of inLockOrder(lines)) {
    if (line.variantId) {
      await executor.execute(sql`
        update ${products}
        set variants = (
              select jsonb_agg(
                case when item->>'id' = ${line.variantId}
                  then jsonb_set(item, '{quantity}', to_jsonb((item->>'quantity')::int + ${line.quantity}))
                  else item end
                order by position)
              from jsonb_array_elements(${products.variants}) with ordinality as entries(item, position)),
            quantity = quantity + ${line.quantity},
            updated_at = now()
        where id = ${line.productId}`);
    } else {
      await executor.execute(
        sql`update ${products} set quantity = quantity + ${line.quantity}, updated_at = now() where id = ${line.productId}`,
      );
    }
  }
  await refreshProductVisibility(executor, [...new Set(lines.map((line) => line.productId))]);
}

/** Counts units sold, for best-selling sorts and top merchants. */
export async function recordSales(executor: Db, lines: (StockLine & { storeId: string })[]): Promise<void> {
  for (const line of inLockOrder(lines)) {
    await executor
      .update(products)
      .set({ salesCount: sql`${products.salesCount} + ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
  const byStore = new Map<string, number>();
  for (const line of lines) byStore.set(line.storeId, (byStore.get(line.storeId) ?? 0) + line.quantity);
  await addStoreSales(executor, byStore);
}
