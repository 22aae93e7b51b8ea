import { describe, expect, it } from 'vitest';
import { formatNaira, nairaToKobo } from './money';

describe('formatNaira', () => {
  it('shows integer kobo as naira with 2 decimals and thousands separators', () => {
    expect(formatNaira(1_250_000)).toBe('₦12,500.00');
    expect(formatNaira(0)).toBe('₦0.00');
    expect(formatNaira(5)).toBe('₦0.05');
    expect(formatNaira(123_456_789)).toBe('₦1,234,567.89');
  });

  it('shows negative amounts and survives bad input', () => {
    expect(formatNaira(-250_050)).toBe('-₦2,500.50');
    expect(formatNaira(Number.NaN)).toBe('₦0.00');
  });

  it('turns a typed naira amount into kobo without float drift', () => {
    expect(nairaToKobo(12_500.5)).toBe(1_250_050);
    expect(nairaToKobo(0.29)).toBe(29);
  });
});
