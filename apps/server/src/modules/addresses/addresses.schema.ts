import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.js';

/** A customer's shipping addresses (section 3, Customer shipping address). */
export const customerShippingAddresses = pgTable(
  'customer_shipping_addresses',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text().notNull(),
    /** Always +234 form. */
    phoneNumber: text().notNull(),
    emailAddress: text().notNull(),
    /** Canonical state name from the contracts' list ("Lagos", "FCT"). */
    stateOrRegion: text().notNull(),
    lga: text().notNull(),
    address: text().notNull(),
    isDefault: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('customer_shipping_addresses_customer_idx').on(table.customerId, table.createdAt),
    // The service keeps one default per customer; this index makes a second one impossible even under races.
    uniqueIndex('customer_shipping_addresses_one_default_key')
      .on(table.customerId)
      .where(sql`${table.isDefault}`),
  ],
);
