import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { kobo } from '../../platform/db/kobo.js';

/** A named group of states priced alike (South West, North Central, …). */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('shipping_zones_name_key').on(sql`lower(${table.name})`)],
);

/** The states of each zone. The state is the key, so a state belongs to one zone at most. */
export const shippingZoneStates = pgTable('shipping_zone_states', {
  state: text().primaryKey(),
  zoneId: uuid()
    .notNull()
    .references(() => shippingZones.id, { onDelete: 'cascade' }),
});

/** The three Lagos cases of section 3 (withinLagos, lagosMerchant, lagosCustomer): one rate each. */
export const shippingLagosRates = pgTable(
  'shipping_lagos_rates',
  {
    lagosCase: text().$type<'withinLagos' | 'lagosMerchant' | 'lagosCustomer'>().primaryKey(),
    baseKobo: kobo().notNull(),
    perKgKobo: kobo().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'shipping_lagos_rates_case_check',
      sql`${table.lagosCase} in ('withinLagos', 'lagosMerchant', 'lagosCustomer')`,
    ),
    check('shipping_lagos_rates_amounts_check', sql`${table.baseKobo} >= 0 and ${table.perKgKobo} >= 0`),
  ],
);

/** Zone-to-zone rates; from = to is the same-zone rate. A missing direction falls back to the reverse one. */
export const shippingZoneRates = pgTable(
  'shipping_zone_rates',
  {
    fromZoneId: uuid()
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    toZoneId: uuid()
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    baseKobo: kobo().notNull(),
    perKgKobo: kobo().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.fromZoneId, table.toZoneId] }),
    check('shipping_zone_rates_amounts_check', sql`${table.baseKobo} >= 0 and ${table.perKgKobo} >= 0`),
  ],
);

/** Delivery vehicles; a shipment goes on the smallest active one that carries its chargeable weight. */
export const shippingVehicles = pgTable(
  'shipping_vehicles',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** Grams, so that weights compare as integers. */
    maxWeightGrams: integer().notNull(),
    surchargeKobo: kobo().notNull().default(0),
    /**
     * Whether it carries from one state to another (issue 34, item 6): a motorbike courier delivers within a state,
     * so Lagos → Enugu goes by the smallest road vehicle that makes the trip and carries the weight.
     */
    betweenStates: boolean().notNull().default(true),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('shipping_vehicles_name_key').on(sql`lower(${table.name})`),
    check(
      'shipping_vehicles_amounts_check',
      sql`${table.maxWeightGrams} > 0 and ${table.surchargeKobo} >= 0`,
    ),
  ],
);
