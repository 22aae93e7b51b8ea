import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sign-in and password-reset counters on PostgreSQL without Redis, so every server process counts the same
 * attempts (ADR 043). The shape is rate-limiter-flexible's RateLimiterDrizzle's: a key (the limiter's prefix and
 * the address or email), the points used, and when they expire.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text().primaryKey(),
  points: integer().notNull(),
  expire: timestamp({ withTimezone: true }),
});
