import type { BulkImportOutcome, BulkImportStatus } from '@market/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.js';
import { stores } from '../stores/stores.schema.js';
import type { CatalogRecord } from './bulk-catalog.rows.js';

/**
 * A catalogue file applied in the background (ADR 094): the checked rows wait here for the job, which writes them
 * by SKU in batches; each batch's transaction also moves `products_done`/`rows_done` and the counts, so a job
 * taken up again after a crash starts at the first batch not written.
 */
export const catalogImports = pgTable(
  'catalog_imports',
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    status: text().$type<BulkImportStatus>().notNull().default('queued'),
    /** The file's rows as checked (images already stored); cleared when the import ends. */
    records: jsonb().$type<CatalogRecord[]>(),
    /** Images the store's own spreadsheets imported that this file uses (accepted whoever of the staff applies). */
    storeImages: jsonb().$type<string[]>().notNull().default([]),
    rowsTotal: integer().notNull(),
    rowsDone: integer().notNull().default(0),
    /** Products of the file (a product's variant rows go with it), and how many are written: the job's cursor. */
    productsTotal: integer().notNull(),
    productsDone: integer().notNull().default(0),
    created: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    unchanged: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    toApproval: integer().notNull().default(0),
    outcomes: jsonb().$type<BulkImportOutcome[]>().notNull().default([]),
    error: text(),
    /** Claims so far: the claim's number is its token, so a worker whose lease was taken over stops. */
    attempts: integer().notNull().default(0),
    /** A running import whose lease has passed is taken up again by the timed job (its worker stopped). */
    leaseUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('catalog_imports_store_created_idx').on(table.storeId, table.createdAt),
    index('catalog_imports_open_idx')
      .on(table.createdAt)
      .where(sql`${table.status} in ('queued', 'running')`),
    check('catalog_imports_status_check', sql`${table.status} in ('queued', 'running', 'done', 'failed')`),
    check(
      'catalog_imports_progress_check',
      sql`${table.rowsDone} between 0 and ${table.rowsTotal} and ${table.productsDone} between 0 and ${table.productsTotal}`,
    ),
  ],
);
