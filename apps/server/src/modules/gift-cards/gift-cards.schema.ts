import type { GiftCardActivityType } from '@market/contracts';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { kobo } from '../../platform/db/kobo.js';
import { users } from '../auth/auth.schema.js';

export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid().primaryKey().defaultRandom(),
    purchaserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** SHA-256 (hex) of the normalised code: lookups never need the code itself. */
    codeHash: text().notNull(),
    codeLast4: text().notNull(),
    /** AES-256-GCM of the code, so the purchaser can see it again in my-cards. */
    codeEncrypted: text().notNull(),
    amountKobo: kobo().notNull(),
    /** 0 until paid; never below 0 (checked by the database too). */
    balanceKobo: kobo().notNull().default(0),
    status: text().$type<'pending_payment' | 'active'>().notNull().default('pending_payment'),
    recipientEmail: text(),
    recipientName: text(),
    message: text(),
    /** The latest payment reference started for it. */
    paymentReference: text(),
    activatedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('gift_cards_code_hash_key').on(table.codeHash),
    index('gift_cards_purchaser_created_idx').on(table.purchaserId, table.createdAt),
    index('gift_cards_created_idx').on(table.createdAt),
    check('gift_cards_balance_check', sql`balance_kobo >= 0 and balance_kobo <= amount_kobo`),
  ],
);

/** Each payment attempt of a card; the GFT payment purpose finds the card by reference here. */
export const giftCardPayments = pgTable('gift_card_payments', {
  reference: text().primaryKey(),
  giftCardId: uuid()
    .notNull()
    .references(() => giftCards.id, { onDelete: 'cascade' }),
  amountKobo: kobo().notNull(),
  status: text().$type<'pending' | 'paid' | 'failed'>().notNull().default('pending'),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Money a checkout took from a card until it is paid (confirmed) or not (released). */
export const giftCardHolds = pgTable(
  'gift_card_holds',
  {
    id: uuid().primaryKey().defaultRandom(),
    giftCardId: uuid()
      .notNull()
      .references(() => giftCards.id),
    trackerId: text().notNull(),
    customerId: uuid().notNull(),
    amountKobo: kobo().notNull(),
    status: text().$type<'held' | 'released' | 'confirmed'>().notNull().default('held'),
    /** Of a confirmed hold, what a refund (cancellation or return) gave back to the card. */
    refundedKobo: kobo().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('gift_card_holds_tracker_card_key').on(table.trackerId, table.giftCardId),
    index('gift_card_holds_held_idx').on(table.status).where(sql`status = 'held'`),
  ],
);

/** Every change of a balance, for the purchaser's trust and the admins' books. */
export const giftCardActivities = pgTable(
  'gift_card_activities',
  {
    id: uuid().primaryKey().defaultRandom(),
    giftCardId: uuid()
      .notNull()
      .references(() => giftCards.id),
    type: text().$type<GiftCardActivityType>().notNull(),
    amountKobo: kobo().notNull(),
    balanceAfterKobo: kobo().notNull(),
    trackerId: text(),
    customerId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('gift_card_activities_created_idx').on(table.createdAt),
    index('gift_card_activities_card_idx').on(table.giftCardId, table.createdAt),
  ],
);

/** Cards a customer applied to the cart, used in the order applied. */
export const customerAppliedGiftCards = pgTable(
  'customer_applied_gift_cards',
  {
    customerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    giftCardId: uuid()
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    appliedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.giftCardId] })],
);
