import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores } from '../stores/stores.schema.js';

/** A store's payout account: one per store, its name as the bank resolved it when it was saved. */
export const storeBankAccounts = pgTable('store_bank_accounts', {
  storeId: uuid()
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  bankCode: text().notNull(),
  bankName: text().notNull(),
  /** NUBAN, 10 digits. Payouts read it whole; screens only ever get it masked. */
  accountNumber: text().notNull(),
  accountName: text().notNull(),
  /**
   * The store's Paystack subaccount for this account (ACCT_…), made when the account is saved in subaccount
   * settlement mode (ADR 051); null in transfer mode, or until it is made.
   */
  subaccountCode: text(),
  updatedBy: uuid().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
