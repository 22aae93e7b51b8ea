import type { PolicyType } from '@market/contracts';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores } from '../stores/stores.schema.js';

/** A store's policy (shipping, returns, refunds, privacy, terms): at most one of each kind per store. */
export const storePolicies = pgTable(
  'store_policies',
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    type: text().$type<PolicyType>().notNull(),
    title: text().notNull(),
    /** Plain text; the web app renders it as paragraphs, never as HTML. */
    body: text().notNull(),
    createdBy: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('store_policies_store_type_key').on(table.storeId, table.type)],
);
