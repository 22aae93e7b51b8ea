import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { kobo } from '../../platform/db/kobo.js';

/**
 * A product (or one variant) a customer saved. `noticedPriceKobo` and `noticedInStock` are what the customer last
 * knew: the price and stock when saved or last told of a change, so a drop is told once, not at every edit.
 */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid().notNull(),
    productId: uuid().notNull(),
    variantId: uuid(),
    noticedPriceKobo: kobo().notNull(),
    noticedInStock: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('wishlist_items_customer_product_key').on(
      table.customerId,
      table.productId,
      sql`coalesce(${table.variantId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    index('wishlist_items_customer_idx').on(table.customerId, table.createdAt),
    index('wishlist_items_product_idx').on(table.productId),
  ],
);
