import type { Db } from '../../platform/db/client.js';
import { validation } from '../../platform/errors.js';
import { type CouponsContext, MAX_APPLIED_CODES } from './coupons.context.js';
import { evaluate, facts } from './coupons.redemptions.js';
import {
  appliedCodeRows,
  candidateCoupons,
  deleteAppliedCode,
  insertAppliedCode,
  toRule,
} from './coupons.repository.js';
import { type CouponLine, reasons, unavailableReason } from './coupons.rules.js';

// The codes a customer applied to the cart (the cart reads them; ADR 091, 105).

export function appliedCodes(executor: Db, customerId: string): Promise<string[]> {
  return appliedCodeRows(executor, customerId);
}

/** The one answer for a code that cannot go on this cart, whatever the reason (never telling a guesser it exists). */
const unusable = () => validation('code', reasons.unusable);

/**
 * A code the customer typed, as stored, when it is a live code this customer may use now; refused otherwise. The
 * apply-coupon flow (flows/apply-coupon.ts) reads the cart's lines only after this, then calls `applyLiveCode`.
 */
export async function liveCode(ctx: CouponsContext, customerId: string, rawCode: string): Promise<string> {
  const code = rawCode.trim().toUpperCase();
  const rows = (await candidateCoupons(ctx.db, [], [code])).filter((row) => row.discountMode === 'Code');
  if (rows.length === 0) throw unusable();
  const customer = await facts(ctx.db, customerId, rows);
  const now = ctx.now();
  if (rows.every((row) => unavailableReason(toRule(row), customer, now) !== null)) throw unusable();
  return code;
}

/**
 * Puts a live code (`liveCode`) on the customer's cart when it discounts the cart's lines: a code applies only to a
 * cart it discounts, with the same answer as an unknown code otherwise. Answers the codes on the cart.
 */
export async function applyLiveCode(
  ctx: CouponsContext,
  customerId: string,
  code: string,
  lines: CouponLine[],
): Promise<string[]> {
  if (lines.length === 0) throw unusable();
  const result = await evaluate(
    ctx.db,
    { customerId, codes: [code], lines, now: ctx.now() },
    { automatic: false },
  );
  if (!result.applied.some((entry) => entry.code === code)) throw unusable();
  const current = await appliedCodeRows(ctx.db, customerId);
  if (!current.includes(code) && current.length >= MAX_APPLIED_CODES)
    throw validation('code', `You can apply at most ${MAX_APPLIED_CODES} codes`);
  await insertAppliedCode(ctx.db, customerId, code);
  return appliedCodeRows(ctx.db, customerId);
}

export async function removeCode(
  ctx: CouponsContext,
  customerId: string,
  rawCode: string,
): Promise<string[]> {
  await deleteAppliedCode(ctx.db, customerId, rawCode.trim().toUpperCase());
  return appliedCodeRows(ctx.db, customerId);
}
