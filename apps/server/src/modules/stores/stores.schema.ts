import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.js';

export const stores = pgTable(
  'stores',
  {
    id: uuid().primaryKey().defaultRandom(),
    merchantId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeName: text().notNull(),
    /** URL slug of the public storefront, `/storefront/{storeUrl}`. */
    storeUrl: text().notNull(),
    logo: text(),
    isRegisteredBusiness: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('stores_store_url_key').on(table.storeUrl),
    uniqueIndex('stores_merchant_key').on(table.merchantId),
  ],
);
