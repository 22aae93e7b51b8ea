import { type CustomerCoupon, koboToNaira, type validateCouponBody } from '@market/contracts';
import type { z } from 'zod';
import { loadProductsForSale } from '../catalog/index.js';
import { type CouponsContext, categoryIdsOf, toInput } from './coupons.context.js';
import { evaluate, facts } from './coupons.redemptions.js';
import { candidateCoupons, listedCoupons, toRule } from './coupons.repository.js';
import { type CouponLine, isRewardLine, isSpendLine, reasons, unavailableReason } from './coupons.rules.js';

// What a customer is offered: the coupons that cover some products, and what one code would take off (ADR 091, 105).

export async function forProducts(
  ctx: CouponsContext,
  customerId: string,
  body: { storeIds: string[]; productIds: string[] },
) {
  const rows = await listedCoupons(ctx.db, body.storeIds);
  const products = await loadProductsForSale(ctx.db, body.productIds, ctx.now());
  const customer = await facts(ctx.db, customerId, rows);
  const now = ctx.now();
  const answer: {
    percentageCoupons: CustomerCoupon[];
    fixedCoupons: CustomerCoupon[];
    buyXGetYCoupons: CustomerCoupon[];
  } = {
    percentageCoupons: [],
    fixedCoupons: [],
    buyXGetYCoupons: [],
  };
  for (const row of rows) {
    const rule = toRule(row);
    if (unavailableReason(rule, customer, now)) continue;
    const covered = products
      .filter((product) => {
        const line = {
          productId: product.id,
          storeId: product.storeId,
          categoryIds: categoryIdsOf(product),
        };
        return isSpendLine(rule, line) || (rule.discountType === 'BuyXGetY' && isRewardLine(rule, line));
      })
      .map((product) => product.id);
    if (covered.length === 0) continue;
    const input = toInput(row);
    const item: CustomerCoupon = {
      id: row.id,
      storeId: row.storeId,
      discountMode: row.discountMode,
      code: row.code,
      description: row.description,
      discountType: row.discountType,
      discountValue: input.discountValue,
      startDate: row.startDate,
      endDate: row.endDate,
      spendAppliesTo: row.spendAppliesTo,
      minRequireType: row.minRequireType,
      minRequireValue: input.minRequireValue,
      rewardValue: row.rewardValue,
      productIds: covered,
    };
    if (row.discountType === 'Percent') answer.percentageCoupons.push(item);
    else if (row.discountType === 'Fixed') answer.fixedCoupons.push(item);
    else answer.buyXGetYCoupons.push(item);
  }
  return answer;
}

/** What one code would take off these products, on its own (Automatic coupons do not compete here). */
export async function validate(
  ctx: CouponsContext,
  customerId: string,
  body: z.output<typeof validateCouponBody>,
) {
  const quantities = new Map<string, number>();
  if (body.lines)
    for (const line of body.lines)
      quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
  else for (const productId of body.productIds ?? []) quantities.set(productId, 1);
  const products = (await loadProductsForSale(ctx.db, [...quantities.keys()], ctx.now())).filter(
    (product) =>
      product.approvalStatus === 'approved' &&
      product.storeVisible &&
      (!body.storeId || body.lines || product.storeId === body.storeId),
  );
  const lines: CouponLine[] = products.map((product) => ({
    productId: product.id,
    storeId: product.storeId,
    categoryIds: categoryIdsOf(product),
    unitPriceKobo: product.sellingPriceKobo,
    quantity: quantities.get(product.id) ?? 1,
  }));
  const result = await evaluate(
    ctx.db,
    { customerId, codes: [body.code], lines, now: ctx.now() },
    { automatic: false },
  );
  const applied = result.applied.filter((entry) => entry.code === body.code);
  const discountKobo = applied.reduce((sum, entry) => sum + entry.discountKobo, 0);
  const first = applied[0];
  const firstRow = first
    ? (await candidateCoupons(ctx.db, [], [body.code])).find((row) => row.id === first.couponId)
    : undefined;
  return {
    code: body.code,
    applies: applied.length > 0,
    // The same reason for every refusal, unknown codes included (see applyCode).
    reason: applied.length > 0 ? null : reasons.unusable,
    couponId: first?.couponId ?? null,
    storeId: first?.storeId ?? null,
    discountType: firstRow?.discountType ?? null,
    discount: koboToNaira(discountKobo),
    rewardProductIds: applied.flatMap((entry) => entry.rewardProductIds),
  };
}
