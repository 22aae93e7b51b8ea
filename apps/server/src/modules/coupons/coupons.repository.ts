import { and, asc, count, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { rowsFromJson } from '../../platform/db/json-rows.js';
import { prepared, preparedSql, type ReadPart } from '../../platform/db/prepared.js';
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

/**
 * `candidateCoupons` as a part of a read of several modules (`readTogether`, ADR 087), for the stores `storeIds`
 * gives (an SQL `uuid[]` expression of the caller's) and the codes on the customer's cart, read here from the
 * applied codes: at least the rows `candidateCoupons` would answer for them (the caller filters by the codes and
 * stores it prices, `candidatesFor`).
 */
export function candidateCouponsPart(customerId: string, storeIds: SQL): ReadPart<CouponRow[]> {
  return {
    name: 'coupons_candidates',
    sql: () => sql`
      select coalesce(json_agg(row_to_json(c) order by c.created_at), '[]') from ${coupons} c
      where c.deleted_at is null and (
        (c.store_id = any(${storeIds}::uuid[]) and c.discount_mode = 'Automatic')
        or c.code in (select upper(trim(a.code)) from ${customerAppliedCoupons} a
          where a.customer_id = ${sql.placeholder('customerId')}::uuid))`,
    values: { customerId },
    decode: (json) => rowsFromJson<CouponRow>(coupons, json),
  };
}

/** Of rows read ahead (`candidateCouponsPart`), those `candidateCoupons` answers for these stores and codes. */
export function candidatesFor(rows: CouponRow[], storeIds: string[], codes: string[]): CouponRow[] {
  return rows.filter(
    (row) =>
      (row.discountMode === 'Automatic' && row.storeId !== null && storeIds.includes(row.storeId)) ||
      (row.code !== null && codes.includes(row.code)),
  );
}

/** `appliedCodeRows` as a part of a read of several modules (`readTogether`, ADR 087). */
export function appliedCodesPart(customerId: string): ReadPart<string[]> {
  return {
    name: 'coupons_applied_codes',
    sql: () => sql`
      select coalesce(json_agg(a.code order by a.applied_at, a.code), '[]') from ${customerAppliedCoupons} a
      where a.customer_id = ${sql.placeholder('customerId')}::uuid`,
    values: { customerId },
    decode: (json) => (typeof json === 'string' ? JSON.parse(json) : json) as string[],
  };
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

/** Gives back the uses a checkout held (it closed unpaid); paid uses stay. Answers how many were released. */
export async function deleteHeldRedemptions(db: Db, trackerId: string): Promise<number> {
  const rows = await db
    .delete(couponRedemptions)
    .where(and(eq(couponRedemptions.trackerId, trackerId), eq(couponRedemptions.status, 'held')))
    .returning({ id: couponRedemptions.id });
  return rows.length;
}

const ph = sql.placeholder;

/** Locks the coupon rows in id order (two checkouts locking the same coupons cannot deadlock). */
const lockCouponsStatement = preparedSql<{ id: string }>(
  'coupons_lock_many',
  () => sql`select ${coupons.id} as id from ${coupons}
    where ${coupons.id} = any(${ph('ids')}::uuid[]) order by ${coupons.id} for update`,
);

export async function lockCoupons(db: Db, ids: string[]): Promise<void> {
  await lockCouponsStatement(db, { ids });
}

/** The uses a checkout asks for, one per coupon, as one JSON parameter. */
export interface CouponUseLine {
  couponId: string;
  storeId: string;
  discountKobo: number;
}

/**
 * Why this customer may not take one more use of a coupon (held and paid uses count), or null; for the coupons
 * locked by `lockCoupons` in an earlier statement of the transaction, so that this statement's snapshot counts every
 * use committed before the lock was granted (one statement that locked and counted would count from before it).
 */
const refusalOf = (existing: SQL) => sql`case
      when c.id is null then 'Coupon not found'
      when ${existing} then null
      when c.usage_limit_per_user > 0 and (select count(*) from ${couponRedemptions} r
          where r.coupon_id = c.id and r.customer_id = ${ph('customerId')}::uuid) >= c.usage_limit_per_user
        then ${ph('perUser')}::text
      when c.usage_limit > 0 and (select count(*) from ${couponRedemptions} r where r.coupon_id = c.id) >= c.usage_limit
        then ${ph('exhausted')}::text
    end`;

const appliedLines = sql`select * from jsonb_to_recordset(${ph('applied')}::jsonb)
      as a("couponId" uuid, "storeId" uuid, "discountKobo" bigint)`;

/** Holds one use of each coupon that is under its limits (issue 32: one statement for every coupon). */
const holdUsesStatement = preparedSql<{ couponId: string; refusal: string | null }>(
  'coupons_hold_uses',
  () => sql`with applied as (${appliedLines}),
    checked as (
      select a."couponId" as coupon_id, a."storeId" as store_id, a."discountKobo" as discount_kobo,
        ${refusalOf(sql`false`)} as refusal
      from applied a left join ${coupons} c on c.id = a."couponId"
    ),
    held as (
      insert into ${couponRedemptions} (coupon_id, customer_id, store_id, tracker_id, discount_kobo, status)
      select coupon_id, ${ph('customerId')}::uuid, store_id, ${ph('trackerId')}::text, discount_kobo, 'held'
      from checked where refusal is null
    )
    select coupon_id as "couponId", refusal from checked`,
);

/**
 * The uses of a paid checkout become paid: a held one is marked paid, a checkout that held none takes one under the
 * limits; either only while `used_count` stays under `usage_limit` (the increment and its condition on the locked
 * row). A use already paid for this tracker counts as recorded. One statement for every coupon (issue 32).
 */
const recordUsesStatement = preparedSql<{ couponId: string; refusal: string | null }>(
  'coupons_record_uses',
  () => sql`with applied as (${appliedLines}),
    checked as (
      select a."couponId" as coupon_id, a."storeId" as store_id, a."discountKobo" as discount_kobo,
        e.id as redemption_id, e.status as existing_status, ${refusalOf(sql`e.id is not null`)} as refusal
      from applied a left join ${coupons} c on c.id = a."couponId"
        left join ${couponRedemptions} e on e.coupon_id = a."couponId" and e.tracker_id = ${ph('trackerId')}::text
    ),
    counted as (
      update ${coupons} set used_count = ${coupons.usedCount} + 1 from checked
      where ${coupons.id} = checked.coupon_id and checked.refusal is null
        and checked.existing_status is distinct from 'paid'
        and (${coupons.usageLimit} = 0 or ${coupons.usedCount} < ${coupons.usageLimit})
      returning ${coupons.id} as id
    ),
    marked as (
      update ${couponRedemptions} set status = 'paid' from checked
      where ${couponRedemptions.id} = checked.redemption_id and checked.coupon_id in (select id from counted)
    ),
    inserted as (
      insert into ${couponRedemptions} (coupon_id, customer_id, store_id, tracker_id, discount_kobo, status)
      select coupon_id, ${ph('customerId')}::uuid, store_id, ${ph('trackerId')}::text, discount_kobo, 'paid'
      from checked where redemption_id is null and coupon_id in (select id from counted)
    )
    select coupon_id as "couponId", case
        when refusal is not null then refusal
        when existing_status = 'paid' or coupon_id in (select id from counted) then null
        else ${ph('exhausted')}::text end as refusal
    from checked`,
);

interface UsesInput {
  trackerId: string;
  customerId: string;
  applied: CouponUseLine[];
  reasons: { perUser: string; exhausted: string };
}

const usesValues = (input: UsesInput) => ({
  trackerId: input.trackerId,
  customerId: input.customerId,
  applied: JSON.stringify(
    input.applied.map(({ couponId, storeId, discountKobo }) => ({ couponId, storeId, discountKobo })),
  ),
  perUser: input.reasons.perUser,
  exhausted: input.reasons.exhausted,
});

/** `holdUsesStatement` for coupons already locked (`lockCoupons`): each coupon's refusal, or null when held. */
export function holdUses(db: Db, input: UsesInput) {
  return holdUsesStatement(db, usesValues(input));
}

/** `recordUsesStatement` for coupons already locked (`lockCoupons`): each coupon's refusal, or null when paid. */
export function recordUses(db: Db, input: UsesInput) {
  return recordUsesStatement(db, usesValues(input));
}
