import {
  type Coupon,
  type CreateCouponBody,
  type CustomerCoupon,
  couponIssues,
  createCouponBody,
  type DiscountType,
  koboToNaira,
  type MinRequireType,
  nairaToKobo,
  type updateCouponBody,
  type validateCouponBody,
} from '@market/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, notFound, validation } from '../../platform/errors.js';
import type { StoreActor } from '../../platform/http/routes.js';
import { loadProductsForSale } from '../catalog/index.js';
import {
  appliedCodeRows,
  type CouponRow,
  candidateCoupons,
  candidatesFor,
  deleteAppliedCode,
  deleteHeldRedemptions,
  findStoreCoupon,
  hasAnyRedemption,
  heldByOthers,
  holdUses,
  insertAppliedCode,
  insertCoupon,
  listedCoupons,
  lockCoupons,
  recordUses,
  redemptionCounts,
  softDeleteStoreCoupon,
  storeCoupons,
  toRule,
  updateStoreCoupon,
} from './coupons.repository.js';
import {
  type AppliedCoupon,
  type CouponEvaluation,
  type CouponLine,
  couponStatus,
  evaluateCouponRules,
  isRewardLine,
  isSpendLine,
  reasons,
  unavailableReason,
} from './coupons.rules.js';

export type { AppliedCoupon, CouponEvaluation, CouponLine } from './coupons.rules.js';

/** How many codes a cart may carry at once (one per store is ever used). */
const MAX_APPLIED_CODES = 10;

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

export interface CouponsPorts {
  /** A customer with no paid order yet (orders implements it; the default counts coupon redemptions only). */
  isFirstTimeCustomer?: (executor: Db, customerId: string) => Promise<boolean>;
  /** The customer's cart as coupon lines, so apply-coupon can check the code against it (cart implements it). */
  cartLines?: (executor: Db, customerId: string, now: Date) => Promise<CouponLine[]>;
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

type CouponInput = z.output<typeof createCouponBody>;

function toColumns(input: CouponInput) {
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

function toInput(row: CouponRow): CouponInput {
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

function categoryIdsOf(product: {
  categoryId: string;
  subCategoryId: string | null;
  childCategoryId: string | null;
}) {
  return [product.categoryId, product.subCategoryId, product.childCategoryId].filter(
    (id): id is string => id !== null,
  );
}

export function createCouponsService(deps: Deps, ports: CouponsPorts = {}) {
  const { db } = deps;
  const isFirstTimeCustomer =
    ports.isFirstTimeCustomer ??
    (async (executor: Db, customerId: string) => !(await hasAnyRedemption(executor, customerId)));

  async function present(rows: CouponRow[]): Promise<Coupon[]> {
    const productIds = [
      ...new Set(
        rows.flatMap((row) => (row.spendAppliesTo === 'SpecificProducts' ? row.spendAppliesToIds : [])),
      ),
    ];
    const names = new Map(
      (await loadProductsForSale(db, productIds)).map((product) => [product.id, product.name]),
    );
    const now = deps.now();
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
  async function checkOwnProducts(storeId: string, input: CouponInput) {
    const checks: { path: string; ids: string[] }[] = [];
    if (input.spendAppliesTo === 'SpecificProducts')
      checks.push({ path: 'spendAppliesToId', ids: input.spendAppliesToId });
    if (input.rewardAppliesTo === 'Product' && input.rewardAppliesToId.length > 0)
      checks.push({ path: 'rewardAppliesToId', ids: input.rewardAppliesToId });
    for (const check of checks) {
      const found = await loadProductsForSale(db, check.ids);
      const own = new Set(
        found.filter((product) => product.storeId === storeId).map((product) => product.id),
      );
      if (check.ids.some((id) => !own.has(id)))
        throw validation(check.path, 'Choose products of your own store');
    }
  }

  async function save(
    storeId: string,
    merchantId: string,
    input: CouponInput,
    id?: string,
  ): Promise<CouponRow> {
    const issues = couponIssues(input);
    if (issues.length > 0) throw new AppError('VALIDATION_ERROR', issues[0]!.message, issues);
    await checkOwnProducts(storeId, input);
    try {
      if (id) {
        const row = await updateStoreCoupon(db, storeId, id, { ...toColumns(input), updatedAt: deps.now() });
        if (!row) throw notFound('Coupon not found');
        return row;
      }
      return await insertCoupon(db, { storeId, ...toColumns(input), createdBy: merchantId });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('Your store already has a coupon with this code');
      throw error;
    }
  }

  // ---------- the rule engine over the database ----------

  async function facts(executor: Db, customerId: string, couponRows: CouponRow[]) {
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

  async function evaluate(
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
  function evaluateCoupons(executor: Db, input: EvaluateCouponsInput): Promise<CouponEvaluation> {
    return evaluate(executor, input, { automatic: true });
  }

  /**
   * The coupons locked in id order (two checkouts locking the same coupons cannot deadlock), then `use` in a second
   * statement, whose snapshot counts every use committed before the locks were granted. In the caller's
   * transaction; given the pool, in one of its own (the locks must outlast the first statement).
   */
  async function underCouponLocks(
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
      (executor === db ? await db.transaction(run) : await run(executor)).map((row) => [
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
  function holdRedemptions(executor: Db, input: RecordRedemptionsInput): Promise<RedemptionOutcome> {
    return underCouponLocks(executor, input, holdUses);
  }

  /** A checkout closed unpaid (expired, replaced): the uses it held go back. */
  async function releaseRedemptions(executor: Db, trackerId: string): Promise<number> {
    return deleteHeldRedemptions(executor, trackerId);
  }

  /**
   * Counts the uses of the coupons of a paid checkout: the use held at checkout becomes paid. A checkout that held
   * none (created before holds existed) takes one now under the same row lock and limits. A use already paid for
   * this tracker counts as recorded (safe to call again). Refused ones are returned for checkout to decide.
   */
  function recordRedemptions(executor: Db, input: RecordRedemptionsInput): Promise<RedemptionOutcome> {
    return underCouponLocks(executor, input, recordUses);
  }

  // ---------- applied codes (the cart reads them) ----------

  function appliedCodes(executor: Db, customerId: string): Promise<string[]> {
    return appliedCodeRows(executor, customerId);
  }

  /** Puts a code on the customer's cart after checking it is a live code this customer may use. */
  async function applyCode(customerId: string, rawCode: string): Promise<string[]> {
    const code = rawCode.trim().toUpperCase();
    // One answer for an unknown code and for a code that does not apply to this cart or customer, whatever the
    // reason: the answer never tells a guesser that a code exists. A code applies only to a cart it discounts.
    const unusable = () => validation('code', reasons.unusable);
    const rows = (await candidateCoupons(db, [], [code])).filter((row) => row.discountMode === 'Code');
    if (rows.length === 0) throw unusable();
    const customer = await facts(db, customerId, rows);
    const now = deps.now();
    if (rows.every((row) => unavailableReason(toRule(row), customer, now) !== null)) throw unusable();
    const lines = ports.cartLines ? await ports.cartLines(db, customerId, deps.now()) : [];
    if (lines.length === 0) throw unusable();
    const result = await evaluate(db, { customerId, codes: [code], lines, now }, { automatic: false });
    if (!result.applied.some((entry) => entry.code === code)) throw unusable();
    const current = await appliedCodeRows(db, customerId);
    if (!current.includes(code) && current.length >= MAX_APPLIED_CODES)
      throw validation('code', `You can apply at most ${MAX_APPLIED_CODES} codes`);
    await insertAppliedCode(db, customerId, code);
    return appliedCodeRows(db, customerId);
  }

  async function removeCode(customerId: string, rawCode: string): Promise<string[]> {
    await deleteAppliedCode(db, customerId, rawCode.trim().toUpperCase());
    return appliedCodeRows(db, customerId);
  }

  return {
    // merchants
    async list(member: StoreActor, filter: { status?: Coupon['status']; discountType?: DiscountType }) {
      const { storeId } = member;
      const all = await present(await storeCoupons(db, storeId));
      return all.filter(
        (item) =>
          (!filter.status || item.status === filter.status) &&
          (!filter.discountType || item.discountType === filter.discountType),
      );
    },
    async get(member: StoreActor, id: string) {
      const { storeId } = member;
      const row = await findStoreCoupon(db, storeId, id);
      if (!row) throw notFound('Coupon not found');
      return (await present([row]))[0]!;
    },
    async create(member: StoreActor, body: CreateCouponBody | z.output<typeof createCouponBody>) {
      const { storeId } = member;
      const input = createCouponBody.parse(body);
      const row = await save(storeId, member.userId, input);
      return (await present([row]))[0]!;
    },
    async update(member: StoreActor, id: string, patch: z.output<typeof updateCouponBody>) {
      const { storeId } = member;
      const existing = await findStoreCoupon(db, storeId, id);
      if (!existing) throw notFound('Coupon not found');
      const merged = { ...toInput(existing), ...(patch as Partial<CouponInput>) } as CouponInput;
      // Moving to Automatic drops the code; the rules then see the coupon as it will be saved.
      if (patch.discountMode === 'Automatic' && patch.code === undefined) merged.code = null;
      const row = await save(storeId, member.userId, merged, id);
      return (await present([row]))[0]!;
    },
    async remove(member: StoreActor, id: string) {
      const { storeId } = member;
      if (!(await softDeleteStoreCoupon(db, storeId, id, deps.now()))) throw notFound('Coupon not found');
    },

    // customers
    async forProducts(customerId: string, body: { storeIds: string[]; productIds: string[] }) {
      const rows = await listedCoupons(db, body.storeIds);
      const products = await loadProductsForSale(db, body.productIds, deps.now());
      const customer = await facts(db, customerId, rows);
      const now = deps.now();
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
    },

    /** What one code would take off these products, on its own (Automatic coupons do not compete here). */
    async validate(customerId: string, body: z.output<typeof validateCouponBody>) {
      const quantities = new Map<string, number>();
      if (body.lines)
        for (const line of body.lines)
          quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
      else for (const productId of body.productIds ?? []) quantities.set(productId, 1);
      const products = (await loadProductsForSale(db, [...quantities.keys()], deps.now())).filter(
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
        db,
        { customerId, codes: [body.code], lines, now: deps.now() },
        { automatic: false },
      );
      const applied = result.applied.filter((entry) => entry.code === body.code);
      const discountKobo = applied.reduce((sum, entry) => sum + entry.discountKobo, 0);
      const first = applied[0];
      const firstRow = first
        ? (await candidateCoupons(db, [], [body.code])).find((row) => row.id === first.couponId)
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
    },

    evaluateCoupons,
    holdRedemptions,
    releaseRedemptions,
    recordRedemptions,
    appliedCodes,
    appliedCodesOf: (customerId: string) => appliedCodeRows(db, customerId),
    applyCode,
    removeCode,
    /** Whether the customer ever had a paid coupon redemption. */
    hasRedeemedAnyCoupon: (executor: Db, customerId: string) => hasAnyRedemption(executor, customerId),
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
