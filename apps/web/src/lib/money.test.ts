import { describe, expect, it } from 'vitest';
import { formatNaira, koboToNaira, nairaToKobo, percentOff } from './money';

describe('money (re-exported from the contracts)', () => {
  it('shows integer kobo as naira with 2 decimals and thousands separators', () => {
    expect(formatNaira(1_250_000)).toBe('₦12,500.00');
    expect(formatNaira(0)).toBe('₦0.00');
    expect(formatNaira(5)).toBe('₦0.05');
    expect(formatNaira(123_456_789)).toBe('₦1,234,567.89');
    expect(formatNaira(-250_050)).toBe('-₦2,500.50');
  });

  it('turns an API naira price into kobo without float drift, and back', () => {
    expect(nairaToKobo(12_500.5)).toBe(1_250_050);
    expect(nairaToKobo(0.29)).toBe(29);
    expect(nairaToKobo('1999.99')).toBe(199_999);
    expect(koboToNaira(1_250_050)).toBe(12_500.5);
    expect(formatNaira(nairaToKobo(12_500))).toBe('₦12,500.00');
  });

  it('refuses amounts with more than 2 decimals instead of rounding silently', () => {
    expect(() => nairaToKobo(0.123)).toThrow(RangeError);
  });
});

describe('percentOff', () => {
  it.each([
    [8_600_000, 10_000_000, 14], // ₦86,000 of ₦100,000
    [8_200_000, 10_000_000, 18], // the same product's variant with ₦4,000 of its own off
    [1_250_000, 1_562_500, 20], // exactly 20 %
    [666_667, 1_000_000, 33], // 33.3333 % rounds down
    [1, 3, 66], // 66.67 % rounds down, never up
    [9_999_999, 10_000_000, 0], // less than 1 % off shows no label
    [0, 1_000_000, 100],
  ])('%d kobo of %d kobo is %d %% off', (selling, regular, percent) => {
    expect(percentOff(selling, regular)).toBe(percent);
  });

  it('is 0 when nothing is off or there is no regular price', () => {
    expect(percentOff(1_000_000, 1_000_000)).toBe(0);
    expect(percentOff(1_200_000, 1_000_000)).toBe(0);
    expect(percentOff(500, 0)).toBe(0);
  });

  it('stays exact for large prices', () => {
    // ₦900 million of ₦1 billion: floats of the ratio would be fine here, the integer path must be too
    expect(percentOff(90_000_000_000, 100_000_000_000)).toBe(10);
    expect(percentOff(89_999_999_999, 100_000_000_000)).toBe(10);
    expect(percentOff(90_000_000_001, 100_000_000_000)).toBe(9);
  });

  it('takes integer kobo only', () => {
    expect(() => percentOff(10.5, 100)).toThrow(RangeError);
  });
});
