import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The keys of idempotent money requests (ADR 064): one row per account and `Idempotency-Key`, claimed when the
 * request starts and given its answer when it ends, so a repeat of the request is answered from here instead of
 * doing the work again. Rows expire (the `http.purge-idempotency-keys` job deletes them).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Whose key space: the account kind and id, so one account never reads another's answer. */
    accountKind: text().notNull(),
    accountId: text().notNull(),
    key: text().notNull(),
    /** SHA-256 of the method, the route and the request's parameters, query, body and file. */
    fingerprint: text().notNull(),
    /** Null while the first request runs; then the status of its answer. */
    status: integer(),
    /** The answer's body as sent (the JSON envelope), null while the first request runs. */
    answer: text(),
    /** While running: after this moment the claim counts as abandoned (a process that died) and may be taken. */
    lockedUntil: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountKind, table.accountId, table.key] }),
    index('idempotency_keys_expires_idx').on(table.expiresAt),
  ],
);
