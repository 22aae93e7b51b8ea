import { describe, expect, it } from 'vitest';
import {
  dailyKey,
  discountBasisPoints,
  discountPercentage,
  hiddenWhenSoldOut,
  isCustomerVisible,
  isPromotionActive,
  isSuperDiscount,
  needsReapproval,
  type ReviewedContent,
  stockStatus,
} from '../../src/modules/catalog/catalog.rules.js';
import { buildTree } from '../../src/modules/catalog/categories.service.js';

describe('deal rules', () => {
  it('computes discounts like the generated column, in basis points, never rounding up', () => {
    expect(discountBasisPoints(9000, 18000)).toBe(5000);
    expect(discountBasisPoints(1000000, 1000000)).toBe(0);
    expect(discountBasisPoints(12000, 10000)).toBe(0);
    expect(discountBasisPoints(0, 0)).toBe(0);
    expect(discountBasisPoints(200, 300)).toBe(3333);
    expect(discountPercentage(3333)).toBe(33);
    expect(discountPercentage(3999)).toBe(39);
  });

  it('calls 40 % or more a super discount', () => {
    expect(isSuperDiscount(4000)).toBe(true);
    expect(isSuperDiscount(3999)).toBe(false);
  });

  it('keys the daily rail by UTC date', () => {
    expect(dailyKey(new Date('2026-11-21T23:59:59Z'))).toBe('2026-11-21');
    expect(dailyKey(new Date('2026-11-22T00:00:00+01:00'))).toBe('2026-11-21');
  });

  it('runs a promotion inside its window, open ends meaning no limit', () => {
    const now = new Date('2026-12-20T12:00:00Z');
    expect(isPromotionActive({ startsAt: null, endsAt: null }, now)).toBe(true);
    expect(isPromotionActive({ startsAt: new Date('2026-12-01'), endsAt: new Date('2027-01-01') }, now)).toBe(
      true,
    );
    expect(isPromotionActive({ startsAt: new Date('2026-12-21'), endsAt: null }, now)).toBe(false);
    expect(isPromotionActive({ startsAt: null, endsAt: now }, now)).toBe(false);
  });
});

describe('visibility and stock rules', () => {
  const product = {
    approvalStatus: 'approved',
    storeVisible: true,
    quantity: 3,
    whenSoldOut: 'hide',
    contSalesOutOfStock: false,
  };

  it('shows only approved products of visible stores that are not hidden while sold out', () => {
    expect(isCustomerVisible(product)).toBe(true);
    expect(isCustomerVisible({ ...product, approvalStatus: 'pending' })).toBe(false);
    expect(isCustomerVisible({ ...product, approvalStatus: 'rejected' })).toBe(false);
    expect(isCustomerVisible({ ...product, storeVisible: false })).toBe(false);
    expect(isCustomerVisible({ ...product, quantity: 0 })).toBe(false);
    expect(isCustomerVisible({ ...product, quantity: 0, whenSoldOut: 'show-sold-out' })).toBe(true);
    expect(isCustomerVisible({ ...product, quantity: 0, contSalesOutOfStock: true })).toBe(true);
    expect(hiddenWhenSoldOut({ quantity: -1, whenSoldOut: 'hide', contSalesOutOfStock: false })).toBe(true);
  });

  it('classifies stock as out, low (at or under the alert units) or in', () => {
    expect(stockStatus(0, 5)).toBe('out');
    expect(stockStatus(5, 5)).toBe('low');
    expect(stockStatus(6, 5)).toBe('in');
    expect(stockStatus(1, 0)).toBe('in');
  });

  it('sends content edits back to approval but not stock changes', () => {
    const before: ReviewedContent = {
      name: 'Ankara Dress',
      description: ['Cotton'],
      categoryId: 'c',
      subCategoryId: null,
      childCategoryId: null,
      sellingPriceKobo: 100,
      priceKobo: 200,
      sku: 'A',
      weight: 1,
      weightUnit: 'kg',
      dimension: null,
      dimensionUnit: 'cm',
      isDigitalProduct: false,
      variantProperties: [],
      hostedImages: ['/media/images/a-800.webp'],
      variants: [{ sku: 'A-S', size: 'S', color: null, discountKobo: 0 }],
    };
    expect(needsReapproval(before, { ...before })).toBe(false);
    expect(needsReapproval(before, { ...before, name: 'Ankara Gown' })).toBe(true);
    expect(needsReapproval(before, { ...before, sellingPriceKobo: 150 })).toBe(true);
    expect(needsReapproval(before, { ...before, hostedImages: [] })).toBe(true);
    const restocked = { ...before, variants: [{ ...before.variants[0]!, quantity: 40 }] };
    expect(needsReapproval(before, restocked)).toBe(false);
    const recoloured = { ...before, variants: [{ ...before.variants[0]!, color: 'Red' }] };
    expect(needsReapproval(before, recoloured)).toBe(true);
  });
});

describe('category tree', () => {
  it('nests three levels in the given order', () => {
    const row = (id: string, level: 1 | 2 | 3, parentId: string | null, position = 0) => ({
      id,
      name: id,
      slug: id,
      level,
      parentId,
      position,
      image: null,
      retiredAt: null,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const tree = buildTree([
      row('fashion', 1, null),
      row('phones', 1, null),
      row('women', 2, 'fashion'),
      row('dresses', 3, 'women'),
    ]);
    expect(tree.map((node) => node.id)).toEqual(['fashion', 'phones']);
    expect(tree[0]!.subCategories[0]!.childCategories[0]).toMatchObject({
      id: 'dresses',
      subCategoryId: 'women',
      categoryId: 'fashion',
    });
    expect(tree[1]!.subCategories).toEqual([]);
  });
});
