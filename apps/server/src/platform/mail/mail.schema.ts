import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every mail the product sends is written here first; SMTP delivery, when configured, records its outcome. */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    links: jsonb().$type<string[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    /** Set while one server process delivers the mail, so that two processes never send it twice. */
    claimedAt: timestamp({ withTimezone: true }),
    lastError: text(),
  },
  (table) => [
    index('outbox_mails_created_idx').on(table.createdAt),
    index('outbox_mails_to_idx').on(table.to),
  ],
);
