import { describe, expect, it } from 'vitest';
import { commissionOf, mulDivHalfUp } from '../../src/modules/ledger/ledger.service.js';

// The commission rule (ADR 046, 047): the store's rate on the item subtotal, halves rounded up, exactly in integer
// kobo, and never more than what the store gets after its own discount. Pure, so mutation testing runs it alone
// (issue 29); the same rule in SQL is checked against it in ledger.test.ts.

describe('mulDivHalfUp', () => {
  it('rounds a × b / c to the nearest kobo, a half up', () => {
    expect(mulDivHalfUp(12_345, 750, 10_000)).toBe(926); // 925.875
    expect(mulDivHalfUp(10, 500, 10_000)).toBe(1); // 0.5 → 1
    expect(mulDivHalfUp(9, 500, 10_000)).toBe(0); // 0.45 → 0
    expect(mulDivHalfUp(3, 1, 2)).toBe(2); // 1.5 → 2
    expect(mulDivHalfUp(5, 1, 4)).toBe(1); // 1.25 → 1
    expect(mulDivHalfUp(7, 1, 4)).toBe(2); // 1.75 → 2
    expect(mulDivHalfUp(6, 1, 3)).toBe(2); // exact
    expect(mulDivHalfUp(0, 750, 10_000)).toBe(0);
  });

  it('is exact past 2^53 (kobo × kobo) and answers 0 for a zero divisor', () => {
    expect(mulDivHalfUp(900_000_000_000, 900_000_000_000, 1_000_000_000_000)).toBe(810_000_000_000);
    expect(mulDivHalfUp(9_007_199_254_740_991, 3, 3)).toBe(9_007_199_254_740_991);
    expect(mulDivHalfUp(123, 456, 0)).toBe(0);
  });
});

describe('commissionOf', () => {
  it('is the rate on the subtotal, capped at what the store gets after its discount', () => {
    expect(commissionOf(100_000, 0, 1000)).toBe(10_000);
    expect(commissionOf(12_345, 0, 750)).toBe(926);
    expect(commissionOf(100_000, 95_000, 1000)).toBe(5_000);
    expect(commissionOf(100_000, 90_000, 1000)).toBe(10_000);
    expect(commissionOf(100_000, 89_999, 1000)).toBe(10_000);
    expect(commissionOf(100_000, 90_001, 1000)).toBe(9_999);
    expect(commissionOf(100_000, 100_000, 1000)).toBe(0);
    // A discount larger than the subtotal never makes the commission negative.
    expect(commissionOf(100_000, 150_000, 1000)).toBe(0);
    expect(commissionOf(0, 0, 1000)).toBe(0);
  });
});
