import { describe, expect, it } from 'vitest';
import { largestRemainder, paidPerLine, unitsAmount } from '../../src/modules/orders/index.js';

// ADR 026: what a customer paid for some units, in whole kobo that always sum to the whole.

const sum = (values: number[]) => values.reduce((acc, value) => acc + value, 0);

describe('largestRemainder', () => {
  it('gives the kobo left over by the fractional remainder, not by the size of the share', () => {
    // Shares 5/3 and 10/3: the first has the larger remainder (2/3 against 1/3), though the smaller share.
    expect(largestRemainder(5, [1, 2])).toEqual([2, 3]);
    expect(largestRemainder(7, [1, 3])).toEqual([2, 5]);
  });

  it('breaks ties of remainder in favour of the earlier part, however many tie', () => {
    expect(largestRemainder(1, [1, 1, 1])).toEqual([1, 0, 0]);
    expect(largestRemainder(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(largestRemainder(3, [1, 1, 1, 1, 1])).toEqual([1, 1, 1, 0, 0]);
    expect(
      largestRemainder(
        12,
        Array.from({ length: 13 }, () => 1),
      ),
    ).toEqual([...Array.from({ length: 12 }, () => 1), 0]);
  });

  it('splits in proportion and gives the odd kobo to the largest remainders', () => {
    expect(largestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(largestRemainder(10, [5, 3, 2])).toEqual([5, 3, 2]);
    expect(largestRemainder(7, [2, 1])).toEqual([5, 2]);
    expect(largestRemainder(1, [1, 2])).toEqual([0, 1]);
    expect(largestRemainder(0, [3, 4])).toEqual([0, 0]);
    expect(largestRemainder(50, [0, 0])).toEqual([0, 0]);
    expect(largestRemainder(50, [0, 7])).toEqual([0, 50]);
  });

  it('always sums exactly to the total, also for large amounts', () => {
    for (let round = 0; round < 500; round++) {
      const weights = Array.from(
        { length: 1 + (round % 7) },
        (_, index) => ((round * 7919 + index * 104_729) % 9_000_000) + 1,
      );
      const total = (round * 2_654_435_761) % 2_000_000_000;
      const parts = largestRemainder(total, weights);
      expect(sum(parts)).toBe(total);
      parts.forEach((part, index) => {
        const exact = (total * weights[index]!) / sum(weights);
        expect(Math.abs(part - exact)).toBeLessThan(1);
      });
    }
  });

  it('refuses fractions and negatives', () => {
    expect(() => largestRemainder(1.5, [1])).toThrow('total must be a whole number of kobo ≥ 0');
    expect(() => largestRemainder(-1, [1])).toThrow('total must be a whole number of kobo ≥ 0');
    expect(() => largestRemainder(10, [-1, 2])).toThrow('weights must be whole numbers ≥ 0');
    expect(() => largestRemainder(10, [0.5, 2])).toThrow('weights must be whole numbers ≥ 0');
  });
});

describe('paidPerLine', () => {
  it('takes each line’s own discount, then shares the order discount by what each line cost', () => {
    const lines = [
      { unitPriceKobo: 1_250_000, quantity: 2, discountKobo: 0 },
      { unitPriceKobo: 500_000, quantity: 1, discountKobo: 100_000 },
    ];
    // Gross 2,500,000 and 400,000; a ₦2,900.01 discount splits 2,500,000 : 400,000.
    const paid = paidPerLine(lines, 290_001);
    expect(sum(paid)).toBe(2_900_000 - 290_001);
    expect(paid).toEqual([2_500_000 - 250_001, 400_000 - 40_000]);
  });

  it('never gives back more than the lines cost, even with a discount larger than the goods', () => {
    expect(paidPerLine([{ unitPriceKobo: 100, quantity: 1, discountKobo: 0 }], 500)).toEqual([0]);
  });
});

describe('unitsAmount', () => {
  it('splits a line over its units so that any steps add up to the line', () => {
    // 1,000 kobo over 3 units: 334, 333, 333.
    expect(unitsAmount(1000, 3, 0, 1)).toBe(334);
    expect(unitsAmount(1000, 3, 1, 1)).toBe(333);
    expect(unitsAmount(1000, 3, 2, 1)).toBe(333);
    expect(unitsAmount(1000, 3, 0, 3)).toBe(1000);
    expect(unitsAmount(1000, 3, 1, 2)).toBe(666);
    for (let quantity = 1; quantity <= 9; quantity++) {
      for (const paid of [0, 1, 7, 99_999, 1_234_567]) {
        let total = 0;
        for (let unit = 0; unit < quantity; unit++) total += unitsAmount(paid, quantity, unit, 1);
        expect(total).toBe(paid);
        expect(unitsAmount(paid, quantity, 0, 1) + unitsAmount(paid, quantity, 1, quantity - 1)).toBe(paid);
      }
    }
  });

  it('refuses units the line does not have', () => {
    expect(() => unitsAmount(100, 2, 1, 2)).toThrow('units out of range');
    // A negative start or count would count units twice or take money back.
    expect(() => unitsAmount(100, 3, -1, 2)).toThrow('units out of range');
    expect(() => unitsAmount(100, 3, 2, -1)).toThrow('units out of range');
    expect(unitsAmount(100, 3, 0, 3)).toBe(100);
  });
});
