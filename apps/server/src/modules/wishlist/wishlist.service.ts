import { koboToNaira, type WishlistBody, type WishlistItem } from '@market/contracts';
import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { bound } from '../../platform/bound.js';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { Deps } from '../../platform/deps.js';
import { notFound, validation } from '../../platform/errors.js';
import { storeProductNames } from '../catalog/index.js';
import { wishedProducts } from './wishlist.products.js';
import { wishlistItems } from './wishlist.schema.js';

// The wishlist (issue 36). Price and stock are the catalog's (read through `wishedProducts`); a notice goes out
// when today's price is below what the customer last knew, or the product is back in stock, at most once per
// product per Lagos day (the event's key), and what they know is moved on so that one drop is one notice.

/** A product as the wishlist reads it from the catalog. */
export interface WishedProduct {
  id: string;
  name: string;
  storeId: string;
  storeName: string;
  image: string | null;
  sellingPriceKobo: number;
  /** The first Lagos day of the dated sale that sets today's price, or null when no dated sale runs. */
  saleStartedOn: string | null;
  quantity: number;
  contSalesOutOfStock: boolean;
  variants: { id: string; quantity: number; discountKobo: number }[];
  onSale: boolean;
}

type Row = typeof wishlistItems.$inferSelect;

/** What the wishlist service's functions work with. */
interface WishlistContext {
  deps: Deps;
  db: Db;
}

/** Today's price and stock of a saved product or variant; undefined when the variant is gone. */
export function priceAndStock(product: WishedProduct, variantId: string | null) {
  const variant = variantId ? product.variants.find((one) => one.id === variantId) : undefined;
  if (variantId && !variant) return undefined;
  const stock = variant ? variant.quantity : product.quantity;
  return {
    priceKobo: Math.max(0, product.sellingPriceKobo - (variant?.discountKobo ?? 0)),
    inStock: product.contSalesOutOfStock || stock > 0,
  };
}

/** The Lagos calendar day of a time, YYYY-MM-DD: "once per product per day" counts Lagos days. */
const lagosDay = (at: Date) => new Date(at.getTime() + 3_600_000).toISOString().slice(0, 10);

const BATCH = 500;

function view(row: Row, product: WishedProduct | undefined): WishlistItem {
  const now = product ? priceAndStock(product, row.variantId) : undefined;
  return {
    id: row.id,
    productId: row.productId,
    variantId: row.variantId,
    name: product?.name ?? 'No longer sold',
    storeName: product?.storeName ?? '',
    image: product?.image ?? null,
    price: koboToNaira(now?.priceKobo ?? row.noticedPriceKobo),
    savedPrice: koboToNaira(row.noticedPriceKobo),
    inStock: now?.inStock ?? false,
    available: Boolean(product?.onSale && now),
    createdAt: row.createdAt.toISOString(),
  };
}

async function list(ctx: WishlistContext, customerId: string): Promise<WishlistItem[]> {
  const rows = await ctx.db
    .select()
    .from(wishlistItems)
    .where(eq(wishlistItems.customerId, customerId))
    .orderBy(desc(wishlistItems.createdAt))
    .limit(200);
  const products = new Map(
    (await wishedProducts(ctx.db, [...new Set(rows.map((row) => row.productId))], ctx.deps.now())).map(
      (p) => [p.id, p],
    ),
  );
  return rows.map((row) => view(row, products.get(row.productId)));
}

async function save(ctx: WishlistContext, customerId: string, body: WishlistBody): Promise<WishlistItem> {
  const [product] = await wishedProducts(ctx.db, [body.productId], ctx.deps.now());
  if (!product?.onSale) throw validation('productId', 'This product is not on sale');
  const now = priceAndStock(product, body.variantId ?? null);
  if (!now) throw validation('variantId', 'This product has no such variant');
  const values = {
    customerId,
    productId: body.productId,
    variantId: body.variantId ?? null,
    noticedPriceKobo: now.priceKobo,
    noticedInStock: now.inStock,
    createdAt: ctx.deps.now(),
  };
  try {
    const [row] = await ctx.db.insert(wishlistItems).values(values).returning();
    return view(row!, product);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Saved before (a second tap, another tab): the saved item, unchanged.
    const [row] = await ctx.db
      .select()
      .from(wishlistItems)
      .where(
        and(
          eq(wishlistItems.customerId, customerId),
          eq(wishlistItems.productId, body.productId),
          body.variantId
            ? eq(wishlistItems.variantId, body.variantId)
            : sql`${wishlistItems.variantId} is null`,
        ),
      );
    return view(row!, product);
  }
}

async function remove(ctx: WishlistContext, customerId: string, id: string) {
  const removed = await ctx.db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.id, id), eq(wishlistItems.customerId, customerId)))
    .returning({ id: wishlistItems.id });
  if (removed.length === 0) throw notFound('Saved product not found');
}

async function savedCounts(ctx: WishlistContext, storeId: string) {
  const names = await storeProductNames(ctx.db, storeId);
  if (names.size === 0) return [];
  const rows = await ctx.db
    .select({ productId: wishlistItems.productId, savedBy: count() })
    .from(wishlistItems)
    .where(inArray(wishlistItems.productId, [...names.keys()]))
    .groupBy(wishlistItems.productId)
    .orderBy(desc(count()));
  return rows.map((row) => ({
    productId: row.productId,
    name: names.get(row.productId)!,
    savedBy: row.savedBy,
  }));
}

/**
 * Price drops and returns to stock into notices: every saved item whose product is cheaper than its customer
 * last knew, or back in stock, gets one event (keyed by customer, product, kind and Lagos day, so a second run
 * or a second edit the same day adds none), and what the customer knows moves on in the same transaction.
 * Answers how many notices were due; one already given for that product that day is not given again. A drop
 * that is a dated sale's price is keyed by the sale's first day instead: told once per customer, product and
 * sale, whether the sale-days job (which names the products whose sale started) or this sweep sees it first.
 */
async function sendNotices(ctx: WishlistContext, productIds?: string[]): Promise<number> {
  if (productIds?.length === 0) return 0;
  let sent = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  const day = lagosDay(ctx.deps.now());
  for (;;) {
    const rows = await ctx.db
      .select()
      .from(wishlistItems)
      .where(
        and(
          gt(wishlistItems.id, after),
          productIds ? inArray(wishlistItems.productId, productIds) : undefined,
        ),
      )
      .orderBy(asc(wishlistItems.id))
      .limit(BATCH);
    if (rows.length === 0) return sent;
    after = rows[rows.length - 1]!.id;
    const products = new Map(
      (await wishedProducts(ctx.db, [...new Set(rows.map((row) => row.productId))], ctx.deps.now())).map(
        (p) => [p.id, p],
      ),
    );
    for (const row of rows) {
      const product = products.get(row.productId);
      const now = product?.onSale ? priceAndStock(product, row.variantId) : undefined;
      if (!product || !now) continue;
      const dropped = now.priceKobo < row.noticedPriceKobo;
      const restocked = now.inStock && !row.noticedInStock;
      const changed = now.priceKobo !== row.noticedPriceKobo || now.inStock !== row.noticedInStock;
      if (!changed) continue;
      await ctx.db.transaction(async (tx) => {
        const params = {
          productId: product.id,
          productName: product.name,
          priceKobo: now.priceKobo,
          wasKobo: row.noticedPriceKobo,
        };
        const audience = [{ user: row.customerId }];
        const events = [
          ...(dropped
            ? [
                {
                  kind: 'wishlist.price-drop' as const,
                  key: product.saleStartedOn
                    ? `wishlist.price-drop:${row.customerId}:${row.productId}:sale:${product.saleStartedOn}`
                    : `wishlist.price-drop:${row.customerId}:${row.productId}:${day}`,
                  audience,
                  params,
                },
              ]
            : []),
          ...(restocked && !dropped
            ? [
                {
                  kind: 'wishlist.back-in-stock' as const,
                  key: `wishlist.back-in-stock:${row.customerId}:${row.productId}:${day}`,
                  audience,
                  params,
                },
              ]
            : []),
        ];
        if (events.length > 0) await ctx.deps.events.emit(tx, events);
        sent += events.length;
        // A rise or a sell-out is only remembered: the next drop is measured from the price they would pay.
        await tx
          .update(wishlistItems)
          .set({ noticedPriceKobo: now.priceKobo, noticedInStock: now.inStock })
          .where(eq(wishlistItems.id, row.id));
      });
    }
  }
}

/** The wishlist: named functions of a `WishlistContext` (ADR 091, 102), bound here. */
export function createWishlistService(deps: Deps) {
  const ctx: WishlistContext = { deps, db: deps.db };
  return {
    list: bound(ctx, list),
    save: bound(ctx, save),
    remove: bound(ctx, remove),
    savedCounts: bound(ctx, savedCounts),
    sendNotices: bound(ctx, sendNotices),
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
