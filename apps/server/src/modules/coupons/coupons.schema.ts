import type {
  CustomerEligibility,
  DiscountMode,
  DiscountType,
  MinRequireType,
  RewardAppliesTo,
  SpendAppliesTo,
} from '@market/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { kobo } from '../../platform/db/kobo.js';
import { users } from '../auth/auth.schema.js';
import { stores } from '../stores/stores.schema.js';

/** A merchant's coupon. Amounts are integer kobo; the meaning of discountValue depends on the type (see below). */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    discountMode: text().$type<DiscountMode>().notNull().default('Automatic'),
    /** Upper-case, so that a unique index makes codes unique per store case-insensitively. */
    code: text(),
    description: text().notNull().default(''),
    discountType: text().$type<DiscountType>().notNull(),
    /** Percent: basis points (10.5% = 1050); Fixed: kobo; BuyXGetY: how many reward items (Y). */
    discountValue: kobo().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }),
    spendAppliesTo: text().$type<SpendAppliesTo>().notNull().default('AllProducts'),
    spendAppliesToIds: jsonb().$type<string[]>().notNull().default([]),
    minRequireType: text().$type<MinRequireType>().notNull().default('Amount'),
    /** Amount: kobo; Quantity: units. */
    minRequireValue: kobo().notNull().default(0),
    /** 0 means unlimited. */
    usageLimit: integer().notNull().default(0),
    usageLimitPerUser: integer().notNull().default(0),
    /** Paid redemptions so far; only recordRedemptions moves it, under the limit. */
    usedCount: integer().notNull().default(0),
    customerEligibility: text().$type<CustomerEligibility>().notNull().default('Everyone'),
    customerIds: jsonb().$type<string[]>().notNull().default([]),
    customerRewardKobo: kobo().notNull().default(200_000),
    rewardAppliesTo: text().$type<RewardAppliesTo>().notNull().default('Product'),
    rewardAppliesToIds: jsonb().$type<string[]>().notNull().default([]),
    /** Percent off each reward item of a BuyXGetY coupon. */
    rewardValue: integer().notNull().default(20),
    isPublic: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    createdBy: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Deleted coupons stay for the orders that used them. */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('coupons_store_code_key')
      .on(table.storeId, table.code)
      .where(sql`code is not null and deleted_at is null`),
    index('coupons_store_created_idx').on(table.storeId, table.createdAt),
    check(
      'coupons_used_count_check',
      sql`used_count >= 0 and (usage_limit = 0 or used_count <= usage_limit)`,
    ),
  ],
);

export const redemptionStatuses = ['held', 'paid'] as const;
export type RedemptionStatus = (typeof redemptionStatuses)[number];

/**
 * One use of a coupon by a customer in a checkout; (coupon, tracker) once. `held` from the moment the checkout is
 * created (counted against the limits like a paid use) until it is paid (`paid`) or closes unpaid (row deleted).
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    couponId: uuid()
      .notNull()
      .references(() => coupons.id),
    customerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: uuid().notNull(),
    trackerId: text().notNull(),
    discountKobo: kobo().notNull(),
    status: text().$type<RedemptionStatus>().notNull().default('paid'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('coupon_redemptions_coupon_tracker_key').on(table.couponId, table.trackerId),
    index('coupon_redemptions_coupon_customer_idx').on(table.couponId, table.customerId),
    index('coupon_redemptions_customer_idx').on(table.customerId),
    index('coupon_redemptions_tracker_idx').on(table.trackerId),
  ],
);

/** Codes a customer applied to the cart (the cart module reads them through appliedCodes). */
export const customerAppliedCoupons = pgTable(
  'customer_applied_coupons',
  {
    customerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    appliedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.code] })],
);
