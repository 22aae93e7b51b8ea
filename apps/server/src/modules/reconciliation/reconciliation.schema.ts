import type { ReconciliationDifferenceKind, ReconciliationSubject } from '@market/contracts';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One comparison of the provider's statements with the books over a window of Lagos days (ADR 065), by the daily
 * job or an admin. Its differences are kept with it; nothing here moves money.
 */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The window's Lagos days (YYYY-MM-DD), both ends counted. */
    fromDay: text().notNull(),
    toDay: text().notNull(),
    status: text().$type<'running' | 'done' | 'failed'>().notNull().default('running'),
    trigger: text().$type<'schedule' | 'admin'>().notNull(),
    provider: text().notNull(),
    /** The admin who asked for it; null for the daily job. */
    startedBy: uuid(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    listed: jsonb()
      .$type<{ transactions: number; refunds: number; transfers: number; settlements: number }>()
      .notNull()
      .default({ transactions: 0, refunds: 0, transfers: 0, settlements: 0 }),
    differenceCount: integer().notNull().default(0),
    failure: text(),
  },
  (table) => [index('reconciliation_runs_started_idx').on(table.startedAt)],
);

/**
 * One difference a run found. `key` names the fact across runs (kind, subject, reference), so an explanation given on
 * one run's difference is carried to the next run that finds it again. Explained means an admin wrote why (who and
 * when kept); the money is not touched.
 */
export const reconciliationDifferences = pgTable(
  'reconciliation_differences',
  {
    id: uuid().primaryKey().defaultRandom(),
    runId: uuid()
      .notNull()
      .references(() => reconciliationRuns.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    kind: text().$type<ReconciliationDifferenceKind>().notNull(),
    subject: text().$type<ReconciliationSubject>().notNull(),
    reference: text().notNull(),
    providerId: text(),
    booksAmountKobo: bigint({ mode: 'number' }),
    providerAmountKobo: bigint({ mode: 'number' }),
    booksStatus: text(),
    providerStatus: text(),
    detail: text().notNull(),
    occurredAt: timestamp({ withTimezone: true }),
    explainedAt: timestamp({ withTimezone: true }),
    explainedBy: uuid(),
    explanation: text(),
  },
  (table) => [
    index('reconciliation_differences_run_idx').on(table.runId, table.kind),
    index('reconciliation_differences_key_idx').on(table.key, table.explainedAt),
  ],
);
