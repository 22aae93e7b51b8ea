import type { AdminPermission, StorePermission } from '@market/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * What happened that somebody must be told (issue 23), written in the transaction that made it happen: the
 * notifications module fans each event out to its recipients later, so a checkout pays for one row, not for
 * finding every staff member and writing their mail. `key` names the event once (`order.paid:<orderId>`), so an
 * event emitted again by a retried request is the same event.
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    key: text().notNull(),
    /** Who is told: one account, a store's members with a permission, or admins with a permission. */
    audience: jsonb().$type<EventAudience[]>().notNull(),
    params: jsonb().$type<Record<string, string | number | null>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set in the transaction that wrote its notifications: an event is fanned out once. */
    fannedOutAt: timestamp({ withTimezone: true }),
    /** Tries that failed (a recipient's row could not be written); after five the event is left for a person. */
    attempts: integer().notNull().default(0),
    lastError: text(),
  },
  (table) => [
    uniqueIndex('notification_events_key').on(table.key),
    index('notification_events_waiting_idx').on(table.createdAt).where(sql`fanned_out_at is null`),
  ],
);

export type EventAudience =
  | { user: string }
  | { store: string; permission: StorePermission }
  | { admins: AdminPermission };
