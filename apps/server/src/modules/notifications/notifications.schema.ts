import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { notificationEvents } from '../../platform/notify/events.schema.js';
import { users } from '../auth/auth.schema.js';

/**
 * One account's copy of one event: the in-app list and its unread count. The pair (user, event) is unique, so an
 * event fanned out twice (a retry after a crash) tells nobody twice, by any channel: mail and SMS are written only
 * in the transaction that inserted this row.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid()
      .notNull()
      .references(() => notificationEvents.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    link: text(),
    /** False when the account turned the in-app channel off for this kind: kept for the once-only rule, not shown. */
    visible: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('notifications_user_event_key').on(table.userId, table.eventId),
    index('notifications_user_created_idx').on(table.userId, table.createdAt),
    index('notifications_user_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null and ${table.visible}`),
  ],
);

/** An account's choice of channels for one kind; a kind without a row uses the catalogue's defaults. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    inApp: boolean().notNull(),
    email: boolean().notNull(),
    sms: boolean().notNull(),
    /** Sent on WhatsApp as well, once the account opted in (`notification_settings`); off until chosen. */
    whatsapp: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);

/**
 * An account's settings across kinds (issue 36): its WhatsApp opt-in, a consent of its own (the number and when
 * it was given; withdrawn by clearing both), and an admin's choice of one digest a day.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** +234… as WhatsApp messages go to it; may differ from the account's phone. */
  whatsappPhone: text(),
  whatsappConsentAt: timestamp({ withTimezone: true }),
  dailyDigest: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
