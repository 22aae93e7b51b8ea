import {
  type CustomerProduct,
  type CustomerProductsQuery,
  nairaToKobo,
  type PagedCustomerProducts,
  type StorefrontCategory,
} from '@market/contracts';
import { and, asc, desc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { CATALOG_CHANGED } from '../../platform/changes/index.js';
import type { Deps } from '../../platform/deps.js';
import { notFound, validation } from '../../platform/errors.js';
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
  customerOrder,
  customerVisible,
  inCategoryTree,
  productWriteGeneration,
  selectProductPage,
  selectProducts,
} from './products.repository.js';
import {
  type CursorSort,
  createCatalogStatements,
  isCursorSort,
  type ListingCursor,
  type ListingFilters,
  type ListingRequest,
  type ListingRow,
  type ListingSort,
} from './products-listing.repository.js';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INVALID_CURSOR = 'This cursor is not valid for this listing';

/** How many key values each sort's cursor carries (top rated: average and count). */
const cursorKeyLength = (sort: CursorSort) => (sort === 'top_rated' ? 2 : 1);

/** An opaque cursor: the sort it belongs to, the last row's exact sort key and its id. */
function encodeCursor(sort: CursorSort, last: ListingRow): string {
  const key = sort === 'top_rated' ? last.sortKey.split(',') : [last.sortKey];
  return Buffer.from(JSON.stringify([sort, key, last.id])).toString('base64url');
}

/** The cursor's position, or a 422 when it is not one of ours or belongs to another sort. */
function decodeCursor(cursor: string, sort: ListingSort): ListingCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw validation('cursor', INVALID_CURSOR);
  }
  if (!isCursorSort(sort))
    throw validation('cursor', 'Cursor paging needs a sortBy when searching; use offset for relevance order');
  const [cursorSort, key, id] = Array.isArray(parsed) ? parsed : [];
  const keyValid =
    Array.isArray(key) &&
    key.length === cursorKeyLength(sort) &&
    key.every((value) => typeof value === 'string' && value.length > 0 && value.length <= 64) &&
    (sort === 'newest'
      ? !Number.isNaN(Date.parse(key[0] as string))
      : key.every((value) => /^-?\d+(\.\d+)?$/.test(value as string)));
  if (cursorSort !== sort || !keyValid || typeof id !== 'string' || !UUID.test(id))
    throw validation('cursor', INVALID_CURSOR);
  return { key: key as string[], id };
}

/** What customers browse: listings, product pages, store catalogs and the home-page rails. */
export function createStorefrontService(deps: Deps) {
  const { db } = deps;

  const statements = createCatalogStatements(db);
  const counts = new Map<string, { value: Promise<number>; expiresAt: number }>();
  // This process's own product writes move the generation the keys carry; another process's writes arrive as a
  // catalog change on the bus (ADR 043), which does not say whether products changed, so every total is dropped.
  deps.changes.subscribe(CATALOG_CHANGED, (change) => {
    if (!change.local) counts.clear();
  });

  /** A fresh total for the filter, if one is known or being computed (keyed by the filter only). */
  function knownCount(key: string): Promise<number> | undefined {
    const hit = counts.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.value;
    return undefined;
  }

  function rememberCount(key: string, value: Promise<number>): void {
    const now = Date.now();
    if (counts.size >= COUNT_CACHE_SIZE) {
      for (const [name, entry] of counts) if (entry.expiresAt <= now) counts.delete(name);
      const oldest = counts.keys().next();
      if (counts.size >= COUNT_CACHE_SIZE && !oldest.done) counts.delete(oldest.value);
    }
    counts.set(key, { value, expiresAt: now + COUNT_TTL_MS });
    value.catch(() => counts.delete(key));
  }

  /**
   * One page and the filter's total in one round trip: the page statement carries the total when none is known;
   * otherwise the known (or in-flight) total is used. Only an empty page that had to count asks again.
   */
  async function page(
    request: Omit<ListingRequest, 'withCount'>,
  ): Promise<{ page: PagedCustomerProducts; last?: ListingRow }> {
    const key = `${productWriteGeneration()}:${JSON.stringify(request.filters)}`;
    const known = knownCount(key);
    if (known) {
      const [rows, total] = await Promise.all([statements.page({ ...request, withCount: false }), known]);
      return {
        page: { data: rows.map((row) => toCustomerProduct(row, deps.now())), count: total },
        last: rows.at(-1),
      };
    }
    let settle: { resolve(total: number): void; reject(error: unknown): void } | undefined;
    const counting = new Promise<number>((resolve, reject) => {
      settle = { resolve, reject };
    });
    const counted = settle!;
    rememberCount(key, counting);
    try {
      const rows = await statements.page({ ...request, withCount: true });
      const total = rows[0]?.total ?? (await statements.count(request.filters));
      counted.resolve(total);
      return {
        page: { data: rows.map((row) => toCustomerProduct(row, deps.now())), count: total },
        last: rows.at(-1),
      };
    } catch (error) {
      counted.reject(error);
      throw error;
    }
  }

  async function rail(where: SQL, order: SQL[], limit: number): Promise<CustomerProduct[]> {
    return (await selectProductPage(db, where, order, limit)).map((row) =>
      toCustomerProduct(row, deps.now()),
    );
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
    /**
     * Full-text search over name, description, category and store; relevance order when searching unsorted. Pages
     * by offset, or after a cursor (keyset paging at any depth); a full page names the cursor of the next one.
     */
    async list(query: CustomerProductsQuery): Promise<{ page: PagedCustomerProducts; nextCursor?: string }> {
      const search = query.search?.trim() || undefined;
      const filters: ListingFilters = {
        search,
        categoryId: query.categoryId,
        subCategoryId: query.subCategoryId,
        childCategoryId: query.childCategoryId,
        minPriceKobo: query.minPrice === undefined ? undefined : nairaToKobo(query.minPrice),
        maxPriceKobo: query.maxPrice === undefined ? undefined : nairaToKobo(query.maxPrice),
        inStock: query.inStock,
      };
      const sort: ListingSort = query.sortBy ?? (search ? 'relevance' : 'newest');
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, sort);
      const result = await page({ filters, sort, limit: query.limit, offset: query.offset, after });
      const nextCursor =
        result.last && result.page.data.length === query.limit && isCursorSort(sort)
          ? encodeCursor(sort, result.last)
          : undefined;
      return { page: result.page, nextCursor };
    },

    async one(id: string): Promise<CustomerProduct> {
      const row = await statements.product(id);
      if (!row) throw notFound(PRODUCT_NOT_FOUND);
      return toCustomerProduct(row, deps.now());
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
      const byId = new Map(rows.map((row) => [row.id, toCustomerProduct(row, deps.now())]));
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
      // A storefront category page may name a category of any level; the store id keeps the scan to one store.
      return (
        await page({
          filters: { storeId: store.id, anyCategoryId: query.categoryId },
          sort: 'newest',
          limit: query.limit,
          offset: query.offset,
        })
      ).page;
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
    async marketplace(limit: number, offset: number) {
      return (await page({ filters: {}, sort: 'newest', limit, offset })).page;
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
              ...toCustomerProduct(row, deps.now()),
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
      const byId = new Map(rows.map((row) => [row.id, toCustomerProduct(row, deps.now())]));
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
