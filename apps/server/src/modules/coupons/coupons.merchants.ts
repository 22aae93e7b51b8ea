import {
  type Coupon,
  type CreateCouponBody,
  couponIssues,
  createCouponBody,
  type DiscountType,
  type updateCouponBody,
} from '@market/contracts';
import type { z } from 'zod';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { AppError, conflict, notFound, validation } from '../../platform/errors.js';
import type { StoreActor } from '../../platform/http/routes.js';
import { loadProductsForSale } from '../catalog/index.js';
import { type CouponInput, type CouponsContext, toColumns, toInput } from './coupons.context.js';
import {
  type CouponRow,
  findStoreCoupon,
  insertCoupon,
  softDeleteStoreCoupon,
  storeCoupons,
  toRule,
  updateStoreCoupon,
} from './coupons.repository.js';
import { couponStatus } from './coupons.rules.js';

// A merchant's coupons (ADR 091, 105): listed, read, created, changed and removed, for the member's own store.

export async function present(ctx: CouponsContext, rows: CouponRow[]): Promise<Coupon[]> {
  const productIds = [
    ...new Set(
      rows.flatMap((row) => (row.spendAppliesTo === 'SpecificProducts' ? row.spendAppliesToIds : [])),
    ),
  ];
  const names = new Map(
    (await loadProductsForSale(ctx.db, productIds)).map((product) => [product.id, product.name]),
  );
  const now = ctx.now();
  return rows.map((row) => ({
    id: row.id,
    storeId: row.storeId,
    ...toInput(row),
    code: row.code,
    usedCount: row.usedCount,
    status: couponStatus(toRule(row), now),
    products:
      row.spendAppliesTo === 'SpecificProducts'
        ? row.spendAppliesToIds.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)! }] : []))
        : [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** Products named by a coupon must be the merchant's own. */
export async function checkOwnProducts(ctx: CouponsContext, storeId: string, input: CouponInput) {
  const checks: { path: string; ids: string[] }[] = [];
  if (input.spendAppliesTo === 'SpecificProducts')
    checks.push({ path: 'spendAppliesToId', ids: input.spendAppliesToId });
  if (input.rewardAppliesTo === 'Product' && input.rewardAppliesToId.length > 0)
    checks.push({ path: 'rewardAppliesToId', ids: input.rewardAppliesToId });
  for (const check of checks) {
    const found = await loadProductsForSale(ctx.db, check.ids);
    const own = new Set(found.filter((product) => product.storeId === storeId).map((product) => product.id));
    if (check.ids.some((id) => !own.has(id)))
      throw validation(check.path, 'Choose products of your own store');
  }
}

export async function save(
  ctx: CouponsContext,
  storeId: string,
  merchantId: string,
  input: CouponInput,
  id?: string,
): Promise<CouponRow> {
  const issues = couponIssues(input);
  if (issues.length > 0) throw new AppError('VALIDATION_ERROR', issues[0]!.message, issues);
  await checkOwnProducts(ctx, storeId, input);
  try {
    if (id) {
      const row = await updateStoreCoupon(ctx.db, storeId, id, { ...toColumns(input), updatedAt: ctx.now() });
      if (!row) throw notFound('Coupon not found');
      return row;
    }
    return await insertCoupon(ctx.db, { storeId, ...toColumns(input), createdBy: merchantId });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Your store already has a coupon with this code');
    throw error;
  }
}

// merchants
export async function list(
  ctx: CouponsContext,
  member: StoreActor,
  filter: { status?: Coupon['status']; discountType?: DiscountType },
) {
  const { storeId } = member;
  const all = await present(ctx, await storeCoupons(ctx.db, storeId));
  return all.filter(
    (item) =>
      (!filter.status || item.status === filter.status) &&
      (!filter.discountType || item.discountType === filter.discountType),
  );
}
export async function get(ctx: CouponsContext, member: StoreActor, id: string) {
  const { storeId } = member;
  const row = await findStoreCoupon(ctx.db, storeId, id);
  if (!row) throw notFound('Coupon not found');
  return (await present(ctx, [row]))[0]!;
}
export async function create(
  ctx: CouponsContext,
  member: StoreActor,
  body: CreateCouponBody | z.output<typeof createCouponBody>,
) {
  const { storeId } = member;
  const input = createCouponBody.parse(body);
  const row = await save(ctx, storeId, member.userId, input);
  return (await present(ctx, [row]))[0]!;
}
export async function update(
  ctx: CouponsContext,
  member: StoreActor,
  id: string,
  patch: z.output<typeof updateCouponBody>,
) {
  const { storeId } = member;
  const existing = await findStoreCoupon(ctx.db, storeId, id);
  if (!existing) throw notFound('Coupon not found');
  const merged = { ...toInput(existing), ...(patch as Partial<CouponInput>) } as CouponInput;
  // Moving to Automatic drops the code; the rules then see the coupon as it will be saved.
  if (patch.discountMode === 'Automatic' && patch.code === undefined) merged.code = null;
  const row = await save(ctx, storeId, member.userId, merged, id);
  return (await present(ctx, [row]))[0]!;
}
export async function remove(ctx: CouponsContext, member: StoreActor, id: string) {
  const { storeId } = member;
  if (!(await softDeleteStoreCoupon(ctx.db, storeId, id, ctx.now()))) throw notFound('Coupon not found');
}

// customers
