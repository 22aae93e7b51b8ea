import {
  type CustomerProduct,
  type CustomerProductsQuery,
  nairaToKobo,
  type PagedCustomerProducts,
  type StorefrontCategory,
} from '@market/contracts';
import { and, asc, desc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
// Read model: catalog listings join stores for visibility and store names (ADR 010).
import { stores } from '../stores/stores.schema.js';
import { toCustomerProduct } from './catalog.mappers.js';
import { dailyKey, SUPER_DISCOUNT_MIN_BASIS_POINTS } from './catalog.rules.js';
import {
  categories,
  featuredCollectionProducts,
  featuredCollections,
  officialOutlets,
  products,
  promotionProducts,
  promotions,
} from './catalog.schema.js';
import {
  countProducts,
  customerOrder,
  customerVisible,
  customerWhere,
  inCategoryTree,
  productWriteGeneration,
  selectProductPage,
  selectProducts,
} from './products.repository.js';

const PRODUCT_NOT_FOUND = 'Product not found';

/**
 * How long a listing's total stays cached in this process. Counting every matching row is the one part of a
 * listing that grows with the catalog (an index-only walk of all visible rows); the page itself is always
 * fresh, and a total that is a few seconds old is harmless on a listing.
 */
const COUNT_TTL_MS = 15_000;
const COUNT_CACHE_SIZE = 2_000;

/** Discounted products: the literal `> 0` lets PostgreSQL use the partial discount index. */
const discounted: SQL = sql`${products.discountBasisPoints} > 0`;

/** What customers browse: listings, product pages, store catalogs and the home-page rails. */
export function createStorefrontService(deps: Deps) {
  const { db } = deps;

  const counts = new Map<string, { value: Promise<number>; expiresAt: number }>();

  /** The total for a filter, shared by concurrent requests and kept for COUNT_TTL_MS (keyed by the filter only). */
  function cachedCount(key: string, where: SQL): Promise<number> {
    const now = Date.now();
    key = `${productWriteGeneration()}:${key}`;
    const hit = counts.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    if (counts.size >= COUNT_CACHE_SIZE) {
      for (const [name, entry] of counts) if (entry.expiresAt <= now) counts.delete(name);
      const oldest = counts.keys().next();
      if (counts.size >= COUNT_CACHE_SIZE && !oldest.done) counts.delete(oldest.value);
    }
    const value = countProducts(db, where);
    counts.set(key, { value, expiresAt: now + COUNT_TTL_MS });
    value.catch(() => counts.delete(key));
    return value;
  }

  async function page(
    countKey: string,
    where: SQL,
    order: SQL[],
    limit: number,
    offset: number,
  ): Promise<PagedCustomerProducts> {
    const [rows, total] = await Promise.all([
      selectProductPage(db, where, order, limit, offset),
      cachedCount(countKey, where),
    ]);
    return { data: rows.map(toCustomerProduct), count: total };
  }

  async function rail(where: SQL, order: SQL[], limit: number): Promise<CustomerProduct[]> {
    return (await selectProductPage(db, where, order, limit)).map(toCustomerProduct);
  }

  async function visibleStoreBy(where: SQL) {
    const [store] = await db
      .select()
      .from(stores)
      .where(and(where, eq(stores.isVisible, true)))
      .limit(1);
    if (!store) throw notFound('Store not found');
    return store;
  }

  return {
    /** Full-text search over name, description, category and store; relevance order when searching unsorted. */
    list(query: CustomerProductsQuery): Promise<PagedCustomerProducts> {
      const search = query.search?.trim() || undefined;
      const filters = {
        search,
        categoryId: query.categoryId,
        subCategoryId: query.subCategoryId,
        childCategoryId: query.childCategoryId,
        minPriceKobo: query.minPrice === undefined ? undefined : nairaToKobo(query.minPrice),
        maxPriceKobo: query.maxPrice === undefined ? undefined : nairaToKobo(query.maxPrice),
        inStock: query.inStock,
      };
      const sort = query.sortBy ?? (search ? 'relevance' : 'newest');
      return page(
        JSON.stringify(filters),
        customerWhere(filters),
        customerOrder(sort, search),
        query.limit,
        query.offset,
      );
    },

    async one(id: string): Promise<CustomerProduct> {
      const [row] = await selectProducts(db, and(eq(products.id, id), customerVisible), [], 1);
      if (!row) throw notFound(PRODUCT_NOT_FOUND);
      return toCustomerProduct(row);
    },

    /** Several products in the order asked; ids customers cannot see are left out rather than failing the call. */
    async several(ids: string[]): Promise<CustomerProduct[]> {
      const unique = [...new Set(ids)];
      const rows = await selectProducts(
        db,
        and(inArray(products.id, unique), customerVisible),
        [],
        unique.length,
      );
      const byId = new Map(rows.map((row) => [row.id, toCustomerProduct(row)]));
      return unique.flatMap((id) => byId.get(id) ?? []);
    },

    /** A visible store's catalog by id or exact name (any case), newest first. */
    async storeCatalog(query: {
      storeId?: string;
      storeName?: string;
      categoryId?: string;
      limit: number;
      offset: number;
    }) {
      const store = await visibleStoreBy(
        query.storeId
          ? eq(stores.id, query.storeId)
          : sql`lower(${stores.storeName}) = lower(${query.storeName ?? ''})`,
      );
      const filters = { storeId: store.id };
      // A storefront category page may name a category of any level; the store id keeps the scan to one store.
      const inCategory = query.categoryId
        ? or(
            eq(products.categoryId, query.categoryId),
            eq(products.subCategoryId, query.categoryId),
            eq(products.childCategoryId, query.categoryId),
          )
        : undefined;
      return page(
        JSON.stringify({ ...filters, categoryId: query.categoryId }),
        and(customerWhere(filters), inCategory)!,
        customerOrder('newest'),
        query.limit,
        query.offset,
      );
    },

    // ---------- rails: each computed from real discounts, promotions and outlets ----------

    /** Super deals: the visible products with the largest discount percentage. */
    superDeals(limit: number) {
      return rail(
        and(customerVisible, discounted)!,
        [desc(products.discountBasisPoints), desc(products.createdAt), desc(products.id)],
        limit,
      );
    },

    /** Super-discounted offer: visible products at least SUPER_DISCOUNT_MIN_PERCENT % off, newest first. */
    superDiscountedOffer(limit: number) {
      return rail(
        and(
          customerVisible,
          discounted,
          sql`${products.discountBasisPoints} >= ${sql.raw(String(SUPER_DISCOUNT_MIN_BASIS_POINTS))}`,
        )!,
        [desc(products.createdAt), desc(products.id)],
        limit,
      );
    },

    /**
     * Daily discount offer: discounted products shuffled by a hash of id and the UTC date, so the order changes
     * each day but stays the same within it (every customer and every page load sees the same rail).
     */
    dailyDiscountOffer(limit: number) {
      const day = dailyKey(deps.now());
      return rail(
        and(customerVisible, discounted)!,
        [sql`md5(${products.id}::text || ${day})`, asc(products.id)],
        limit,
      );
    },

    /** Random visible products of a category of any level (a fresh draw each call). */
    randomOfCategory(categoryId: string, limit: number) {
      return rail(and(customerVisible, inCategoryTree(categoryId))!, [sql`random()`], limit);
    },

    /** Marketplace products: the newest visible products. */
    marketplace(limit: number, offset: number) {
      return page(JSON.stringify({}), customerVisible, customerOrder('newest'), limit, offset);
    },

    /** Official outlets keyed by store id, in the admins' order, each with its newest visible products. */
    async officialOutlets(productsPerStore: number) {
      const outlets = await db
        .select({
          id: stores.id,
          storeName: stores.storeName,
          storeUrl: stores.storeUrl,
          logo: stores.logo,
          followersCount: stores.followersCount,
        })
        .from(officialOutlets)
        .innerJoin(stores, eq(stores.id, officialOutlets.storeId))
        .where(eq(stores.isVisible, true))
        .orderBy(asc(officialOutlets.position), asc(officialOutlets.createdAt));
      const result: Record<string, { store: (typeof outlets)[number]; products: CustomerProduct[] }> = {};
      await Promise.all(
        outlets.map(async (store) => {
          const items = await rail(
            and(customerVisible, eq(products.storeId, store.id))!,
            customerOrder('newest'),
            productsPerStore,
          );
          result[store.id] = { store, products: items };
        }),
      );
      // Object keys keep insertion order: rebuild in the outlets' order after the parallel reads.
      return Object.fromEntries(outlets.map((store) => [store.id, result[store.id]!]));
    },

    /** Promotion products: promotions running now (inside startsAt/endsAt when set) with their visible products. */
    async promotionProducts(productsPerPromotion: number) {
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
            .select({ id: promotionProducts.id, productId: promotionProducts.productId })
            .from(promotionProducts)
            .where(eq(promotionProducts.promotionId, promotion.id))
            .orderBy(asc(promotionProducts.createdAt));
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
              ...toCustomerProduct(row),
              promotionProductId: memberIdOf.get(row.id)!,
            })),
          };
        }),
      );
    },

    /**
     * The categories of every level that a visible store's visible products use, each with its product count,
     * most first: one grouped query over the store's products (its store index), whatever their number.
     */
    async storefrontCategories(storeUrl: string): Promise<StorefrontCategory[]> {
      const store = await visibleStoreBy(eq(stores.storeUrl, storeUrl));
      const productCount = sql<number>`count(*)::int`;
      const rows = await db
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
    },

    /** A visible store's active featured collections with the visible products in each. */
    async storefrontCollections(storeUrl: string) {
      const store = await visibleStoreBy(eq(stores.storeUrl, storeUrl));
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
      const byId = new Map(rows.map((row) => [row.id, toCustomerProduct(row)]));
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
    },
  };
}

export type StorefrontService = ReturnType<typeof createStorefrontService>;
