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
import { reasons, unavailableReason } from './coupons.rules.js';

// The codes a customer applied to the cart (the cart reads them; ADR 091, 105).

export function appliedCodes(executor: Db, customerId: string): Promise<string[]> {
  return appliedCodeRows(executor, customerId);
}

/** Puts a code on the customer's cart after checking it is a live code this customer may use. */
export async function applyCode(ctx: CouponsContext, customerId: string, rawCode: string): Promise<string[]> {
  const code = rawCode.trim().toUpperCase();
  // One answer for an unknown code and for a code that does not apply to this cart or customer, whatever the
  // reason: the answer never tells a guesser that a code exists. A code applies only to a cart it discounts.
  const unusable = () => validation('code', reasons.unusable);
  const rows = (await candidateCoupons(ctx.db, [], [code])).filter((row) => row.discountMode === 'Code');
  if (rows.length === 0) throw unusable();
  const customer = await facts(ctx.db, customerId, rows);
  const now = ctx.now();
  if (rows.every((row) => unavailableReason(toRule(row), customer, now) !== null)) throw unusable();
  const lines = await ctx.ports.cartLines(ctx.db, customerId, ctx.now());
  if (lines.length === 0) throw unusable();
  const result = await evaluate(ctx.db, { customerId, codes: [code], lines, now }, { automatic: false });
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
