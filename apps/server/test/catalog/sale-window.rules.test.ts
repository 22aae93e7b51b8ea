import { describe, expect, it } from 'vitest';
import { customerPriceKobo, lagosDay, saleApplies } from '../../src/modules/catalog/catalog.rules.js';

// The one rule of what a customer pays (ADR 077): the sale price only within the sale's Lagos days.

const product = { sellingPriceKobo: 1_250_000, priceKobo: 1_500_000 };
const december = { saleStartDate: '2026-12-01', saleEndDate: '2026-12-31' };

describe('sale window', () => {
  it('reads the day in Lagos (UTC+1), not in UTC', () => {
    expect(lagosDay(new Date('2026-11-30T22:59:59Z'))).toBe('2026-11-30');
    expect(lagosDay(new Date('2026-11-30T23:00:00Z'))).toBe('2026-12-01');
  });

  it('starts at 00:00 of the first Lagos day and ends at 24:00 of the last', () => {
    const at = (iso: string) => customerPriceKobo({ ...product, ...december }, new Date(iso));
    expect(at('2026-11-30T22:59:59Z')).toBe(1_500_000); // 23:59:59 on 30 November in Lagos
    expect(at('2026-11-30T23:00:00Z')).toBe(1_250_000); // 00:00 on 1 December in Lagos
    expect(at('2026-12-31T22:59:59Z')).toBe(1_250_000); // 23:59:59 on 31 December
    expect(at('2026-12-31T23:00:00Z')).toBe(1_500_000); // 00:00 on 1 January: the sale is over
  });

  it('an open side is no limit; no window at all is a sale until changed', () => {
    const now = new Date('2030-06-15T12:00:00Z');
    expect(saleApplies({ saleStartDate: null, saleEndDate: null }, now)).toBe(true);
    expect(saleApplies({ saleStartDate: '2030-06-16', saleEndDate: null }, now)).toBe(false);
    expect(saleApplies({ saleStartDate: null, saleEndDate: '2030-06-14' }, now)).toBe(false);
    expect(saleApplies({ saleStartDate: '2030-06-15', saleEndDate: '2030-06-15' }, now)).toBe(true);
  });

  it('a product with no sale price pays the regular price in or out of the window', () => {
    const regular = {
      sellingPriceKobo: 900,
      priceKobo: 900,
      saleStartDate: '2026-01-01',
      saleEndDate: '2026-01-02',
    };
    expect(customerPriceKobo(regular, new Date('2026-01-01T12:00:00Z'))).toBe(900);
    expect(customerPriceKobo(regular, new Date('2026-05-01T12:00:00Z'))).toBe(900);
  });
});
