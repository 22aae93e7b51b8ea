import type { Db } from '../../platform/db/client.js';
import { isFirstTimeCustomer } from '../orders/index.js';
import type {
  CouponsContext,
  EvaluateCouponsInput,
  RecordRedemptionsInput,
  RedemptionOutcome,
} from './coupons.context.js';
import {
  type CouponRow,
  candidateCoupons,
  candidatesFor,
  deleteHeldRedemptions,
  heldByOthers,
  holdUses,
  lockCoupons,
  recordUses,
  redemptionCounts,
  toRule,
} from './coupons.repository.js';
import { type CouponEvaluation, evaluateCouponRules, reasons } from './coupons.rules.js';

// The rule engine over the database, and the uses of coupons held and paid by checkouts (ADR 091, 105).

export async function facts(executor: Db, customerId: string, couponRows: CouponRow[]) {
  const needsFirstTime = couponRows.some((row) => row.customerEligibility === 'FirstTimeCustomers');
  return {
    customerId,
    isFirstTimeCustomer: needsFirstTime ? await isFirstTimeCustomer(executor, customerId) : false,
    redemptionsByCoupon: await redemptionCounts(
      executor,
      customerId,
      couponRows.filter((row) => row.usageLimitPerUser > 0).map((row) => row.id),
    ),
  };
}

export async function evaluate(
  executor: Db,
  input: EvaluateCouponsInput,
  options: { automatic: boolean },
): Promise<CouponEvaluation> {
  const codes = [...new Set(input.codes.map((code) => code.trim().toUpperCase()).filter(Boolean))];
  const storeIds = [...new Set(input.lines.map((line) => line.storeId))];
  const rows = input.candidates
    ? candidatesFor(input.candidates, options.automatic ? storeIds : [], codes)
    : await candidateCoupons(executor, options.automatic ? storeIds : [], codes);
  const usable = options.automatic ? rows : rows.filter((row) => row.discountMode === 'Code');
  // Uses held by other customers' open checkouts are taken: a coupon they fill is not offered at all.
  const held = await heldByOthers(
    executor,
    input.customerId,
    usable.filter((row) => row.usageLimit > 0).map((row) => row.id),
  );
  return evaluateCouponRules(
    usable.map((row) => ({ ...toRule(row), usedCount: row.usedCount + (held.get(row.id) ?? 0) })),
    { ...input, codes },
    await facts(executor, input.customerId, usable),
  );
}

/**
 * Prices the coupons of a cart: the customer's codes and the Automatic coupons of the cart's stores, at most one
 * per store (the larger discount). Lines carry server-side prices; a coupon never touches another store's lines.
 */
export function evaluateCoupons(executor: Db, input: EvaluateCouponsInput): Promise<CouponEvaluation> {
  return evaluate(executor, input, { automatic: true });
}

/**
 * The coupons locked in id order (two checkouts locking the same coupons cannot deadlock), then `use` in a second
 * statement, whose snapshot counts every use committed before the locks were granted. In the caller's
 * transaction; given the pool, in one of its own (the locks must outlast the first statement).
 */
export async function underCouponLocks(
  ctx: CouponsContext,
  executor: Db,
  input: RecordRedemptionsInput,
  use: typeof holdUses,
): Promise<RedemptionOutcome> {
  const outcome: RedemptionOutcome = { recorded: [], refused: [] };
  if (input.applied.length === 0) return outcome;
  const run = async (tx: Db) => {
    await lockCoupons(
      tx,
      input.applied.map((applied) => applied.couponId),
    );
    return use(tx, { ...input, reasons: { perUser: reasons.perUser, exhausted: reasons.exhausted } });
  };
  const answers = new Map(
    (executor === ctx.db ? await ctx.db.transaction(run) : await run(executor)).map((row) => [
      row.couponId,
      row.refusal,
    ]),
  );
  for (const applied of input.applied) {
    const refusal = answers.get(applied.couponId);
    if (refusal) outcome.refused.push({ couponId: applied.couponId, code: applied.code, reason: refusal });
    else outcome.recorded.push({ couponId: applied.couponId, discountKobo: applied.discountKobo });
  }
  return outcome;
}

/**
 * Holds one use of each coupon for a checkout being created, for every coupon in one statement (issue 32). Each
 * coupon row is locked while its held and paid uses are counted against usageLimit and usageLimitPerUser, so
 * concurrent checkouts never hold more uses than the limits allow. Refused ones are returned; checkout refuses to
 * create the order then.
 */
export function holdRedemptions(
  ctx: CouponsContext,
  executor: Db,
  input: RecordRedemptionsInput,
): Promise<RedemptionOutcome> {
  return underCouponLocks(ctx, executor, input, holdUses);
}

/** A checkout closed unpaid (expired, replaced): the uses it held go back. */
export async function releaseRedemptions(executor: Db, trackerId: string): Promise<number> {
  return deleteHeldRedemptions(executor, trackerId);
}

/**
 * Counts the uses of the coupons of a paid checkout: the use held at checkout becomes paid. A checkout that held
 * none (created before holds existed) takes one now under the same row lock and limits. A use already paid for
 * this tracker counts as recorded (safe to call again). Refused ones are returned for checkout to decide.
 */
export function recordRedemptions(
  ctx: CouponsContext,
  executor: Db,
  input: RecordRedemptionsInput,
): Promise<RedemptionOutcome> {
  return underCouponLocks(ctx, executor, input, recordUses);
}
