import { describe, expect, it } from 'vitest';
import { createProductBody, editProductBody } from './catalog.js';

const product = {
  name: 'Tecno Spark 20',
  categoryId: '6f1c2b8e-3d4a-4e5f-8a9b-0c1d2e3f4a5b',
  pricing: [{ costPrice: 80_000, sellingPrice: 95_000, price: 110_000 }],
  quantity: 12,
  sku: 'TS-20',
};

const messageAt = (
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  path: string,
) => result.error?.issues.find((issue) => issue.path.join('.') === path)?.message;

describe('product body', () => {
  it('passes a product with a category', () => {
    expect(createProductBody.safeParse(product).success).toBe(true);
  });

  it.each([
    ['an empty choice', ''],
    ['no choice', undefined],
  ])('asks to choose a category for %s', (_, categoryId) => {
    const result = createProductBody.safeParse({ ...product, categoryId });
    expect(messageAt(result, 'categoryId')).toBe('Choose a category');
  });

  it('still calls a malformed id what it is', () => {
    const result = createProductBody.safeParse({ ...product, categoryId: 'phones' });
    expect(messageAt(result, 'categoryId')).toBe('Must be a valid id');
  });

  it('asks for a category on an edit that empties it', () => {
    const result = editProductBody.safeParse({ categoryId: '' });
    expect(messageAt(result, 'categoryId')).toBe('Choose a category');
  });
});
