import { integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.js';
import { products } from '../catalog/catalog.schema.js';

/** Only customers have a cart: one row per customer for its choices, one per product (and variant) in it. */
export const carts = pgTable('carts', {
  customerId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  selectedShippingAddressId: uuid(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The product's variant id (variants live in the product's JSON), or null for a product without variants. */
    variantId: text(),
    quantity: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('cart_items_line_key').on(table.customerId, table.productId, table.variantId).nullsNotDistinct(),
  ],
);
