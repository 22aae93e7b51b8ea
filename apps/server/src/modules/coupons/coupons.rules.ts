import type {
  CouponStatus,
  CustomerEligibility,
  DiscountMode,
  DiscountType,
  MinRequireType,
  RewardAppliesTo,
  SpendAppliesTo,
} from '@market/contracts';
import { formatNaira } from '@market/contracts';

// The coupon rule engine: pure functions of coupons, cart lines and facts about the customer. No database, no
// clock of its own, so the cart, checkout and the coupon endpoints all price a cart the same way.

/** One cart line as the engine sees it: a unit price in kobo after variant discounts, and its categories (all levels). */
export interface CouponLine {
  productId: string;
  storeId: string;
  categoryIds: string[];
  unitPriceKobo: number;
  quantity: number;
}

/** A coupon in the engine's units: kobo for amounts, basis points for percent, units for quantities. */
export interface CouponRule {
  id: string;
  storeId: string;
  discountMode: DiscountMode;
  code: string | null;
  description: string;
  discountType: DiscountType;
  /** Percent: basis points; Fixed: kobo; BuyXGetY: how many reward items (Y). */
  discountValue: number;
  startDate: string;
  endDate: string | null;
  spendAppliesTo: SpendAppliesTo;
  spendAppliesToIds: string[];
  minRequireType: MinRequireType;
  /** Amount: kobo; Quantity: units (X of BuyXGetY). */
  minRequireValue: number;
  usageLimit: number;
  usageLimitPerUser: number;
  usedCount: number;
  customerEligibility: CustomerEligibility;
  customerIds: string[];
  rewardAppliesTo: RewardAppliesTo;
  rewardAppliesToIds: string[];
  /** Percent off each BuyXGetY reward item. */
  rewardValue: number;
  isActive: boolean;
  createdAt: Date;
}

/** What the engine needs to know about the customer, looked up before it runs. */
export interface CustomerFacts {
  customerId: string;
  isFirstTimeCustomer: boolean;
  /** Paid redemptions of each coupon by this customer. */
  redemptionsByCoupon: ReadonlyMap<string, number>;
}

export interface AppliedCoupon {
  couponId: string;
  code: string | null;
  storeId: string;
  discountKobo: number;
  rewardProductIds: string[];
  description: string | null;
}

export interface CouponEvaluation {
  applied: AppliedCoupon[];
  rejected: { code: string; reason: string }[];
  discountByStore: Map<string, number>;
  /** Per store where discounts competed: which one applies and why, in the customer's words. */
  explanations: { storeId: string; message: string }[];
}

/** How the customer knows a coupon: "your code SAVE10" or "the automatic 5% discount". */
function couponLabel(coupon: CouponRule): string {
  if (coupon.code !== null && coupon.discountMode === 'Code') return `your code ${coupon.code}`;
  const what =
    coupon.discountType === 'Percent'
      ? `${coupon.discountValue / 100}% discount`
      : coupon.discountType === 'Fixed'
        ? `${formatNaira(coupon.discountValue)} discount`
        : `buy ${coupon.minRequireValue} get ${coupon.discountValue} offer`;
  return `the automatic ${what}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Why the winner of a store beat the best of the others (one discount per store). */
function explain(
  winner: { coupon: CouponRule; viaCode: boolean; discountKobo: number },
  runnerUp: { coupon: CouponRule; viaCode: boolean; discountKobo: number },
): string {
  const win = `${capitalised(couponLabel(winner.coupon))} gives ${formatNaira(winner.discountKobo)} off`;
  const other = `${couponLabel(runnerUp.coupon)} (${formatNaira(runnerUp.discountKobo)})`;
  const comparison =
    winner.discountKobo === runnerUp.discountKobo ? `the same as ${other}` : `more than ${other}`;
  const outcome = winner.viaCode
    ? runnerUp.viaCode
      ? `one discount per store, so ${runnerUp.coupon.code} is not used`
      : 'so it replaces it'
    : 'so your code is not used';
  return `${win}, ${comparison}, ${outcome}.`;
}

export const reasons = {
  notFound: 'This coupon code is not valid',
  otherStores: 'This coupon does not apply to the items in your cart',
  inactive: 'This coupon is no longer available',
  notStarted: 'This coupon is not active yet',
  expired: 'This coupon has expired',
  exhausted: 'This coupon has reached its usage limit',
  perUser: 'You have already used this coupon the maximum number of times',
  firstTime: 'This coupon is for first-time customers only',
  notEligible: 'This coupon is not available to your account',
  noItems: 'No item in your cart qualifies for this coupon',
  betterOffer: 'A better discount from this store is already applied',
  /** The one answer of apply-coupon and validate-coupon to a code that cannot be used, known or not. */
  unusable: 'This coupon code is not valid or does not apply to your cart',
} as const;

/** `YYYY-MM-DD` of an instant in UTC: coupon dates are whole UTC days, both ends included. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** kobo × basisPoints / 10000, rounded half up to the kobo, in exact integer arithmetic. */
export function percentOfKobo(kobo: number, basisPoints: number): number {
  const product = BigInt(kobo) * BigInt(basisPoints);
  return Number((product + 5000n) / 10000n);
}

export function couponStatus(coupon: CouponRule, now: Date): CouponStatus {
  const today = utcDay(now);
  if (!coupon.isActive) return 'inactive';
  if (today < coupon.startDate) return 'scheduled';
  if (coupon.endDate !== null && today > coupon.endDate) return 'expired';
  if (coupon.usageLimit > 0 && coupon.usedCount >= coupon.usageLimit) return 'exhausted';
  return 'active';
}

/** Why this customer cannot use the coupon now, whatever the cart; null when nothing stops it. */
export function unavailableReason(coupon: CouponRule, facts: CustomerFacts, now: Date): string | null {
  switch (couponStatus(coupon, now)) {
    case 'inactive':
      return reasons.inactive;
    case 'scheduled':
      return reasons.notStarted;
    case 'expired':
      return reasons.expired;
    case 'exhausted':
      return reasons.exhausted;
    case 'active':
      break;
  }
  if (
    coupon.usageLimitPerUser > 0 &&
    (facts.redemptionsByCoupon.get(coupon.id) ?? 0) >= coupon.usageLimitPerUser
  )
    return reasons.perUser;
  if (coupon.customerEligibility === 'FirstTimeCustomers' && !facts.isFirstTimeCustomer)
    return reasons.firstTime;
  if (coupon.customerEligibility === 'SpecificCustomers' && !coupon.customerIds.includes(facts.customerId))
    return reasons.notEligible;
  return null;
}

/** Whether a line is one the customer must buy for the coupon (its spend-applies-to set, in the coupon's store). */
export function isSpendLine(
  coupon: CouponRule,
  line: Pick<CouponLine, 'productId' | 'storeId' | 'categoryIds'>,
): boolean {
  if (line.storeId !== coupon.storeId) return false;
  switch (coupon.spendAppliesTo) {
    case 'AllProducts':
      return true;
    case 'SpecificProducts':
      return coupon.spendAppliesToIds.includes(line.productId);
    case 'SpecificCategories':
      return line.categoryIds.some((id) => coupon.spendAppliesToIds.includes(id));
  }
}

/** Whether a line may be a BuyXGetY reward: the listed products or categories, or the spend set when none are listed. */
export function isRewardLine(
  coupon: CouponRule,
  line: Pick<CouponLine, 'productId' | 'storeId' | 'categoryIds'>,
): boolean {
  if (line.storeId !== coupon.storeId) return false;
  if (coupon.rewardAppliesToIds.length === 0) return isSpendLine(coupon, line);
  if (coupon.rewardAppliesTo === 'Category')
    return line.categoryIds.some((id) => coupon.rewardAppliesToIds.includes(id));
  return coupon.rewardAppliesToIds.includes(line.productId);
}

export type DiscountResult =
  | { ok: true; discountKobo: number; rewardProductIds: string[] }
  | { ok: false; reason: string };

/**
 * Buy X get Y (docs/decisions/006-buy-x-get-y.md): X = minRequireValue spend units, Y = discountValue reward units.
 * The rewards are the cheapest reward units; the number of full sets k is the largest for which the units left
 * after taking k×Y rewards still hold k×X spend units (a unit is never both bought and given). The discount is
 * rewardValue percent of the rewards' total, rounded half up, so it never exceeds their price.
 */
export function buyXGetY(coupon: CouponRule, lines: CouponLine[]): DiscountResult {
  const x = coupon.minRequireValue;
  const y = coupon.discountValue;
  if (x < 1 || y < 1) return { ok: false, reason: reasons.noItems };
  let spendUnits = 0;
  const rewardUnits: { productId: string; priceKobo: number; alsoSpend: boolean }[] = [];
  for (const line of lines) {
    const spend = isSpendLine(coupon, line);
    if (spend) spendUnits += line.quantity;
    if (isRewardLine(coupon, line))
      for (let unit = 0; unit < line.quantity; unit++)
        rewardUnits.push({ productId: line.productId, priceKobo: line.unitPriceKobo, alsoSpend: spend });
  }
  rewardUnits.sort((a, b) => a.priceKobo - b.priceKobo || a.productId.localeCompare(b.productId));
  // alsoSpendBefore[n]: how many of the n cheapest reward units are spend units too.
  const alsoSpendBefore = [0];
  for (const unit of rewardUnits) alsoSpendBefore.push(alsoSpendBefore.at(-1)! + (unit.alsoSpend ? 1 : 0));
  for (let sets = Math.floor(rewardUnits.length / y); sets >= 1; sets--) {
    const rewards = sets * y;
    if (spendUnits - alsoSpendBefore[rewards]! >= sets * x) {
      const chosen = rewardUnits.slice(0, rewards);
      const totalKobo = chosen.reduce((sum, unit) => sum + unit.priceKobo, 0);
      return {
        ok: true,
        discountKobo: Math.min(totalKobo, percentOfKobo(totalKobo, coupon.rewardValue * 100)),
        rewardProductIds: [...new Set(chosen.map((unit) => unit.productId))],
      };
    }
  }
  return {
    ok: false,
    reason: `Buy ${x} and get ${y} qualifying item${y === 1 ? '' : 's'} to use this offer`,
  };
}

/** The discount a coupon gives on a cart, or why it gives none. Only the coupon's own store's lines count. */
export function couponDiscount(coupon: CouponRule, lines: CouponLine[]): DiscountResult {
  const own = lines.filter((line) => line.storeId === coupon.storeId && line.quantity > 0);
  if (coupon.discountType === 'BuyXGetY') return buyXGetY(coupon, own);
  const eligible = own.filter((line) => isSpendLine(coupon, line));
  if (eligible.length === 0) return { ok: false, reason: reasons.noItems };
  const subtotalKobo = eligible.reduce((sum, line) => sum + line.unitPriceKobo * line.quantity, 0);
  const quantity = eligible.reduce((sum, line) => sum + line.quantity, 0);
  if (coupon.minRequireType === 'Amount' && subtotalKobo < coupon.minRequireValue)
    return {
      ok: false,
      reason: `Spend at least ${formatNaira(coupon.minRequireValue)} on qualifying items to use this coupon`,
    };
  if (coupon.minRequireType === 'Quantity' && quantity < coupon.minRequireValue)
    return {
      ok: false,
      reason: `Add at least ${coupon.minRequireValue} qualifying items to use this coupon`,
    };
  const discountKobo =
    coupon.discountType === 'Percent'
      ? percentOfKobo(subtotalKobo, Math.min(coupon.discountValue, 10_000))
      : Math.min(coupon.discountValue, subtotalKobo);
  if (discountKobo <= 0) return { ok: false, reason: reasons.noItems };
  return { ok: true, discountKobo, rewardProductIds: [] };
}

/**
 * Prices a cart. Candidates are every usable Automatic coupon of the cart's stores and every coupon whose code the
 * customer gave. Stacking rule: at most one coupon per store, the one with the larger discount; on a tie a code
 * the customer gave wins over an Automatic coupon, then the older coupon. Codes that do not win are rejected with
 * the reason.
 *
 * `coupons` holds the Automatic coupons of the cart's stores and every coupon carrying one of `codes` (any store),
 * so that a code of a store not in the cart can be told apart from an unknown code.
 */
export function evaluateCouponRules(
  coupons: CouponRule[],
  input: { codes: string[]; lines: CouponLine[]; now: Date },
  facts: CustomerFacts,
): CouponEvaluation {
  const cartStores = new Set(input.lines.filter((line) => line.quantity > 0).map((line) => line.storeId));
  const codes = [...new Set(input.codes.map((code) => code.trim().toUpperCase()).filter(Boolean))];
  const rejectedReason = new Map<string, string>();
  const candidates: Candidate[] = [];

  for (const coupon of coupons) {
    if (coupon.discountMode !== 'Automatic' || !cartStores.has(coupon.storeId)) continue;
    if (unavailableReason(coupon, facts, input.now)) continue;
    const result = couponDiscount(coupon, input.lines);
    if (result.ok) candidates.push({ coupon, viaCode: false, ...result });
  }
  for (const code of codes) {
    const reason = addCodeCandidates(code, coupons, cartStores, input, facts, candidates);
    if (reason) rejectedReason.set(code, reason);
  }

  const bestByStore = new Map<string, Candidate>();
  for (const candidate of candidates) {
    const current = bestByStore.get(candidate.coupon.storeId);
    if (!current || better(candidate, current)) bestByStore.set(candidate.coupon.storeId, candidate);
  }
  const winners = new Set([...bestByStore.values()].map((candidate) => candidate.coupon.id));
  for (const candidate of candidates) {
    const code = candidate.coupon.code;
    if (!candidate.viaCode || code === null || winners.has(candidate.coupon.id)) continue;
    // A code that wins in another store of the cart is applied there; it is rejected only if it wins nowhere.
    const winsElsewhere = candidates.some(
      (other) => other.viaCode && other.coupon.code === code && winners.has(other.coupon.id),
    );
    if (!winsElsewhere) rejectedReason.set(code, reasons.betterOffer);
  }

  const applied = [...bestByStore.values()].map((candidate) => ({
    couponId: candidate.coupon.id,
    code: candidate.coupon.code,
    storeId: candidate.coupon.storeId,
    discountKobo: candidate.discountKobo,
    rewardProductIds: candidate.rewardProductIds,
    description: candidate.coupon.description || null,
  }));
  return {
    applied,
    rejected: codes
      .filter((code) => rejectedReason.has(code))
      .map((code) => ({ code, reason: rejectedReason.get(code)! })),
    discountByStore: new Map(applied.map((coupon) => [coupon.storeId, coupon.discountKobo])),
    explanations: explainChoices(bestByStore, candidates),
  };
}

/** A coupon that could discount the cart, and whether it came from a code the customer gave. */
type Candidate = { coupon: CouponRule; viaCode: boolean; discountKobo: number; rewardProductIds: string[] };

/**
 * Adds the coupons of one code the customer gave that discount the cart to `candidates`; answers why the code is
 * rejected when none does (null when one does).
 */
function addCodeCandidates(
  code: string,
  coupons: CouponRule[],
  cartStores: Set<string>,
  input: { lines: CouponLine[]; now: Date },
  facts: CustomerFacts,
  candidates: Candidate[],
): string | null {
  const matching = coupons.filter((coupon) => coupon.discountMode === 'Code' && coupon.code === code);
  if (matching.length === 0) return reasons.notFound;
  const inCart = matching.filter((coupon) => cartStores.has(coupon.storeId));
  if (inCart.length === 0) return reasons.otherStores;
  let usable = false;
  let reason: string = reasons.noItems;
  for (const coupon of inCart) {
    const blocked = unavailableReason(coupon, facts, input.now);
    const result = blocked ? ({ ok: false, reason: blocked } as const) : couponDiscount(coupon, input.lines);
    if (result.ok) {
      usable = true;
      candidates.push({ coupon, viaCode: true, ...result });
    } else reason = result.reason;
  }
  return usable ? null : reason;
}

/** Why each store's winner beat its runner-up, where a code the customer gave took part in the choice. */
function explainChoices(
  bestByStore: Map<string, Candidate>,
  candidates: Candidate[],
): CouponEvaluation['explanations'] {
  const explanations: CouponEvaluation['explanations'] = [];
  for (const [storeId, winner] of bestByStore) {
    // Only a code the customer gave makes a choice worth explaining: Automatic coupons never compete in silence.
    const others = candidates.filter(
      (candidate) =>
        candidate.coupon.storeId === storeId &&
        candidate.coupon.id !== winner.coupon.id &&
        (candidate.viaCode || winner.viaCode),
    );
    const runnerUp = others.reduce<Candidate | undefined>(
      (best, candidate) => (!best || better(candidate, best) ? candidate : best),
      undefined,
    );
    if (runnerUp) explanations.push({ storeId, message: explain(winner, runnerUp) });
  }
  return explanations;
}

function better(
  a: { coupon: CouponRule; viaCode: boolean; discountKobo: number },
  b: { coupon: CouponRule; viaCode: boolean; discountKobo: number },
): boolean {
  if (a.discountKobo !== b.discountKobo) return a.discountKobo > b.discountKobo;
  if (a.viaCode !== b.viaCode) return a.viaCode;
  return a.coupon.createdAt.getTime() < b.coupon.createdAt.getTime();
}
