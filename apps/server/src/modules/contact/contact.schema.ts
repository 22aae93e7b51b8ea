import type { ContactStatus } from '@market/contracts';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A message sent through the public contact form; also mailed to the platform's contact address. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    ipAddress: text(),
    status: text().$type<ContactStatus>().notNull().default('new'),
    /** The last reply mailed to the sender, by whom and when. */
    reply: text(),
    repliedBy: uuid(),
    repliedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt)],
);
