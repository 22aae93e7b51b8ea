import {
  type createCouponBody,
  type DiscountType,
  koboToNaira,
  type MinRequireType,
  nairaToKobo,
} from '@market/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import type { CouponRow } from './coupons.repository.js';
import type { AppliedCoupon, CouponLine } from './coupons.rules.js';

// What the coupons service's functions share (ADR 091, 105): the context, the inputs and answers of its callers,
// and the conversion between the contract's naira and the stored kobo and basis points.

/** How many codes a cart may carry at once (one per store is ever used). */
export const MAX_APPLIED_CODES = 10;

export interface EvaluateCouponsInput {
  customerId: string;
  codes: string[];
  lines: CouponLine[];
  now: Date;
  /** The candidate coupons read ahead with the cart (`candidateCouponsPart`): no read of their own then. */
  candidates?: CouponRow[];
}

export interface RecordRedemptionsInput {
  trackerId: string;
  customerId: string;
  applied: Pick<AppliedCoupon, 'couponId' | 'storeId' | 'discountKobo' | 'code'>[];
}

export interface RedemptionOutcome {
  recorded: { couponId: string; discountKobo: number }[];
  refused: { couponId: string; code: string | null; reason: string }[];
}

/** What the coupons service's functions work with. */
export interface CouponsContext {
  db: Db;
  now(): Date;
}

// ---------- money and field conversion: naira outside, kobo / basis points inside ----------

function valueToStored(type: DiscountType, value: number): number {
  // Percent keeps 2 decimals as basis points; the same exact decimal conversion as naira to kobo.
  if (type === 'BuyXGetY') return value;
  return nairaToKobo(value);
}

function valueFromStored(type: DiscountType, stored: number): number {
  return type === 'BuyXGetY' ? stored : koboToNaira(stored);
}

function minToStored(type: MinRequireType, value: number): number {
  if (type === 'None') return 0;
  return type === 'Amount' ? nairaToKobo(value) : value;
}

function minFromStored(type: MinRequireType, stored: number): number {
  return type === 'Amount' ? koboToNaira(stored) : stored;
}

export type CouponInput = z.output<typeof createCouponBody>;

export function toColumns(input: CouponInput) {
  return {
    discountMode: input.discountMode,
    code: input.discountMode === 'Code' ? (input.code ?? null) : null,
    description: input.description,
    discountType: input.discountType,
    discountValue: valueToStored(input.discountType, input.discountValue),
    startDate: input.startDate,
    endDate: input.endDate,
    spendAppliesTo: input.spendAppliesTo,
    spendAppliesToIds: input.spendAppliesTo === 'AllProducts' ? [] : input.spendAppliesToId,
    minRequireType: input.minRequireType,
    minRequireValue: minToStored(input.minRequireType, input.minRequireValue),
    usageLimit: input.usageLimit,
    usageLimitPerUser: input.usageLimitPerUser,
    customerEligibility: input.customerEligibility,
    customerIds: input.customerEligibility === 'SpecificCustomers' ? input.customerIds : [],
    customerRewardKobo: nairaToKobo(input.customerReward),
    rewardAppliesTo: input.rewardAppliesTo,
    rewardAppliesToIds: input.rewardAppliesToId,
    rewardValue: input.rewardValue,
    isPublic: input.isPublic,
    isActive: input.isActive,
  };
}

export function toInput(row: CouponRow): CouponInput {
  return {
    discountMode: row.discountMode,
    code: row.code,
    description: row.description,
    discountType: row.discountType,
    discountValue: valueFromStored(row.discountType, row.discountValue),
    startDate: row.startDate,
    endDate: row.endDate,
    spendAppliesTo: row.spendAppliesTo,
    spendAppliesToId: row.spendAppliesToIds,
    minRequireType: row.minRequireType,
    minRequireValue: minFromStored(row.minRequireType, row.minRequireValue),
    usageLimit: row.usageLimit,
    usageLimitPerUser: row.usageLimitPerUser,
    customerEligibility: row.customerEligibility,
    customerIds: row.customerIds,
    customerReward: koboToNaira(row.customerRewardKobo),
    rewardAppliesTo: row.rewardAppliesTo,
    rewardAppliesToId: row.rewardAppliesToIds,
    rewardValue: row.rewardValue,
    isPublic: row.isPublic,
    isActive: row.isActive,
  };
}

export function categoryIdsOf(product: {
  categoryId: string;
  subCategoryId: string | null;
  childCategoryId: string | null;
}) {
  return [product.categoryId, product.subCategoryId, product.childCategoryId].filter(
    (id): id is string => id !== null,
  );
}
