import { describe, expect, it } from 'vitest';
import { formatGiftCardCode, giftCardCode, normaliseGiftCardCode } from './gift-cards.js';

describe('gift card codes', () => {
  it.each([
    ['EFKE9QKBSDBPVC2R', 'EFKE-9QKB-SDBP-VC2R'],
    ['EFKE-9QKB-SDBP-VC2R', 'EFKE-9QKB-SDBP-VC2R'], // as the API answers it: unchanged
    ['efke 9qkb-sdbp vc2r', 'EFKE-9QKB-SDBP-VC2R'],
    [' EFKE--9QK-B-SD-BP-V-C2R ', 'EFKE-9QKB-SDBP-VC2R'], // even a wrongly grouped copy comes out right
  ])('formats %s as %s', (code, shown) => {
    expect(formatGiftCardCode(code)).toBe(shown);
  });

  it('is idempotent', () => {
    const once = formatGiftCardCode('EFKE9QKBSDBPVC2R');
    expect(formatGiftCardCode(once)).toBe(once);
    expect(formatGiftCardCode(formatGiftCardCode(once))).toBe(once);
  });

  it('formats what the cart accepts, and the cart reads it back as the same code', () => {
    const shown = formatGiftCardCode('EFKE9QKBSDBPVC2R');
    expect(giftCardCode.parse(shown)).toBe('EFKE9QKBSDBPVC2R');
    expect(normaliseGiftCardCode(shown)).toBe('EFKE9QKBSDBPVC2R');
  });
});
