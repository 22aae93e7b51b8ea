import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { prepared } from '../../platform/db/prepared.js';
import type { CouponRule } from './coupons.rules.js';
import { couponRedemptions, coupons, customerAppliedCoupons } from './coupons.schema.js';

export type CouponRow = typeof coupons.$inferSelect;
export type CouponInsert = typeof coupons.$inferInsert;

export function toRule(row: CouponRow): CouponRule {
  return {
    id: row.id,
    storeId: row.storeId,
    discountMode: row.discountMode,
    code: row.code,
    description: row.description,
    discountType: row.discountType,
    discountValue: row.discountValue,
    startDate: row.startDate,
    endDate: row.endDate,
    spendAppliesTo: row.spendAppliesTo,
    spendAppliesToIds: row.spendAppliesToIds,
    minRequireType: row.minRequireType,
    minRequireValue: row.minRequireValue,
    usageLimit: row.usageLimit,
    usageLimitPerUser: row.usageLimitPerUser,
    usedCount: row.usedCount,
    customerEligibility: row.customerEligibility,
    customerIds: row.customerIds,
    rewardAppliesTo: row.rewardAppliesTo,
    rewardAppliesToIds: row.rewardAppliesToIds,
    rewardValue: row.rewardValue,
    isActive: row.isActive,
    createdAt: row.createdAt,
  };
}

const live = isNull(coupons.deletedAt);

export async function storeCoupons(db: Db, storeId: string): Promise<CouponRow[]> {
  return db
    .select()
    .from(coupons)
    .where(and(eq(coupons.storeId, storeId), live))
    .orderBy(desc(coupons.createdAt), desc(coupons.id));
}

export async function findStoreCoupon(db: Db, storeId: string, id: string): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, id), eq(coupons.storeId, storeId), live))
    .limit(1);
  return row;
}

// Built once (ADR 033): every cart and checkout pricing asks. An empty list matches nothing.
const candidates = prepared('coupons_candidates', (db) =>
  db
    .select()
    .from(coupons)
    .where(
      and(
        live,
        or(
          and(
            sql`${coupons.storeId} = any(${sql.placeholder('storeIds')}::uuid[])`,
            eq(coupons.discountMode, 'Automatic'),
          ),
          sql`${coupons.code} = any(${sql.placeholder('codes')}::text[])`,
        ),
      ),
    )
    .orderBy(asc(coupons.createdAt)),
);

/** Automatic coupons of the given stores plus every live coupon carrying one of the codes, in any store. */
export async function candidateCoupons(db: Db, storeIds: string[], codes: string[]): Promise<CouponRow[]> {
  if (storeIds.length === 0 && codes.length === 0) return [];
  return candidates(db, { storeIds, codes });
}

/** Coupons customers may be shown for these stores: Automatic ones and public codes, switched on. */
export async function listedCoupons(db: Db, storeIds: string[]): Promise<CouponRow[]> {
  return db
    .select()
    .from(coupons)
    .where(
      and(
        live,
        inArray(coupons.storeId, storeIds),
        eq(coupons.isActive, true),
        or(eq(coupons.discountMode, 'Automatic'), eq(coupons.isPublic, true)),
      ),
    )
    .orderBy(desc(coupons.createdAt));
}

/**
 * Uses of each coupon by this customer: paid ones, and held ones too when `withHeld` (the limit check at checkout).
 * Pricing counts paid uses only: the customer's own hold belongs to their one open checkout, which a new checkout
 * replaces.
 */
export async function redemptionCounts(
  db: Db,
  customerId: string,
  couponIds: string[],
  options: { withHeld?: boolean } = {},
): Promise<Map<string, number>> {
  if (couponIds.length === 0) return new Map();
  const rows = await db
    .select({ couponId: couponRedemptions.couponId, used: count() })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.customerId, customerId),
        inArray(couponRedemptions.couponId, couponIds),
        options.withHeld ? undefined : eq(couponRedemptions.status, 'paid'),
      ),
    )
    .groupBy(couponRedemptions.couponId);
  return new Map(rows.map((row) => [row.couponId, row.used]));
}

/** Uses held by open checkouts of other customers, per coupon: pricing treats them as taken. */
export async function heldByOthers(
  db: Db,
  customerId: string,
  couponIds: string[],
): Promise<Map<string, number>> {
  if (couponIds.length === 0) return new Map();
  const rows = await db
    .select({ couponId: couponRedemptions.couponId, held: count() })
    .from(couponRedemptions)
    .where(
      and(
        inArray(couponRedemptions.couponId, couponIds),
        eq(couponRedemptions.status, 'held'),
        ne(couponRedemptions.customerId, customerId),
      ),
    )
    .groupBy(couponRedemptions.couponId);
  return new Map(rows.map((row) => [row.couponId, row.held]));
}

/** Every use of a coupon, held and paid: what the total limit is checked against (under the coupon's row lock). */
export async function usesOfCoupon(db: Db, couponId: string): Promise<number> {
  const [row] = await db
    .select({ used: count() })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponId, couponId));
  return row?.used ?? 0;
}

export async function hasAnyRedemption(db: Db, customerId: string): Promise<boolean> {
  const rows = await db
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.customerId, customerId), eq(couponRedemptions.status, 'paid')))
    .limit(1);
  return rows.length > 0;
}

// Built once (ADR 033): every cart and checkout pricing reads the customer's codes.
const appliedCodesOf = prepared('coupons_applied_codes', (db) =>
  db
    .select({ code: customerAppliedCoupons.code })
    .from(customerAppliedCoupons)
    .where(eq(customerAppliedCoupons.customerId, sql.placeholder('customerId')))
    .orderBy(asc(customerAppliedCoupons.appliedAt), asc(customerAppliedCoupons.code)),
);

export async function appliedCodeRows(db: Db, customerId: string): Promise<string[]> {
  const rows = await appliedCodesOf(db, { customerId });
  return rows.map((row) => row.code);
}

export async function insertAppliedCode(db: Db, customerId: string, code: string): Promise<void> {
  await db.insert(customerAppliedCoupons).values({ customerId, code }).onConflictDoNothing();
}

export async function deleteAppliedCode(db: Db, customerId: string, code: string): Promise<void> {
  await db
    .delete(customerAppliedCoupons)
    .where(and(eq(customerAppliedCoupons.customerId, customerId), eq(customerAppliedCoupons.code, code)));
}

/** Locks the coupon row: uses of one coupon are counted (and held) one at a time. */
export async function lockCoupon(db: Db, id: string) {
  const [row] = await db
    .select({
      id: coupons.id,
      usageLimit: coupons.usageLimit,
      usageLimitPerUser: coupons.usageLimitPerUser,
    })
    .from(coupons)
    .where(eq(coupons.id, id))
    .for('update');
  return row;
}

/** One more use, only while under the limit: the condition and the increment are one statement. */
export async function incrementUse(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, id),
        sql`(${coupons.usageLimit} = 0 or ${coupons.usedCount} < ${coupons.usageLimit})`,
      ),
    )
    .returning({ id: coupons.id });
  return rows.length > 0;
}

export async function insertCoupon(db: Db, values: CouponInsert): Promise<CouponRow> {
  const [row] = await db.insert(coupons).values(values).returning();
  return row!;
}

export async function updateStoreCoupon(
  db: Db,
  storeId: string,
  id: string,
  changes: Partial<CouponInsert>,
): Promise<CouponRow | undefined> {
  const [row] = await db
    .update(coupons)
    .set(changes)
    .where(and(eq(coupons.id, id), eq(coupons.storeId, storeId)))
    .returning();
  return row;
}

/** False when the store has no such live coupon. */
export async function softDeleteStoreCoupon(db: Db, storeId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(coupons)
    .set({ deletedAt: at, isActive: false })
    .where(and(eq(coupons.id, id), eq(coupons.storeId, storeId), isNull(coupons.deletedAt)))
    .returning({ id: coupons.id });
  return rows.length > 0;
}

/** This checkout's (tracker's) use of this coupon, held or paid, if any. */
export async function redemptionFor(db: Db, couponId: string, trackerId: string) {
  const [row] = await db
    .select({ id: couponRedemptions.id, status: couponRedemptions.status })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.trackerId, trackerId)))
    .limit(1);
  return row;
}

export async function markRedemptionPaid(db: Db, id: string): Promise<void> {
  await db.update(couponRedemptions).set({ status: 'paid' }).where(eq(couponRedemptions.id, id));
}

/** Gives back the uses a checkout held (it closed unpaid); paid uses stay. Answers how many were released. */
export async function deleteHeldRedemptions(db: Db, trackerId: string): Promise<number> {
  const rows = await db
    .delete(couponRedemptions)
    .where(and(eq(couponRedemptions.trackerId, trackerId), eq(couponRedemptions.status, 'held')))
    .returning({ id: couponRedemptions.id });
  return rows.length;
}

export async function insertRedemption(db: Db, values: typeof couponRedemptions.$inferInsert): Promise<void> {
  await db.insert(couponRedemptions).values(values);
}
