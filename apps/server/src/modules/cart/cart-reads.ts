import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { rowsFromJson } from '../../platform/db/json-rows.js';
import { prepared, type ReadPart, readTogether } from '../../platform/db/prepared.js';
import { notFound } from '../../platform/errors.js';
import { checkoutAddressesPart } from '../addresses/index.js';
import {
  loadProductsForSale,
  type ProductForSale,
  productStores,
  productsForSalePart,
} from '../catalog/index.js';
import { appliedCodesPart, type CouponRow, candidateCouponsPart } from '../coupons/index.js';
import { appliedGiftCardsPart } from '../gift-cards/index.js';
import { cartItems, carts } from './cart.schema.js';
import type { AddressForCheckout, AppliedGiftCardBalance, CouponLine, PricedLine } from './cart-pricing.js';

// What cart pricing reads: the cart's lines at today's prices and stock, and what the other modules keep for it
// (address, codes, coupons, gift cards), in one statement of every module's part (ADR 087), each taken from the
// owner's index.

/** Above any real stock: a product sold on when out of stock. */
export const UNLIMITED = 9999;

export function priceLine(
  product: ProductForSale,
  variantId: string | null,
  quantity: number,
  cartItemId: string,
): PricedLine {
  const variant = variantId
    ? (product.variants.find((candidate) => candidate.id === variantId) ?? null)
    : null;
  const unitPriceKobo = Math.max(0, product.sellingPriceKobo - (variant?.discountKobo ?? 0));
  const stock = variant ? variant.quantity : product.quantity;
  const availableQuantity = product.contSalesOutOfStock ? UNLIMITED : Math.max(0, stock);
  let problem: string | null = null;
  if (product.approvalStatus !== 'approved' || !product.storeVisible)
    problem = 'This product is no longer sold';
  else if (variantId && !variant) problem = 'This option is no longer sold';
  else if (!variantId && product.variants.length > 0) problem = 'Choose an option for this product';
  else if (availableQuantity === 0) problem = 'Sold out';
  else if (quantity > availableQuantity) problem = `Only ${availableQuantity} left`;
  return { cartItemId, product, variant, quantity, unitPriceKobo, availableQuantity, problem };
}

export async function ensureCart(executor: Db, customerId: string) {
  await executor.insert(carts).values({ customerId }).onConflictDoNothing();
  const [cart] = await executor.select().from(carts).where(eq(carts.customerId, customerId)).limit(1);
  return cart!;
}

// Built once (ADR 033): every cart view and checkout reads the cart.
const cartItemsOf = prepared('cart_items_of_customer', (db) =>
  db
    .select()
    .from(cartItems)
    .where(eq(cartItems.customerId, sql.placeholder('customerId')))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id)),
);

type CartItemRow = typeof cartItems.$inferSelect;

/** The customer's cart lines as a part of a read of several modules (`readTogether`). */
function cartItemsPart(customerId: string): ReadPart<CartItemRow[]> {
  return {
    name: 'cart_items_of_customer',
    sql: () => sql`
      select coalesce(json_agg(row_to_json(c) order by c.created_at, c.id), '[]') from ${cartItems} c
      where c.customer_id = ${sql.placeholder('customerId')}::uuid`,
    values: { customerId },
    decode: (json) => rowsFromJson<CartItemRow>(cartItems, json),
  };
}

/** The products of the customer's cart lines, as an SQL `uuid[]` for the catalog's part of the same read. */
const cartProductIds = () =>
  sql`(select coalesce(array_agg(c.product_id), '{}') from ${cartItems} c where c.customer_id = ${sql.placeholder('customerId')}::uuid)`;

/**
 * The stores of the cart's products, as an SQL `uuid[]` for the coupons' part of the same read: the catalog's read
 * model `product_stores` (issue 30), so the statement stays one.
 */
const cartStoreIds = () =>
  sql`(select coalesce(array_agg(distinct ${productStores.storeId}), '{}') from ${productStores}
    where ${productStores.productId} = any(${cartProductIds()}::uuid[]))`;

/** What pricing reads, at once (`readAtOnce`). */
export interface PricingRead {
  lines: PricedLine[];
  address: { chosen?: AddressForCheckout; fallback?: AddressForCheckout };
  codes: string[];
  candidates: CouponRow[];
  giftCards: AppliedGiftCardBalance[];
}

/**
 * The cart's lines with their products, the address, the applied codes, the coupons they may apply and the
 * applied gift cards, in one statement: each module's part its own SQL (issue 32, item 6; ADR 087).
 */
export async function readAtOnce(
  executor: Db,
  customerId: string,
  addressId: string | null,
  now: Date,
): Promise<PricingRead> {
  const [items, products, address, codes, candidates, giftCards] = await readTogether(executor, [
    cartItemsPart(customerId),
    productsForSalePart(cartProductIds(), now),
    checkoutAddressesPart(customerId, addressId),
    appliedCodesPart(customerId),
    // The coupons that may apply to the cart's codes and to the stores of its products, handed back to the coupons'
    // evaluation as its `candidates`.
    candidateCouponsPart(customerId, cartStoreIds()),
    appliedGiftCardsPart(customerId),
  ]);
  return { lines: linesOf(items, products), address, codes, candidates, giftCards };
}

/** Each cart line priced with its product; a line whose product is gone is left out. */
function linesOf(items: CartItemRow[], products: ProductForSale[]): PricedLine[] {
  const productsById = new Map(products.map((row) => [row.id, row]));
  return items.flatMap((item) => {
    const product = productsById.get(item.productId);
    return product ? [priceLine(product, item.variantId, item.quantity, item.id)] : [];
  });
}

/** Step 1, items: the cart's lines at today's prices and stock, each with the problem that blocks it, if any. */
async function priceItems(executor: Db, customerId: string, now: Date): Promise<PricedLine[]> {
  const items = await cartItemsOf(executor, { customerId });
  const products = await loadProductsForSale(
    executor,
    [...new Set(items.map((item) => item.productId))],
    now,
  );
  return linesOf(items, products);
}

/** The customer's cart lines that can be bought now, as the coupon rules see them (apply-coupon checks codes on them). */
export async function couponLinesOfCart(executor: Db, customerId: string, now: Date): Promise<CouponLine[]> {
  return (await priceItems(executor, customerId, now))
    .filter((line) => !line.problem)
    .map((line) => ({
      productId: line.product.id,
      storeId: line.product.storeId,
      categoryIds: [line.product.categoryId, line.product.subCategoryId, line.product.childCategoryId].filter(
        (id): id is string => Boolean(id),
      ),
      unitPriceKobo: line.unitPriceKobo,
      quantity: line.quantity,
    }));
}

/** The address asked for, else the one chosen on the cart, else the customer's default. */
export function chooseAddress(
  read: PricingRead['address'],
  askedFor: string | undefined,
): AddressForCheckout | undefined {
  if (askedFor && !read.chosen) throw notFound('Address not found');
  return read.chosen ?? read.fallback;
}
