import type { TestimonialStatus } from '@market/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.js';

/** A customer's words about the platform; shown on the home page once an admin approves them. */
export const platformTestimonials = pgTable(
  'platform_testimonials',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** First name and last initial at the time of writing. */
    authorName: text().notNull(),
    text: text().notNull(),
    rating: integer().notNull(),
    status: text().$type<TestimonialStatus>().notNull().default('pending'),
    decidedBy: uuid(),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('platform_testimonials_status_idx').on(table.status, table.createdAt),
    index('platform_testimonials_customer_idx').on(table.customerId, table.createdAt),
    check('platform_testimonials_rating_check', sql`rating between 1 and 5`),
  ],
);

export type TestimonialRow = typeof platformTestimonials.$inferSelect;
