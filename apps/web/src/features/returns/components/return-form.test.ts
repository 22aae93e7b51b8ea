import { describe, expect, it } from 'vitest';
import { unitsAlreadyReturned } from './return-form';

const line = (productId: string, quantity: number, variantId: string | null = null) => ({
  productId,
  variantId,
  quantity,
});

describe('units a customer can still send back', () => {
  it('leave out units in a refunded or open return, but not in a rejected one', () => {
    const used = unitsAlreadyReturned([
      { status: { code_name: 'refunded' }, products: [line('p1', 2), line('p2', 1, 'v-m')] },
      { status: { code_name: 'requested' }, products: [line('p1', 1)] },
      { status: { code_name: 'rejected' }, products: [line('p3', 4)] },
    ]);
    expect(used.get('p1:')).toBe(3);
    expect(used.get('p2:v-m')).toBe(1);
    expect(used.has('p3:')).toBe(false);
  });
});
