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

// Pay on delivery (ADR 074). Money figures are the ledger's (carrier_cash, pod_fees, pod_remitted); these tables say
// who may use it, which collection a remittance pays for, and who refused a parcel at the door.

/** The admin's rules: one row (id 1). */
export const podSettings = pgTable(
  'pod_settings',
  {
    id: integer().primaryKey().default(1),
    enabled: boolean().notNull().default(false),
    /** Shipping zones (shipping module) whose states may pay on delivery. */
    zoneIds: jsonb().$type<string[]>().notNull().default([]),
    /** Largest order total (items − discount + delivery) that may be paid on delivery. */
    maxOrderKobo: kobo().notNull(),
    /** Added to what the carrier collects; the platform's. */
    feeKobo: kobo().notNull(),
    /** A customer who refused this many parcels at the door within the period may not pay on delivery. */
    refusalLimit: integer().notNull(),
    refusalPeriodDays: integer().notNull(),
    /** A carrier holding this much cash or more gets no new pay-on-delivery assignments. */
    carrierCashLimitKobo: kobo().notNull(),
    updatedBy: uuid(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('pod_settings_single_row', sql`${table.id} = 1`),
    check(
      'pod_settings_amounts',
      sql`${table.maxOrderKobo} > 0 and ${table.feeKobo} >= 0 and ${table.carrierCashLimitKobo} > 0 and ${table.refusalLimit} >= 1 and ${table.refusalPeriodDays} >= 1`,
    ),
  ],
);

/** A store's opt-in; no row is "off". */
export const podStoreSettings = pgTable('pod_store_settings', {
  storeId: uuid().primaryKey(),
  enabled: boolean().notNull(),
  updatedBy: uuid(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const podMethods = ['cash', 'pos', 'transfer'] as const;
export type PodMethod = (typeof podMethods)[number];

/** Money a carrier took at the door for one order; held by the carrier until a confirmed remittance covers it. */
export const podCollections = pgTable(
  'pod_collections',
  {
    orderId: uuid().primaryKey(),
    orderName: text().notNull(),
    storeId: uuid().notNull(),
    carrierId: uuid().notNull(),
    carrierKind: text().$type<'dispatcher' | 'partner' | 'hub'>().notNull(),
    carrierName: text().notNull(),
    method: text().$type<PodMethod>().notNull(),
    /** The POS slip's or the transfer's reference; null for cash. */
    reference: text(),
    /** What the carrier took: the order's total plus the fee. */
    amountKobo: kobo().notNull(),
    feeKobo: kobo().notNull(),
    /** The remittance that claims it (submitted or confirmed); null while the carrier holds it. */
    remittanceId: uuid(),
    /** Set when that remittance is confirmed. */
    remittedAt: timestamp({ withTimezone: true }),
    collectedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('pod_collections_carrier_idx').on(table.carrierId, table.collectedAt),
    index('pod_collections_remittance_idx').on(table.remittanceId).where(sql`remittance_id is not null`),
    check('pod_collections_amount_positive', sql`${table.amountKobo} > 0 and ${table.feeKobo} >= 0`),
  ],
);

export const remittanceStatuses = ['submitted', 'confirmed', 'rejected'] as const;
export type RemittanceStatus = (typeof remittanceStatuses)[number];

/** A carrier's transfer of held cash to the platform, for the collections it names. */
export const podRemittances = pgTable(
  'pod_remittances',
  {
    id: uuid().primaryKey().defaultRandom(),
    carrierId: uuid().notNull(),
    carrierKind: text().$type<'dispatcher' | 'partner' | 'hub'>().notNull(),
    carrierName: text().notNull(),
    /** The bank transfer's reference, as the carrier's bank gave it. */
    reference: text().notNull(),
    amountKobo: kobo().notNull(),
    orderCount: integer().notNull(),
    status: text().$type<RemittanceStatus>().notNull().default('submitted'),
    decidedBy: uuid(),
    decisionNote: text(),
    submittedAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    // One transfer pays for one remittance: the same reference twice is a repeat, not a second payment.
    uniqueIndex('pod_remittances_reference_key').on(table.carrierId, table.reference),
    index('pod_remittances_status_idx').on(table.status, table.submittedAt),
    check('pod_remittances_amount_positive', sql`${table.amountKobo} > 0`),
  ],
);

/** A pay-on-delivery parcel the customer refused at the door. */
export const podRefusals = pgTable(
  'pod_refusals',
  {
    orderId: uuid().primaryKey(),
    customerId: uuid().notNull(),
    refusedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('pod_refusals_customer_idx').on(table.customerId, table.refusedAt)],
);
