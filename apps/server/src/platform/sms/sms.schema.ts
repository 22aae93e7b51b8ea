import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every SMS the product sends is written here first (as mail is to `outbox_mails`). With a Termii key a job claims
 * unsent rows and sends them; without one (the embedded default) they stay here for the developer's outbox.
 */
export const outboxSms = pgTable(
  'outbox_sms',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** International format without the plus (2348012345678), as Termii takes it. */
    to: text().notNull(),
    text: text().notNull(),
    segments: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    /** Termii's `message_id` for a sent message. */
    providerMessageId: text(),
    attempts: integer().notNull().default(0),
    claimedAt: timestamp({ withTimezone: true }),
    lastError: text(),
    /** The order a text is about, for the per-order budget (issue 31). */
    orderId: uuid(),
    /** The notification kind it words, so a newer text of the same kind about the same order replaces it. */
    kind: text(),
    /** Not sent before this (an assignment's text waits for the assignment to settle). */
    notBefore: timestamp({ withTimezone: true }),
    /**
     * Why it is kept and never sent: a budget reached (`recipient-hour`, `order`, `platform-day`) or `superseded`
     * by a newer text. Its notification stays in the app and in mail; admins see these counted.
     */
    heldReason: text(),
    /**
     * `sms`, or `whatsapp` (issue 36): a WhatsApp message is one of these rows too, so it counts in the same budget
     * and is claimed the same way. A WhatsApp message Termii refuses becomes an SMS (the row's `text`).
     */
    channel: text().$type<'sms' | 'whatsapp'>().notNull().default('sms'),
    /** The approved WhatsApp template's id at Termii, and the values of its placeholders. */
    templateId: text(),
    templateData: jsonb().$type<Record<string, string>>(),
    /**
     * `unknown`: the request left and no answer came (a timeout, a dropped connection, a 5xx): it may have been
     * delivered, so it is never sent again on its own.
     */
    outcome: text().$type<'unknown'>(),
  },
  (table) => [
    index('outbox_sms_created_idx').on(table.createdAt),
    index('outbox_sms_to_idx').on(table.to, table.createdAt),
    index('outbox_sms_order_idx').on(table.orderId).where(sql`order_id is not null`),
  ],
);
