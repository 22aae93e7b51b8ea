import type { CustomerProduct } from '@market/contracts';

/** A customer product for tests; override what a test cares about. */
export function productFixture(overrides: Partial<CustomerProduct> = {}): CustomerProduct {
  return {
    id: '44444444-4444-4444-8444-444444444444',
    storeId: '55555555-5555-4555-8555-555555555555',
    storeName: 'Mama Put Stores',
    storeUrl: 'mama-put-stores',
    name: 'Ankara shirt',
    description: ['Bright cotton Ankara shirt.'],
    category: 'Fashion',
    categoryId: '11111111-1111-4111-8111-111111111111',
    subCategory: null,
    subCategoryId: null,
    childCategory: null,
    childCategoryId: null,
    discountPercentage: 20,
    quantity: 7,
    inStock: true,
    sku: 'ANK-1',
    weight: null,
    weightUnit: 'kg',
    dimension: null,
    dimensionUnit: 'cm',
    IsDigitalProduct: false,
    variant: [],
    variantProperties: [],
    hostedImages: ['/media/images/66666666-6666-4666-8666-666666666666-800.webp'],
    salesCount: 0,
    ratingAverage: 0,
    ratingCount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    pricing: [{ sellingPrice: 12_500, price: 15_625 }],
    ...overrides,
  };
}
