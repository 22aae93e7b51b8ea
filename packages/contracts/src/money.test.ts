import { describe, expect, it } from 'vitest';
import { formatNaira, koboToNaira, MAX_EXACT_KOBO, nairaAmount, nairaToKobo } from './money.js';

describe('money', () => {
  it.each([
    [0, 0],
    [1, 100],
    [12500, 1_250_000],
    [12500.5, 1_250_050],
    [0.1, 10],
    [0.29, 29],
    [19.99, 1999],
    ['1000.05', 100_005],
  ])('nairaToKobo(%s) is %d exactly', (naira, kobo) => {
    expect(nairaToKobo(naira)).toBe(kobo);
  });

  it('refuses more than 2 decimals and non-numbers', () => {
    expect(() => nairaToKobo(1.005)).toThrow(RangeError);
    expect(() => nairaToKobo('12,500')).toThrow(RangeError);
    expect(() => nairaToKobo(Number.NaN)).toThrow(RangeError);
  });

  it('koboToNaira gives back the amount', () => {
    expect(koboToNaira(1_250_050)).toBe(12500.5);
    expect(koboToNaira(29)).toBe(0.29);
    expect(koboToNaira(-150)).toBe(-1.5);
    for (let kobo = 0; kobo < 5000; kobo += 7) expect(nairaToKobo(koboToNaira(kobo))).toBe(kobo);
  });

  it('koboToNaira is exact to ₦70 trillion and refuses what a naira number no longer tells apart (ADR 063)', () => {
    expect(koboToNaira(5_718_900_000)).toBe(57_189_000);
    for (let kobo = MAX_EXACT_KOBO - 20_000; kobo <= MAX_EXACT_KOBO; kobo += 1)
      expect(nairaToKobo(koboToNaira(kobo))).toBe(kobo);
    expect(() => koboToNaira(MAX_EXACT_KOBO + 1)).toThrow(RangeError);
    expect(() => koboToNaira(-MAX_EXACT_KOBO - 1)).toThrow(RangeError);
  });

  it('a request amount may be up to ₦1,000,000,000, past the old int4 limit of ₦21,474,836.47', () => {
    expect(nairaAmount.safeParse(21_474_836.48).success).toBe(true);
    expect(nairaAmount.safeParse(1_000_000_000).success).toBe(true);
    expect(nairaAmount.safeParse(1_000_000_000.01).success).toBe(false);
  });

  it('formats as ₦12,500.00', () => {
    expect(formatNaira(1_250_000)).toBe('₦12,500.00');
    expect(formatNaira(5)).toBe('₦0.05');
    expect(formatNaira(123_456_789_01)).toBe('₦123,456,789.01');
    expect(formatNaira(-250)).toBe('-₦2.50');
  });

  it('validates request amounts', () => {
    expect(nairaAmount.safeParse(12500.5).success).toBe(true);
    expect(nairaAmount.safeParse(-1).success).toBe(false);
    expect(nairaAmount.safeParse(10.123).success).toBe(false);
  });
});
