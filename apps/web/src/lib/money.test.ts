import { describe, expect, it } from 'vitest';
import { formatNaira, koboToNaira, nairaToKobo } from './money';

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
