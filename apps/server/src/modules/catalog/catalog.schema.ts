import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { kobo } from '../../platform/db/kobo.js';
import { stores } from '../stores/stores.schema.js';

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/** Three levels in one table: category (level 1), sub-category (2) and child category (3). */
export const categories = pgTable(
  'categories',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    slug: text().notNull(),
    level: integer().$type<1 | 2 | 3>().notNull(),
    parentId: uuid(),
    position: integer().notNull().default(0),
    image: text(),
    retiredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('categories_parent_idx').on(table.parentId, table.position),
    // Top-level categories have no parent: NULLS NOT DISTINCT keeps their names unique too.
    unique('categories_level_parent_slug_key').on(table.level, table.parentId, table.slug).nullsNotDistinct(),
  ],
);

export interface ProductVariant {
  id: string;
  sku: string;
  size: string | null;
  color: string | null;
  /** Kobo off the product's selling price for this variant. */
  discountKobo: number;
  quantity: number;
}

export interface VariantProperty {
  type: string;
  options: string[];
}

/**
 * Products. Their listing indexes:
 * - Listing pages (ADR 053): each sort's index carries the row's id and its three category levels after the sort
 *   key, so a page, however deep, and a category filter on it are answered from the index alone (an index-only scan
 *   skips the rows before the page without reading them from the table). Drizzle has no INCLUDE, hence keys.
 * - The newest, sales and rating indexes carry the price too (ADR 114, amended): a price range in those sorts walks
 *   the index and checks each entry's price there, where it fetched every product in the range from the table and
 *   sorted them (the prepared plan's choice: 4,400 heap pages for a ₦3,000 range at 100k products).
 * - Deep pages of a category in the price, sales and rating sorts (ADR 114, amended): led by the category, an
 *   index-only scan starts at the category's first row in the sort; the sort indexes walk every product before the
 *   page, of any category (8-11 ms of PostgreSQL at 100k products for a child category's page 150).
 */
export const products = pgTable(
  'products',
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: jsonb().$type<string[]>().notNull().default([]),
    categoryId: uuid().notNull(),
    subCategoryId: uuid(),
    childCategoryId: uuid(),
    /** What the merchant paid; never shown to customers. */
    costPriceKobo: kobo().notNull().default(0),
    /** What the customer pays. */
    sellingPriceKobo: kobo().notNull(),
    /** The regular (compare-at) price; a discount is price above sellingPrice. */
    priceKobo: kobo().notNull(),
    /**
     * The sale's first and last Lagos day, both included (null: open on that side). Outside them customers pay
     * priceKobo; `customerPriceKobo` in catalog.rules.ts is the one place that decides (ADR 077).
     */
    saleStartDate: date({ mode: 'string' }),
    saleEndDate: date({ mode: 'string' }),
    /**
     * What a customer pays today (customerPriceKobo as a column, ADR 095): the sale price within the sale's days,
     * the regular price outside them. Set by the trigger `products_price_now` on every write of the prices or the
     * days, and moved at each sale's start and end by the job `catalog.sale-days` (rows whose priceChangesOn has
     * come). Listings filter, sort and page on it through the price index, so none computes it per row.
     */
    priceNowKobo: kobo().notNull().default(0),
    /** The next Lagos day on which priceNowKobo changes (the sale's start, or the day after its end); null: none. */
    priceChangesOn: date({ mode: 'string' }),
    /** The discount customers get today, from priceNowKobo (so a sale that ended or not yet begun shows none). */
    discountBasisPoints: integer().generatedAlwaysAs(
      (): SQL =>
        sql`case when price_kobo > price_now_kobo and price_kobo > 0 then ((price_kobo - price_now_kobo)::bigint * 10000 / price_kobo)::integer else 0 end`,
    ),
    quantity: integer().notNull().default(0),
    sku: text().notNull(),
    weight: numeric({ precision: 10, scale: 3 }),
    weightUnit: text().$type<'kg' | 'g'>().notNull().default('kg'),
    dimension: jsonb().$type<{ length: number; width: number; height: number }>(),
    dimensionUnit: text().$type<'cm' | 'm' | 'in'>().notNull().default('cm'),
    whenSoldOut: text()
      .$type<'hide' | 'show-sold-out' | 'continue-selling'>()
      .notNull()
      .default('show-sold-out'),
    contSalesOutOfStock: boolean().notNull().default(false),
    stockAlertUnits: integer().notNull().default(5),
    isDigitalProduct: boolean().notNull().default(false),
    variants: jsonb().$type<ProductVariant[]>().notNull().default([]),
    variantProperties: jsonb().$type<VariantProperty[]>().notNull().default([]),
    hostedImages: jsonb().$type<string[]>().notNull().default([]),
    approvalStatus: text().$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    rejectionReason: text(),
    approvedBy: uuid(),
    approvedAt: timestamp({ withTimezone: true }),
    /** approved and its store visible: the one flag every customer query filters on. */
    isVisible: boolean().notNull().default(false),
    salesCount: integer().notNull().default(0),
    ratingAverage: numeric({ precision: 3, scale: 2 }).notNull().default('0'),
    ratingCount: integer().notNull().default(0),
    /** Denormalised names kept by the service so that search covers category and store. */
    storeName: text().notNull(),
    categoryText: text().notNull().default(''),
    /**
     * What a customer's card shows of the store and the category levels, copied onto the product so a listing
     * page reads one table (ADR 114, amended by h-listing). Kept by triggers, whichever code writes: the product's
     * own (`products_card_names`, on insert and on a change of its store or categories), a category's rename
     * (`categories_card_names`) and a store's address (`stores_card_url`).
     */
    storeUrl: text().notNull().default(''),
    categoryName: text(),
    subCategoryName: text(),
    childCategoryName: text(),
    searchVector: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(category_text, '')), 'B') || setweight(to_tsvector('english', coalesce(store_name, '')), 'B') || setweight(to_tsvector('english', coalesce(jsonb_path_query_array(description, '$[*]')::text, '')), 'C')`,
    ),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('products_store_sku_key').on(table.storeId, table.sku),
    index('products_store_created_idx').on(table.storeId, table.createdAt),
    index('products_approval_idx').on(table.approvalStatus, table.createdAt),
    // Listing pages: see the indexes' notes above the table.
    index('products_visible_created_idx')
      .on(
        table.createdAt,
        table.id,
        table.categoryId,
        table.subCategoryId,
        table.childCategoryId,
        table.priceNowKobo,
      )
      .where(sql`is_visible`),
    index('products_visible_in_stock_idx').on(table.createdAt).where(sql`is_visible and quantity > 0`),
    index('products_visible_category_idx')
      .on(table.categoryId, table.createdAt, table.id)
      .where(sql`is_visible`),
    index('products_visible_sub_category_idx')
      .on(table.subCategoryId, table.createdAt, table.id)
      .where(sql`is_visible`),
    index('products_visible_child_category_idx')
      .on(table.childCategoryId, table.createdAt, table.id)
      .where(sql`is_visible`),
    index('products_visible_price_idx')
      .on(table.priceNowKobo, table.id, table.categoryId, table.subCategoryId, table.childCategoryId)
      .where(sql`is_visible`),
    index('products_visible_sales_idx')
      .on(
        table.salesCount,
        table.id,
        table.categoryId,
        table.subCategoryId,
        table.childCategoryId,
        table.priceNowKobo,
      )
      .where(sql`is_visible`),
    index('products_visible_rating_idx')
      .on(
        table.ratingAverage,
        table.ratingCount,
        table.id,
        table.categoryId,
        table.subCategoryId,
        table.childCategoryId,
        table.priceNowKobo,
      )
      .where(sql`is_visible`),
    // Deep pages of a category (see above).
    ...(
      [
        ['category', table.categoryId],
        ['sub_category', table.subCategoryId],
        ['child_category', table.childCategoryId],
      ] as const
    ).flatMap(([level, category]) => [
      index(`products_visible_${level}_price_idx`)
        .on(category, table.priceNowKobo, table.id)
        .where(sql`is_visible`),
      index(`products_visible_${level}_sales_idx`)
        .on(category, table.salesCount, table.id)
        .where(sql`is_visible`),
      index(`products_visible_${level}_rating_idx`)
        .on(category, table.ratingAverage, table.ratingCount, table.id)
        .where(sql`is_visible`),
    ]),
    index('products_visible_discount_idx')
      .on(table.discountBasisPoints)
      .where(sql`is_visible and discount_basis_points > 0`),
    index('products_search_idx').using('gin', table.searchVector),
    // The sale-days job reads only the rows whose price changes today or earlier: a short range of this index.
    index('products_price_changes_idx').on(table.priceChangesOn).where(sql`price_changes_on is not null`),
  ],
);

/**
 * Units sold and not yet added to `products.sales_count` / `stores.sales_count`: written by the payment's
 * transaction, folded into the counters after the commit (`foldSales`, job `catalog.fold-sales`; ADR 031).
 */
export const pendingSales = pgTable('pending_sales', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  productId: uuid().notNull(),
  storeId: uuid().notNull(),
  quantity: integer().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const promotions = pgTable('promotions', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  description: text(),
  startsAt: timestamp({ withTimezone: true }),
  endsAt: timestamp({ withTimezone: true }),
  createdBy: uuid().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const promotionProducts = pgTable(
  'promotion_products',
  {
    id: uuid().primaryKey().defaultRandom(),
    promotionId: uuid()
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('promotion_products_key').on(table.promotionId, table.productId)],
);

/** Stores the platform features as official brand outlets. */
export const officialOutlets = pgTable(
  'official_outlets',
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
    createdBy: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('official_outlets_store_key').on(table.storeId)],
);

export const featuredCollections = pgTable(
  'featured_collections',
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text(),
    image: text(),
    status: text().$type<'active' | 'inactive'>().notNull().default('active'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('featured_collections_store_idx').on(table.storeId, table.status)],
);

export const featuredCollectionProducts = pgTable(
  'featured_collection_products',
  {
    collectionId: uuid()
      .notNull()
      .references(() => featuredCollections.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.collectionId, table.productId] })],
);

/**
 * Images a store's spreadsheet brought in (ADR 077), by where they came from: `url:<address>` for one fetched by the
 * guarded fetcher, `sha256:<hex>` for a file of an uploaded zip. The same source again reuses the stored image, so
 * the same file twice changes nothing and fetches nothing.
 */
export const catalogImageImports = pgTable(
  'catalog_image_imports',
  {
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    sourceKey: text().notNull(),
    /** The stored image's public URL (the 800 px size, as products keep it). */
    imageUrl: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.storeId, table.sourceKey] })],
);

/**
 * Read model (issue 30, ADR 081 amended): the store each product belongs to, for a statement of another module that
 * needs it in itself (the cart's pricing picks the coupons of the cart's stores, ADR 087). Made by migration
 * 0053_read_model_views (`.existing()`: drizzle-kit leaves it alone).
 */
export const productStores = pgView('product_stores', {
  productId: uuid('product_id').notNull(),
  storeId: uuid('store_id').notNull(),
}).existing();
