import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every uploaded file. Public media (product images, logos) are served from their URL; private files (identity
 * documents, proofs of address) only through an authorised download, never under a guessable URL.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerUserId: uuid().notNull(),
    visibility: text().$type<'public' | 'private'>().notNull(),
    purpose: text().notNull(),
    /** Key in the store (local disk or S3); for images, the key prefix of its sizes. */
    storageKey: text().notNull(),
    contentType: text().notNull(),
    byteSize: integer().notNull(),
    originalName: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('stored_files_owner_idx').on(table.ownerUserId)],
);
