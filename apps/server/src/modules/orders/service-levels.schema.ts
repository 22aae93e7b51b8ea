import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The admin's service-level limits (issue 35): one row per kind that has been set; a kind with no row keeps its
 * default (DEFAULT_SERVICE_LEVEL_HOURS in the contract).
 */
export const serviceLevelLimits = pgTable(
  'service_level_limits',
  {
    kind: text().primaryKey(),
    hours: integer().notNull(),
    updatedBy: uuid(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('service_level_limits_hours', sql`${table.hours} between 1 and 720`)],
);
