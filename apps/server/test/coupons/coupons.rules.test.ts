import { describe, expect, it } from 'vitest';
import {
  type CouponLine,
  type CouponRule,
  type CustomerFacts,
  couponDiscount,
  couponStatus,
  evaluateCouponRules,
  isRewardLine,
  isSpendLine,
  percentOfKobo,
  reasons,
  unavailableReason,
} from '../../src/modules/coupons/coupons.rules.js';

const STORE = 'store-a';
const OTHER = 'store-b';
const NOW = new Date('2026-03-10T12:00:00Z');

let counter = 0;
function rule(overrides: Partial<CouponRule> = {}): CouponRule {
  counter += 1;
  return {
    id: `coupon-${counter}`,
    storeId: STORE,
    discountMode: 'Automatic',
    code: null,
    description: '',
    discountType: 'Percent',
    discountValue: 1000,
    startDate: '2026-03-01',
    endDate: '2026-03-31',
    spendAppliesTo: 'AllProducts',
    spendAppliesToIds: [],
    minRequireType: 'Amount',
    minRequireValue: 0,
    usageLimit: 0,
    usageLimitPerUser: 0,
    usedCount: 0,
    customerEligibility: 'Everyone',
    customerIds: [],
    rewardAppliesTo: 'Product',
    rewardAppliesToIds: [],
    rewardValue: 20,
    isActive: true,
    createdAt: new Date(2026, 0, 1, 0, 0, counter),
    ...overrides,
  };
}

function line(
  productId: string,
  unitPriceKobo: number,
  quantity = 1,
  overrides: Partial<CouponLine> = {},
): CouponLine {
  return { productId, storeId: STORE, categoryIds: ['cat-fashion'], unitPriceKobo, quantity, ...overrides };
}

const facts = (overrides: Partial<CustomerFacts> = {}): CustomerFacts => ({
  customerId: 'customer-1',
  isFirstTimeCustomer: true,
  redemptionsByCoupon: new Map(),
  ...overrides,
});

const discountOf = (coupon: CouponRule, lines: CouponLine[]) => {
  const result = couponDiscount(coupon, lines);
  return result.ok ? result.discountKobo : result.reason;
};

describe('percent', () => {
  it('rounds half up to the kobo', () => {
    expect(percentOfKobo(1005, 5000)).toBe(503); // 502.5 → 503
    expect(percentOfKobo(1003, 5000)).toBe(502); // 501.5 → 502
    expect(percentOfKobo(1001, 1000)).toBe(100); // 100.1 → 100
    expect(percentOfKobo(999_999_999_99, 1)).toBe(10_000_000); // exact on large amounts
    expect(discountOf(rule({ discountValue: 1250 }), [line('p1', 333, 3)])).toBe(125); // 12.5% of 999 = 124.875
  });

  it('takes the percent of the eligible subtotal only', () => {
    const coupon = rule({
      discountValue: 2000,
      spendAppliesTo: 'SpecificProducts',
      spendAppliesToIds: ['p1'],
    });
    expect(discountOf(coupon, [line('p1', 10_000, 2), line('p2', 50_000)])).toBe(4_000);
  });

  it('matches categories at any level', () => {
    const coupon = rule({ spendAppliesTo: 'SpecificCategories', spendAppliesToIds: ['cat-shoes'] });
    expect(
      discountOf(coupon, [
        line('p1', 10_000, 1, { categoryIds: ['cat-fashion', 'cat-shoes'] }),
        line('p2', 90_000),
      ]),
    ).toBe(1_000);
    expect(discountOf(coupon, [line('p2', 90_000)])).toBe(reasons.noItems);
  });
});

describe('fixed', () => {
  it('never takes more than the eligible subtotal', () => {
    expect(discountOf(rule({ discountType: 'Fixed', discountValue: 500_000 }), [line('p1', 120_000)])).toBe(
      120_000,
    );
    expect(discountOf(rule({ discountType: 'Fixed', discountValue: 50_000 }), [line('p1', 120_000)])).toBe(
      50_000,
    );
  });
});

describe('minimum requirements', () => {
  it('asks for a minimum amount of eligible items', () => {
    const coupon = rule({ minRequireType: 'Amount', minRequireValue: 1_000_000 });
    expect(discountOf(coupon, [line('p1', 999_999)])).toMatch(/Spend at least ₦10,000.00/);
    expect(discountOf(coupon, [line('p1', 1_000_000)])).toBe(100_000);
  });

  it('asks for a minimum quantity of eligible items', () => {
    const coupon = rule({ minRequireType: 'Quantity', minRequireValue: 3 });
    expect(discountOf(coupon, [line('p1', 1_000, 2)])).toMatch(/at least 3/);
    expect(discountOf(coupon, [line('p1', 1_000, 2), line('p2', 1_000)])).toBe(300);
  });

  it('None ignores the value', () => {
    expect(discountOf(rule({ minRequireType: 'None', minRequireValue: 99 }), [line('p1', 1_000)])).toBe(100);
  });
});

describe('buy X get Y', () => {
  const bxgy = (overrides: Partial<CouponRule> = {}) =>
    rule({
      discountType: 'BuyXGetY',
      minRequireType: 'Quantity',
      minRequireValue: 2,
      discountValue: 1,
      rewardValue: 100,
      ...overrides,
    });

  it('gives the cheapest item of a full set', () => {
    const result = couponDiscount(bxgy(), [line('p1', 5_000), line('p2', 3_000), line('p3', 4_000)]);
    expect(result).toEqual({ ok: true, discountKobo: 3_000, rewardProductIds: ['p2'] });
  });

  it('repeats per full set and never counts a unit twice', () => {
    expect(discountOf(bxgy(), [line('p1', 1_000, 5)])).toBe(1_000); // 5 units: one set of 3, 2 left over
    expect(discountOf(bxgy(), [line('p1', 1_000, 6)])).toBe(2_000); // two sets
    expect(discountOf(bxgy(), [line('p1', 1_000, 2)])).toMatch(/Buy 2 and get 1/); // no reward unit left
  });

  it('applies rewardValue percent to the reward items, rounded half up', () => {
    expect(discountOf(bxgy({ rewardValue: 20 }), [line('p1', 1_003, 3)])).toBe(201); // 20% of 1003 = 200.6
  });

  it('rewards only the listed products, bought with the spend set', () => {
    const coupon = bxgy({
      minRequireValue: 1,
      spendAppliesTo: 'SpecificProducts',
      spendAppliesToIds: ['shoe'],
      rewardAppliesToIds: ['sock'],
    });
    expect(couponDiscount(coupon, [line('shoe', 20_000, 2), line('sock', 1_500, 3)])).toEqual({
      ok: true,
      discountKobo: 3_000,
      rewardProductIds: ['sock'],
    });
    expect(discountOf(coupon, [line('sock', 1_500, 3)])).toMatch(/Buy 1/);
  });

  it('rewards by category', () => {
    const coupon = bxgy({
      minRequireValue: 1,
      rewardAppliesTo: 'Category',
      rewardAppliesToIds: ['cat-socks'],
    });
    expect(
      discountOf(coupon, [line('shoe', 20_000), line('sock', 1_500, 1, { categoryIds: ['cat-socks'] })]),
    ).toBe(1_500);
  });

  it('gives several items per set', () => {
    expect(
      discountOf(bxgy({ minRequireValue: 1, discountValue: 2 }), [
        line('a', 100),
        line('b', 200),
        line('c', 300),
      ]),
    ).toBe(300);
  });
});

describe('dates (UTC days, both ends included)', () => {
  const coupon = rule({ startDate: '2026-03-10', endDate: '2026-03-10' });
  it('is usable through the whole UTC day', () => {
    expect(unavailableReason(coupon, facts(), new Date('2026-03-10T00:00:00.000Z'))).toBeNull();
    expect(unavailableReason(coupon, facts(), new Date('2026-03-10T23:59:59.999Z'))).toBeNull();
  });
  it('is not usable the instant before or after', () => {
    expect(unavailableReason(coupon, facts(), new Date('2026-03-09T23:59:59.999Z'))).toBe(reasons.notStarted);
    expect(unavailableReason(coupon, facts(), new Date('2026-03-11T00:00:00.000Z'))).toBe(reasons.expired);
    // 00:30 in Lagos (UTC+1) on the 11th is still the 10th in UTC.
    expect(unavailableReason(coupon, facts(), new Date('2026-03-11T00:30:00+01:00'))).toBeNull();
  });
  it('runs forever without an end date', () => {
    expect(unavailableReason(rule({ endDate: null }), facts(), new Date('2099-01-01T00:00:00Z'))).toBeNull();
  });
});

describe('eligibility and limits', () => {
  it('first-time customers only', () => {
    const coupon = rule({ customerEligibility: 'FirstTimeCustomers' });
    expect(unavailableReason(coupon, facts({ isFirstTimeCustomer: true }), NOW)).toBeNull();
    expect(unavailableReason(coupon, facts({ isFirstTimeCustomer: false }), NOW)).toBe(reasons.firstTime);
  });
  it('specific customers only', () => {
    const coupon = rule({ customerEligibility: 'SpecificCustomers', customerIds: ['customer-2'] });
    expect(unavailableReason(coupon, facts(), NOW)).toBe(reasons.notEligible);
    expect(unavailableReason(coupon, facts({ customerId: 'customer-2' }), NOW)).toBeNull();
  });
  it('total usage limit (0 is unlimited)', () => {
    expect(unavailableReason(rule({ usageLimit: 0, usedCount: 10_000 }), facts(), NOW)).toBeNull();
    expect(unavailableReason(rule({ usageLimit: 5, usedCount: 4 }), facts(), NOW)).toBeNull();
    expect(unavailableReason(rule({ usageLimit: 5, usedCount: 5 }), facts(), NOW)).toBe(reasons.exhausted);
  });
  it('per-customer limit', () => {
    const coupon = rule({ usageLimitPerUser: 2 });
    expect(
      unavailableReason(coupon, facts({ redemptionsByCoupon: new Map([[coupon.id, 1]]) }), NOW),
    ).toBeNull();
    expect(unavailableReason(coupon, facts({ redemptionsByCoupon: new Map([[coupon.id, 2]]) }), NOW)).toBe(
      reasons.perUser,
    );
  });
  it('switched-off coupons', () => {
    expect(unavailableReason(rule({ isActive: false }), facts(), NOW)).toBe(reasons.inactive);
  });
});

describe('evaluateCouponRules', () => {
  const cart = [line('p1', 100_000), line('p2', 40_000, 1, { storeId: OTHER })];

  it("never discounts another store's items", () => {
    const fixed = rule({ discountType: 'Fixed', discountValue: 1_000_000 });
    const result = evaluateCouponRules([fixed], { codes: [], lines: cart, now: NOW }, facts());
    expect(result.applied).toEqual([expect.objectContaining({ storeId: STORE, discountKobo: 100_000 })]);
    expect(result.discountByStore.get(OTHER)).toBeUndefined();
  });

  it('keeps one coupon per store: the larger discount, a given code winning a tie', () => {
    const automatic = rule({ discountValue: 1000 }); // 10% = 10,000
    const code = rule({ discountMode: 'Code', code: 'SAVE5K', discountType: 'Fixed', discountValue: 10_000 });
    const bigger = rule({ discountMode: 'Code', code: 'BIG', discountValue: 2500 });
    const tie = evaluateCouponRules([automatic, code], { codes: ['save5k'], lines: cart, now: NOW }, facts());
    expect(tie.applied.map((entry) => entry.couponId)).toEqual([code.id]);
    const both = evaluateCouponRules(
      [automatic, code, bigger],
      { codes: ['SAVE5K', 'BIG'], lines: cart, now: NOW },
      facts(),
    );
    expect(both.applied).toEqual([expect.objectContaining({ couponId: bigger.id, discountKobo: 25_000 })]);
    expect(both.rejected).toEqual([{ code: 'SAVE5K', reason: reasons.betterOffer }]);
  });

  it('lets each store of the cart have its own coupon', () => {
    const a = rule({ discountValue: 1000 });
    const b = rule({
      storeId: OTHER,
      discountMode: 'Code',
      code: 'BSTORE',
      discountType: 'Fixed',
      discountValue: 5_000,
    });
    const result = evaluateCouponRules([a, b], { codes: ['BSTORE'], lines: cart, now: NOW }, facts());
    expect(Object.fromEntries(result.discountByStore)).toEqual({ [STORE]: 10_000, [OTHER]: 5_000 });
  });

  it('explains rejected codes', () => {
    const elsewhere = rule({ storeId: 'store-c', discountMode: 'Code', code: 'ELSEWHERE' });
    const expired = rule({ discountMode: 'Code', code: 'OLD', endDate: '2026-03-09' });
    const result = evaluateCouponRules(
      [elsewhere, expired],
      { codes: ['NOPE', 'ELSEWHERE', 'OLD'], lines: cart, now: NOW },
      facts(),
    );
    expect(result.applied).toEqual([]);
    expect(result.rejected).toEqual([
      { code: 'NOPE', reason: reasons.notFound },
      { code: 'ELSEWHERE', reason: reasons.otherStores },
      { code: 'OLD', reason: reasons.expired },
    ]);
  });

  it('skips Automatic coupons the customer may not use', () => {
    const limited = rule({ usageLimit: 1, usedCount: 1 });
    const result = evaluateCouponRules([limited], { codes: [], lines: cart, now: NOW }, facts());
    expect(result.applied).toEqual([]);
    expect(result.rejected).toEqual([]);
  });
});

// Issue 29, mutation testing: each rule below was a mutant no test noticed (docs/operations/money-proofs.md).
describe('the rules mutation testing found unpinned', () => {
  const cart = [line('p1', 100_000), line('p2', 40_000, 1, { storeId: OTHER })];
  const evaluate = (coupons: CouponRule[], codes: string[] = [], lines = cart) =>
    evaluateCouponRules(coupons, { codes, lines, now: NOW }, facts());

  it('a coupon that nothing stops is active; only first-time coupons ask for a first-time customer', () => {
    expect(couponStatus(rule(), NOW)).toBe('active');
    expect(unavailableReason(rule(), facts({ isFirstTimeCustomer: false }), NOW)).toBeNull();
    expect(
      unavailableReason(
        rule({ customerEligibility: 'FirstTimeCustomers' }),
        facts({ isFirstTimeCustomer: false }),
        NOW,
      ),
    ).toBe(reasons.firstTime);
  });

  it('a line of another store is never a spend or reward line, whatever the coupon lists', () => {
    const listed = rule({
      discountType: 'BuyXGetY',
      spendAppliesTo: 'SpecificProducts',
      spendAppliesToIds: ['p2'],
      rewardAppliesToIds: ['p2'],
    });
    const elsewhere = line('p2', 40_000, 1, { storeId: OTHER });
    expect(isSpendLine(listed, elsewhere)).toBe(false);
    expect(isRewardLine(listed, elsewhere)).toBe(false);
    expect(isSpendLine(listed, line('p2', 40_000))).toBe(true);
    // A reward category matches a line in any of its categories.
    const byCategory = rule({
      discountType: 'BuyXGetY',
      rewardAppliesTo: 'Category',
      rewardAppliesToIds: ['cat-a'],
    });
    expect(isRewardLine(byCategory, line('p3', 1, 1, { categoryIds: ['cat-a', 'cat-b'] }))).toBe(true);
  });

  it('buy X get Y: no set without X and Y, the reason in the singular or plural, rewards never counted as spend', () => {
    const bxgy = (fields: Partial<CouponRule>) =>
      rule({ discountType: 'BuyXGetY', minRequireValue: 1, discountValue: 1, rewardValue: 100, ...fields });
    const lines = [line('p1', 100_000, 3)];
    expect(couponDiscount(bxgy({ minRequireValue: 0 }), lines)).toEqual({
      ok: false,
      reason: reasons.noItems,
    });
    expect(couponDiscount(bxgy({ discountValue: 0 }), lines)).toEqual({ ok: false, reason: reasons.noItems });
    const noReward = bxgy({ rewardAppliesToIds: ['p9'] });
    expect(discountOf(noReward, lines)).toBe('Buy 1 and get 1 qualifying item to use this offer');
    expect(discountOf(bxgy({ rewardAppliesToIds: ['p9'], discountValue: 2 }), lines)).toBe(
      'Buy 1 and get 2 qualifying items to use this offer',
    );
    // Spend only p1 (one unit); p9 is a reward only: its units do not count towards the two to buy.
    const spendP1 = bxgy({
      minRequireValue: 2,
      spendAppliesTo: 'SpecificProducts',
      spendAppliesToIds: ['p1'],
      rewardAppliesToIds: ['p9'],
    });
    expect(discountOf(spendP1, [line('p1', 100_000, 1), line('p9', 5_000, 2)])).toBe(
      'Buy 2 and get 1 qualifying item to use this offer',
    );
    expect(couponDiscount(spendP1, [line('p1', 100_000, 2), line('p9', 5_000, 2)])).toEqual({
      ok: true,
      discountKobo: 5_000,
      rewardProductIds: ['p9'],
    });
  });

  it('counts only the coupon store’s lines with units; nothing eligible or nothing to take off is no items', () => {
    expect(discountOf(rule(), cart)).toBe(10_000);
    expect(couponDiscount(rule(), cart)).toEqual({ ok: true, discountKobo: 10_000, rewardProductIds: [] });
    const perUnit = rule({ minRequireType: 'Quantity', minRequireValue: 1 });
    expect(discountOf(perUnit, [line('p1', 100_000, 0)])).toBe(reasons.noItems);
    const onlyP9 = rule({
      minRequireType: 'Quantity',
      minRequireValue: 1,
      spendAppliesTo: 'SpecificProducts',
      spendAppliesToIds: ['p9'],
    });
    expect(discountOf(onlyP9, cart)).toBe(reasons.noItems);
    // Free items: enough of them, and nothing to take off.
    const twoUnits = rule({ minRequireType: 'Quantity', minRequireValue: 2 });
    expect(couponDiscount(twoUnits, [line('p1', 0, 2)])).toEqual({ ok: false, reason: reasons.noItems });
  });

  it('reads codes trimmed and ignores empty ones; a code of a store whose lines have no units is another store’s', () => {
    const code = rule({ discountMode: 'Code', code: 'SAVE10' });
    expect(evaluate([code], ['  save10 ']).applied.map((entry) => entry.couponId)).toEqual([code.id]);
    expect(evaluate([code], ['', '   ']).rejected).toEqual([]);
    const other = rule({ storeId: OTHER, discountMode: 'Code', code: 'BSTORE' });
    const noUnits = [line('p1', 100_000), line('p2', 40_000, 0, { storeId: OTHER })];
    expect(evaluate([other], ['BSTORE'], noUnits).rejected).toEqual([
      { code: 'BSTORE', reason: reasons.otherStores },
    ]);
  });

  it('applies an Automatic coupon only in a store of the cart, only when it gives something, never a code unasked', () => {
    expect(evaluate([rule({ discountMode: 'Code', code: 'ASKME' })]).applied).toEqual([]);
    expect(evaluate([rule({ storeId: 'store-z' })]).applied).toEqual([]);
    expect(evaluate([rule({ minRequireValue: 500_000 })]).applied).toEqual([]);
    // An Automatic coupon is not a code, even when it carries one.
    const automatic = rule({ code: 'AUTO' });
    const result = evaluate([automatic], ['AUTO']);
    expect(result.applied.map((entry) => entry.couponId)).toEqual([automatic.id]);
    expect(result.rejected).toEqual([{ code: 'AUTO', reason: reasons.notFound }]);
  });

  it('keeps the larger discount whatever the order, then the older coupon, and carries the description', () => {
    const bigger = rule({ discountValue: 2500, description: 'Quarter off' });
    const smaller = rule({ discountValue: 1000 });
    expect(evaluate([bigger, smaller]).applied).toEqual([
      expect.objectContaining({ couponId: bigger.id, discountKobo: 25_000, description: 'Quarter off' }),
    ]);
    expect(evaluate([smaller]).applied[0]!.description).toBeNull();
    const at = new Date('2026-01-01T00:00:00Z');
    const first = rule({ createdAt: at });
    const second = rule({ createdAt: at });
    const older = rule({ createdAt: new Date('2025-12-31T00:00:00Z') });
    expect(evaluate([first, second]).applied.map((entry) => entry.couponId)).toEqual([first.id]);
    expect(evaluate([first, older]).applied.map((entry) => entry.couponId)).toEqual([older.id]);
  });

  it('rejects a losing code only when it wins in no store of the cart', () => {
    const inA = rule({ discountMode: 'Code', code: 'BOTH', discountType: 'Fixed', discountValue: 1_000 });
    const inB = rule({
      storeId: OTHER,
      discountMode: 'Code',
      code: 'BOTH',
      discountType: 'Fixed',
      discountValue: 1_000,
    });
    const automaticA = rule({ discountValue: 1000 });
    const result = evaluate([inA, inB, automaticA], ['BOTH']);
    expect(Object.fromEntries(result.discountByStore)).toEqual({ [STORE]: 10_000, [OTHER]: 1_000 });
    expect(result.rejected).toEqual([]);
    const loser = rule({ discountMode: 'Code', code: 'SMALL', discountType: 'Fixed', discountValue: 1_000 });
    expect(evaluate([loser, automaticA], ['SMALL']).rejected).toEqual([
      { code: 'SMALL', reason: reasons.betterOffer },
    ]);
  });

  it('says why one discount applies rather than another, in the customer’s words', () => {
    const automatic = rule({ discountValue: 1000 }); // 10 %: ₦100.00 of ₦1,000.00
    const small = rule({ discountMode: 'Code', code: 'SAVE5K', discountType: 'Fixed', discountValue: 5_000 });
    const same = rule({ discountMode: 'Code', code: 'SAME', discountType: 'Fixed', discountValue: 10_000 });
    const big = rule({ discountMode: 'Code', code: 'BIG', discountValue: 2500 });
    const messages = (coupons: CouponRule[], codes: string[]) =>
      evaluate(coupons, codes).explanations.map((entry) => [entry.storeId, entry.message]);
    expect(messages([automatic, small], ['SAVE5K'])).toEqual([
      [
        STORE,
        'The automatic 10% discount gives ₦100.00 off, more than your code SAVE5K (₦50.00), so your code is not used.',
      ],
    ]);
    expect(messages([automatic, same], ['SAME'])).toEqual([
      [
        STORE,
        'Your code SAME gives ₦100.00 off, the same as the automatic 10% discount (₦100.00), so it replaces it.',
      ],
    ]);
    // The runner-up is the best of the others.
    expect(messages([small, automatic, big], ['SAVE5K', 'BIG'])).toEqual([
      [
        STORE,
        'Your code BIG gives ₦250.00 off, more than the automatic 10% discount (₦100.00), so it replaces it.',
      ],
    ]);
    expect(messages([big, small], ['SAVE5K', 'BIG'])).toEqual([
      [
        STORE,
        'Your code BIG gives ₦250.00 off, more than your code SAVE5K (₦50.00), one discount per store, so SAVE5K is not used.',
      ],
    ]);
    const fixed = rule({ discountType: 'Fixed', discountValue: 20_000 });
    expect(messages([fixed, small], ['SAVE5K'])[0]![1]).toBe(
      'The automatic ₦200.00 discount gives ₦200.00 off, more than your code SAVE5K (₦50.00), so your code is not used.',
    );
    const offer = rule({ discountType: 'BuyXGetY', minRequireValue: 2, discountValue: 1, rewardValue: 100 });
    const lines = [line('p1', 100_000, 3)];
    expect(
      evaluateCouponRules([offer, small], { codes: ['SAVE5K'], lines, now: NOW }, facts()).explanations[0]!
        .message,
    ).toBe(
      'The automatic buy 2 get 1 offer gives ₦1,000.00 off, more than your code SAVE5K (₦50.00), so your code is not used.',
    );
    // An Automatic coupon is named by what it gives, even when it carries a code.
    const automaticWithCode = rule({ discountValue: 1000, code: 'AUTO' });
    expect(messages([automaticWithCode, small], ['SAVE5K'])[0]![1]).toBe(
      'The automatic 10% discount gives ₦100.00 off, more than your code SAVE5K (₦50.00), so your code is not used.',
    );
    // Automatic coupons alone compete in silence; each store explains only its own choice.
    expect(messages([automatic, rule({ discountValue: 500 })], [])).toEqual([]);
    const codeB = rule({
      storeId: OTHER,
      discountMode: 'Code',
      code: 'BSTORE',
      discountType: 'Fixed',
      discountValue: 1_000,
    });
    expect(messages([automatic, small, codeB], ['SAVE5K', 'BSTORE']).map(([storeId]) => storeId)).toEqual([
      STORE,
    ]);
  });
});
