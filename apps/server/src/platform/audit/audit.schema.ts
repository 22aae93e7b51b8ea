import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit trail (issue 33, ADR 072): one line per decision about money, access or approval, written in the
 * transaction of the change. Append-only: a trigger of the migration refuses UPDATE, DELETE and TRUNCATE (the
 * retention purge alone may delete lines older than the retention, see the migration).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    /** Grows with every line: the cursor of the admin's pages, newest first. */
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The account that acted; null for the platform's own jobs. */
    actorId: uuid(),
    actorKind: text(),
    /** Its admin role, or its role in its store, when it acted. */
    actorRole: text(),
    action: text().notNull(),
    subjectType: text().notNull(),
    subjectId: text().notNull(),
    /** The store the decision concerns, so its owner reads their own store's trail. */
    storeId: uuid(),
    /** The changed fields only, before and after; never a secret, hash or token (see `auditValues`). */
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    reason: text(),
    ip: text(),
    userAgent: text(),
    requestId: text(),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_actor_idx').on(table.actorId, table.id),
    index('audit_log_subject_idx').on(table.subjectType, table.subjectId, table.id),
    index('audit_log_action_idx').on(table.action, table.id),
    index('audit_log_store_idx').on(table.storeId, table.id),
  ],
);
