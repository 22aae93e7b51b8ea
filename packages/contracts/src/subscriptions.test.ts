import { describe, expect, it } from 'vitest';
import { vatIncluded } from './subscriptions.js';

describe('vatIncluded (7.5 % inside a VAT-inclusive price)', () => {
  it('splits exact amounts exactly', () => {
    expect(vatIncluded(1_075_000)).toEqual({ netKobo: 1_000_000, vatKobo: 75_000 });
    expect(vatIncluded(0)).toEqual({ netKobo: 0, vatKobo: 0 });
  });

  it('rounds the VAT half up to the kobo, and net + VAT is always the amount', () => {
    // ₦5,000.00: 500,000 × 750 / 10,750 = 34,883.72 kobo.
    expect(vatIncluded(500_000)).toEqual({ netKobo: 465_116, vatKobo: 34_884 });
    // 43 kobo: 3.0 kobo of VAT exactly at the half-way point is 3 (43 × 750 / 10,750 = 3.0).
    expect(vatIncluded(43)).toEqual({ netKobo: 40, vatKobo: 3 });
    for (const amount of [1, 7, 99, 12_345, 2_500_000, 999_999_999]) {
      const { netKobo, vatKobo } = vatIncluded(amount);
      expect(netKobo + vatKobo).toBe(amount);
      expect(Number.isInteger(vatKobo)).toBe(true);
    }
  });

  it('refuses what is not integer kobo', () => {
    expect(() => vatIncluded(10.5)).toThrow(RangeError);
    expect(() => vatIncluded(-1)).toThrow(RangeError);
  });
});
