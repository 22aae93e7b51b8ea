import type { StorefrontCategory } from '@market/contracts';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
// Read model: catalog listings join stores for visibility and store names (ADR 010).
import { stores } from '../stores/stores.schema.js';
import { toCustomerProduct } from './catalog.mappers.js';
import { categories, featuredCollectionProducts, featuredCollections, products } from './catalog.schema.js';
import { customerOrder, customerVisible, selectProducts } from './products.repository.js';
import { type StorefrontContext, visibleStoreBy } from './storefront.context.js';
// A store's own storefront by its address (ADR 101): the categories its products use, its featured collections.

/**
 * The categories of every level that a visible store's visible products use, each with its product count,
 * most first: one grouped query over the store's products (its store index), whatever their number.
 */
export async function storefrontCategories(
  ctx: StorefrontContext,
  storeUrl: string,
): Promise<StorefrontCategory[]> {
  const store = await visibleStoreBy(ctx, eq(stores.storeUrl, storeUrl));
  const productCount = sql<number>`count(*)::int`;
  const rows = await ctx.db
    .select({ id: categories.id, name: categories.name, level: categories.level, productCount })
    .from(products)
    .innerJoin(
      categories,
      or(
        eq(categories.id, products.categoryId),
        eq(categories.id, products.subCategoryId),
        eq(categories.id, products.childCategoryId),
      ),
    )
    .where(and(eq(products.storeId, store.id), customerVisible))
    .groupBy(categories.id, categories.name, categories.level)
    .orderBy(desc(productCount), asc(categories.name));
  return rows.map((row) => ({ ...row, productCount: Number(row.productCount) }));
}

/** A visible store's active featured collections with the visible products in each. */
export async function storefrontCollections(ctx: StorefrontContext, storeUrl: string) {
  const { db } = ctx;
  const store = await visibleStoreBy(ctx, eq(stores.storeUrl, storeUrl));
  const collections = await db
    .select()
    .from(featuredCollections)
    .where(and(eq(featuredCollections.storeId, store.id), eq(featuredCollections.status, 'active')))
    .orderBy(desc(featuredCollections.createdAt));
  const ids = collections.map((collection) => collection.id);
  const members =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(featuredCollectionProducts)
          .where(inArray(featuredCollectionProducts.collectionId, ids));
  const productIds = [...new Set(members.map((member) => member.productId))];
  const rows =
    productIds.length === 0
      ? []
      : await selectProducts(
          db,
          and(customerVisible, inArray(products.id, productIds)),
          customerOrder('newest'),
          productIds.length,
        );
  const byId = new Map(rows.map((row) => [row.id, toCustomerProduct(row, ctx.deps.now())]));
  return collections.map((collection) => ({
    id: collection.id,
    storeId: collection.storeId,
    title: collection.title,
    description: collection.description,
    image: collection.image,
    status: collection.status,
    createdAt: collection.createdAt.toISOString(),
    products: members
      .filter((member) => member.collectionId === collection.id)
      .flatMap((member) => byId.get(member.productId) ?? []),
  }));
}
