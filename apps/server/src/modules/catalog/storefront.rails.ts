import type { CustomerProduct } from '@market/contracts';
import { and, asc, desc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
// Read model: catalog listings join stores for visibility and store names (ADR 010).
import { stores } from '../stores/stores.schema.js';
import { toCustomerProduct } from './catalog.mappers.js';
import { dailyKey, SUPER_DISCOUNT_MIN_BASIS_POINTS } from './catalog.rules.js';
import {
  officialOutlets as outletsTable,
  products,
  promotionProducts as promotionMembers,
  promotions,
} from './catalog.schema.js';
import {
  customerOrder,
  customerVisible,
  inCategoryTree,
  selectProductPage,
  selectProducts,
} from './products.repository.js';
import type { StorefrontContext } from './storefront.context.js';

// The home page's rails (ADR 101): each computed from real discounts, promotions and outlets.

/** Discounted products: the literal `> 0` lets PostgreSQL use the partial discount index. */
const discounted: SQL = sql`${products.discountBasisPoints} > 0`;

async function rail(
  ctx: StorefrontContext,
  where: SQL,
  order: SQL[],
  limit: number,
): Promise<CustomerProduct[]> {
  return (await selectProductPage(ctx.db, where, order, limit)).map((row) =>
    toCustomerProduct(row, ctx.deps.now()),
  );
}

/** Super deals: the visible products with the largest discount percentage. */
export function superDeals(ctx: StorefrontContext, limit: number) {
  return rail(
    ctx,
    and(customerVisible, discounted)!,
    [desc(products.discountBasisPoints), desc(products.createdAt), desc(products.id)],
    limit,
  );
}

/** Super-discounted offer: visible products at least SUPER_DISCOUNT_MIN_PERCENT % off, newest first. */
export function superDiscountedOffer(ctx: StorefrontContext, limit: number) {
  return rail(
    ctx,
    and(
      customerVisible,
      discounted,
      sql`${products.discountBasisPoints} >= ${sql.raw(String(SUPER_DISCOUNT_MIN_BASIS_POINTS))}`,
    )!,
    [desc(products.createdAt), desc(products.id)],
    limit,
  );
}

/**
 * Daily discount offer: discounted products shuffled by a hash of id and the UTC date, so the order changes
 * each day but stays the same within it (every customer and every page load sees the same rail).
 */
export function dailyDiscountOffer(ctx: StorefrontContext, limit: number) {
  const day = dailyKey(ctx.deps.now());
  return rail(
    ctx,
    and(customerVisible, discounted)!,
    [sql`md5(${products.id}::text || ${day})`, asc(products.id)],
    limit,
  );
}

/** Random visible products of a category of any level (a fresh draw each call). */
export function randomOfCategory(ctx: StorefrontContext, categoryId: string, limit: number) {
  return rail(ctx, and(customerVisible, inCategoryTree(categoryId))!, [sql`random()`], limit);
}

/** Official outlets keyed by store id, in the admins' order, each with its newest visible products. */
export async function officialOutlets(ctx: StorefrontContext, productsPerStore: number) {
  const outlets = await ctx.db
    .select({
      id: stores.id,
      storeName: stores.storeName,
      storeUrl: stores.storeUrl,
      logo: stores.logo,
      followersCount: stores.followersCount,
    })
    .from(outletsTable)
    .innerJoin(stores, eq(stores.id, outletsTable.storeId))
    .where(eq(stores.isVisible, true))
    .orderBy(asc(outletsTable.position), asc(outletsTable.createdAt));
  const result: Record<string, { store: (typeof outlets)[number]; products: CustomerProduct[] }> = {};
  await Promise.all(
    outlets.map(async (store) => {
      const items = await rail(
        ctx,
        and(customerVisible, eq(products.storeId, store.id))!,
        customerOrder('newest'),
        productsPerStore,
      );
      result[store.id] = { store, products: items };
    }),
  );
  // Object keys keep insertion order: rebuild in the outlets' order after the parallel reads.
  return Object.fromEntries(outlets.map((store) => [store.id, result[store.id]!]));
}

/** Promotion products: promotions running now (inside startsAt/endsAt when set) with their visible products. */
export async function promotionProducts(ctx: StorefrontContext, productsPerPromotion: number) {
  const { db, deps } = ctx;
  const now = deps.now();
  const running = await db
    .select()
    .from(promotions)
    .where(
      and(
        or(isNull(promotions.startsAt), lte(promotions.startsAt, now)),
        or(isNull(promotions.endsAt), sql`${promotions.endsAt} > ${now}`),
      ),
    )
    .orderBy(desc(promotions.createdAt));
  return Promise.all(
    running.map(async (promotion) => {
      const members = await db
        .select({ id: promotionMembers.id, productId: promotionMembers.productId })
        .from(promotionMembers)
        .where(eq(promotionMembers.promotionId, promotion.id))
        .orderBy(asc(promotionMembers.createdAt));
      const memberIdOf = new Map(members.map((member) => [member.productId, member.id]));
      const rows =
        members.length === 0
          ? []
          : await selectProducts(
              db,
              and(
                customerVisible,
                inArray(
                  products.id,
                  members.map((member) => member.productId),
                ),
              ),
              customerOrder('newest'),
              productsPerPromotion,
            );
      return {
        id: promotion.id,
        name: promotion.name,
        description: promotion.description,
        startsAt: promotion.startsAt?.toISOString() ?? null,
        endsAt: promotion.endsAt?.toISOString() ?? null,
        products: rows.map((row) => ({
          ...toCustomerProduct(row, deps.now()),
          promotionProductId: memberIdOf.get(row.id)!,
        })),
      };
    }),
  );
}
