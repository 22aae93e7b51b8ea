import { describe, expect, it } from 'vitest';
import { nounFor, pluralize } from './plural';

describe('pluralize', () => {
  it('uses the singular for exactly one', () => {
    expect(pluralize(1, 'item')).toBe('1 item');
    expect(pluralize(1, 'store')).toBe('1 store');
  });

  it('uses the plural for zero, many and fractions', () => {
    expect(pluralize(0, 'item')).toBe('0 items');
    expect(pluralize(2, 'store')).toBe('2 stores');
    expect(pluralize(1.5, 'kilogram')).toBe('1.5 kilograms');
  });

  it('takes both forms for an irregular noun', () => {
    expect(pluralize(1, ['activity', 'activities'])).toBe('1 activity');
    expect(pluralize(3, ['activity', 'activities'])).toBe('3 activities');
  });

  it('groups thousands the Nigerian way', () => {
    expect(pluralize(1250, 'product')).toBe('1,250 products');
  });

  it('reads an estimated count as "about", to three significant figures', () => {
    expect(pluralize(12_437, 'product', { estimated: true })).toBe('about 12,400 products');
    expect(pluralize(1_001, 'product', { estimated: true })).toBe('about 1,000 products');
    expect(pluralize(987_654, 'product', { estimated: true })).toBe('about 988,000 products');
    expect(pluralize(12_437, 'product', { estimated: false })).toBe('12,437 products');
  });

  it('gives the noun alone for a count shown elsewhere', () => {
    expect(nounFor(1, 'order')).toBe('order');
    expect(nounFor(7, 'order')).toBe('orders');
  });
});
