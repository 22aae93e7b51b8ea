import { describe, expect, it } from 'vitest';
import { orderLimitProblem, priceLine, UNLIMITED } from '../../src/modules/cart/cart-pricing.js';
import type { ProductForSale } from '../../src/modules/catalog/index.js';

// The pure rules of cart pricing (issue 29, mutation testing): what one line costs and whether it can be bought, and
// the order limit's message. The rest of pricing reads the database and is proven through the API (test/checkout).

type Variant = ProductForSale['variants'][number];

/** A product for sale with the fields pricing reads; the rest of the catalog's row does not take part. */
function product(fields: Partial<ProductForSale> = {}): ProductForSale {
  return {
    id: 'p1',
    storeId: 's1',
    sellingPriceKobo: 1_850_000,
    quantity: 5,
    contSalesOutOfStock: false,
    variants: [],
    approvalStatus: 'approved',
    storeVisible: true,
    ...fields,
    // Only what priceLine reads is meaningful here: the cast stands in for the catalog's full row.
  } as unknown as ProductForSale;
}
const variant = (id: string, quantity: number, discountKobo: number) =>
  ({ id, quantity, discountKobo }) as unknown as Variant;

describe('priceLine', () => {
  it('costs the selling price; an option takes its discount off, never below zero', () => {
    expect(priceLine(product(), null, 2, 'c1')).toMatchObject({
      cartItemId: 'c1',
      quantity: 2,
      unitPriceKobo: 1_850_000,
      availableQuantity: 5,
      variant: null,
      problem: null,
    });
    const withOptions = product({ variants: [variant('v1', 3, 50_000), variant('v2', 9, 2_000_000)] });
    expect(priceLine(withOptions, 'v1', 1, 'c2')).toMatchObject({
      unitPriceKobo: 1_800_000,
      availableQuantity: 3,
      problem: null,
    });
    expect(priceLine(withOptions, 'v1', 1, 'c2').variant).toMatchObject({ id: 'v1' });
    expect(priceLine(withOptions, 'v2', 1, 'c3').unitPriceKobo).toBe(0);
  });

  it('counts the option’s stock, not the product’s; sold on when out of stock means unlimited', () => {
    const withOptions = product({ quantity: 100, variants: [variant('v1', 2, 0)] });
    expect(priceLine(withOptions, 'v1', 3, 'c1')).toMatchObject({
      availableQuantity: 2,
      problem: 'Only 2 left',
    });
    expect(priceLine(withOptions, 'v1', 2, 'c1').problem).toBeNull();
    const soldOn = product({ quantity: 0, contSalesOutOfStock: true });
    expect(priceLine(soldOn, null, 40, 'c1')).toMatchObject({ availableQuantity: UNLIMITED, problem: null });
    expect(priceLine(product({ quantity: -3 }), null, 1, 'c1')).toMatchObject({
      availableQuantity: 0,
      problem: 'Sold out',
    });
  });

  it('names what blocks the line, the product’s state before its options and stock', () => {
    expect(priceLine(product({ approvalStatus: 'pending' }), null, 1, 'c').problem).toBe(
      'This product is no longer sold',
    );
    expect(priceLine(product({ storeVisible: false }), null, 1, 'c').problem).toBe(
      'This product is no longer sold',
    );
    expect(priceLine(product({ storeVisible: false, quantity: 0 }), null, 1, 'c').problem).toBe(
      'This product is no longer sold',
    );
    expect(priceLine(product({ variants: [variant('v1', 0, 0)] }), 'gone', 1, 'c')).toMatchObject({
      variant: null,
      problem: 'This option is no longer sold',
    });
    expect(priceLine(product({ variants: [variant('v1', 4, 0)] }), null, 1, 'c').problem).toBe(
      'Choose an option for this product',
    );
    expect(priceLine(product({ quantity: 0 }), null, 1, 'c').problem).toBe('Sold out');
    expect(priceLine(product({ quantity: 5 }), null, 5, 'c').problem).toBeNull();
    expect(priceLine(product({ quantity: 5 }), null, 6, 'c').problem).toBe('Only 5 left');
  });
});

describe('orderLimitProblem', () => {
  it('allows a cart up to the limit, to the kobo, and says what is over it', () => {
    expect(orderLimitProblem(5_000_000_000, 5_000_000_000)).toBeNull();
    expect(orderLimitProblem(0, 5_000_000_000)).toBeNull();
    expect(orderLimitProblem(5_000_000_001, 5_000_000_000)).toBe(
      'One order can come to at most ₦50,000,000.00 and this cart comes to ₦50,000,000.01. Remove some items, or buy them in more than one order.',
    );
  });
});
