import { bound } from '../../platform/bound.js';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { appliedCodes, applyLiveCode, liveCode, removeCode } from './coupons.codes.js';
import type { CouponsContext } from './coupons.context.js';
import { create, get, list, remove, update } from './coupons.merchants.js';
import { forProducts, validate } from './coupons.offers.js';
import {
  evaluateCoupons,
  holdRedemptions,
  recordRedemptions,
  releaseRedemptions,
} from './coupons.redemptions.js';
import { appliedCodeRows, hasAnyRedemption } from './coupons.repository.js';

export type {
  EvaluateCouponsInput,
  RecordRedemptionsInput,
  RedemptionOutcome,
} from './coupons.context.js';
export type { AppliedCoupon, CouponEvaluation, CouponLine } from './coupons.rules.js';

/**
 * Merchant and platform coupons. Named functions of a `CouponsContext` (ADR 091, 105) in files by concern: the
 * context and field conversion (`coupons.context.ts`), a merchant's coupons (`coupons.merchants.ts`), what a
 * customer is offered (`coupons.offers.ts`), the rule engine and redemptions (`coupons.redemptions.ts`, over the
 * pure rules of `coupons.rules.ts`), the codes on a cart (`coupons.codes.ts`); bound here.
 */
export function createCouponsService(deps: Deps) {
  const { db } = deps;
  const ctx: CouponsContext = {
    db,
    now: () => deps.now(),
  };
  return {
    // merchants
    list: bound(ctx, list),
    get: bound(ctx, get),
    create: bound(ctx, create),
    update: bound(ctx, update),
    remove: bound(ctx, remove),

    // customers
    forProducts: bound(ctx, forProducts),
    /** What one code would take off these products, on its own (Automatic coupons do not compete here). */
    validate: bound(ctx, validate),

    evaluateCoupons,
    holdRedemptions: bound(ctx, holdRedemptions),
    releaseRedemptions,
    recordRedemptions: bound(ctx, recordRedemptions),
    appliedCodes,
    appliedCodesOf: (customerId: string) => appliedCodeRows(db, customerId),
    /** Apply a code, in two steps around the cart's read of its lines (flows/apply-coupon.ts). */
    liveCode: bound(ctx, liveCode),
    applyLiveCode: bound(ctx, applyLiveCode),
    removeCode: bound(ctx, removeCode),
    /** Whether the customer ever had a paid coupon redemption. */
    hasRedeemedAnyCoupon: (executor: Db, customerId: string) => hasAnyRedemption(executor, customerId),
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
