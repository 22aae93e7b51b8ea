import type { ReviewKind } from '@market/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.js';
import { products } from '../catalog/catalog.schema.js';
import { stores } from '../stores/stores.schema.js';

/**
 * A customer's review of a product (`kind` product: productId set) or of a store (`kind` merchant). The subject's
 * and author's names are copied at writing so lists need no join across modules. Hidden reviews stay for the
 * author and admins but leave the public lists and the ratings.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().$type<ReviewKind>().notNull(),
    productId: uuid().references(() => products.id, { onDelete: 'cascade' }),
    productName: text(),
    /** The reviewed store, or the store of the reviewed product (whose merchant may reply). */
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    storeName: text().notNull(),
    customerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** First name and last initial, e.g. "Ada O.". */
    authorName: text().notNull(),
    rating: integer().notNull(),
    text: text().notNull(),
    reply: text(),
    repliedAt: timestamp({ withTimezone: true }),
    repliedBy: uuid(),
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenBy: uuid(),
    hiddenReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('reviews_customer_product_key')
      .on(table.customerId, table.productId)
      .where(sql`kind = 'product'`),
    uniqueIndex('reviews_customer_store_key')
      .on(table.customerId, table.storeId)
      .where(sql`kind = 'merchant'`),
    index('reviews_product_visible_idx')
      .on(table.productId, table.createdAt)
      .where(sql`kind = 'product' and hidden_at is null`),
    index('reviews_store_idx').on(table.storeId, table.createdAt),
    index('reviews_customer_idx').on(table.customerId, table.createdAt),
    index('reviews_created_idx').on(table.createdAt),
    check('reviews_rating_check', sql`rating between 1 and 5`),
    check(
      'reviews_kind_check',
      sql`(kind = 'product') = (product_id is not null) and kind in ('product', 'merchant')`,
    ),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;
