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
    /**
     * The sender proved the address with the link of the first mail (issue 31): only then does the reply quote
     * their message back. The link's token is kept as its hash.
     */
    emailConfirmedAt: timestamp({ withTimezone: true }),
    confirmTokenHash: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('contact_messages_created_idx').on(table.createdAt),
    index('contact_messages_confirm_idx').on(table.confirmTokenHash),
  ],
);
