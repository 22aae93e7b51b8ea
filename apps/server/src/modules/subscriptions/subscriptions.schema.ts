import type { InvoiceStatus } from '@market/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { kobo } from '../../platform/db/kobo.js';
import { stores } from '../stores/stores.schema.js';

/** Plans stores subscribe to; admins manage them. The migration seeds Starter, Growth and Pro. */
export const plans = pgTable(
  'plans',
  {
    id: uuid().primaryKey().defaultRandom(),
    code: text().notNull(),
    name: text().notNull(),
    summary: text().notNull().default(''),
    includes: jsonb().$type<string[]>().notNull().default([]),
    monthlyPriceKobo: kobo().notNull(),
    /** null: no limit. */
    productLimit: integer(),
    isDefault: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('plans_code_key').on(table.code),
    // At most one default plan: the one every store that pays for none is on.
    uniqueIndex('plans_one_default_key').on(table.isDefault).where(sql`is_default`),
    check('plans_price_check', sql`monthly_price_kobo >= 0`),
    check('plans_limit_check', sql`product_limit is null or product_limit > 0`),
  ],
);

/** A store's paid plan: active until currentPeriodEnd, extended by each paid invoice. */
export const storeSubscriptions = pgTable('store_subscriptions', {
  storeId: uuid()
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  planId: uuid()
    .notNull()
    .references(() => plans.id),
  currentPeriodStart: timestamp({ withTimezone: true }).notNull(),
  currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
  /** The renewal job charges the saved card a day before the period ends while this is on. */
  autoRenew: boolean().notNull().default(true),
  /**
   * The provider's reusable card authorization (Paystack `authorization_code`) from the last paid invoice. A secret
   * of the store's card: never answered, never logged; only brand and last four digits are shown.
   */
  authorizationCode: text(),
  /** The payer's e-mail the authorization was issued to: Paystack charges it only for that customer. */
  authorizationEmail: text(),
  cardBrand: text(),
  cardLast4: text(),
  /** Failed automatic charges for the running period; reset when one succeeds. */
  renewalAttempts: integer().notNull().default(0),
  /** The earliest time the job tries again after a failed automatic charge (back-off). */
  nextRenewalAttemptAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One month of a plan, paid through the payment provider under its reference (prefix SUB). */
export const subscriptionInvoices = pgTable(
  'subscription_invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    planId: uuid()
      .notNull()
      .references(() => plans.id),
    /** The plan's name and price when the invoice was raised: a later change of the plan does not alter it. */
    planName: text().notNull(),
    amountKobo: kobo().notNull(),
    reference: text().notNull(),
    status: text().$type<InvoiceStatus>().notNull().default('pending'),
    /** The month the invoice pays for; set again when it is paid (it starts then, or when the last one ends). */
    periodStart: timestamp({ withTimezone: true }).notNull(),
    periodEnd: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    /** Set on invoices the renewal job raised: the end of the period they renew (one live renewal per period). */
    renewsPeriodEnd: timestamp({ withTimezone: true }),
    createdBy: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscription_invoices_reference_key').on(table.reference),
    index('subscription_invoices_store_created_idx').on(table.storeId, table.createdAt),
    // One automatic renewal per store and period that is pending or paid; a failed one may be tried again.
    uniqueIndex('subscription_invoices_one_renewal_key')
      .on(table.storeId, table.renewsPeriodEnd)
      .where(sql`renews_period_end is not null and status <> 'failed'`),
    check('subscription_invoices_amount_check', sql`amount_kobo >= 0`),
  ],
);
