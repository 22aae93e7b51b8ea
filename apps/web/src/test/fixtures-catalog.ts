import { jsonResponse } from './render';
import { mockFetchHolding } from './session';

/** Small contract-shaped data for catalog screen tests. */
export const ids = {
  phones: '11111111-1111-4111-8111-111111111111',
  smartphones: '22222222-2222-4222-8222-222222222222',
  android: '33333333-3333-4333-8333-333333333333',
  fashion: '44444444-4444-4444-8444-444444444444',
  product: '55555555-5555-4555-8555-555555555555',
  merchant: '66666666-6666-4666-8666-666666666666',
  store: '77777777-7777-4777-8777-777777777777',
  file: '88888888-8888-4888-8888-888888888888',
};

export const categoryTree = [
  {
    id: ids.phones,
    name: 'Phones & Tablets',
    position: 0,
    image: null,
    subCategories: [
      {
        id: ids.smartphones,
        name: 'Smartphones',
        categoryId: ids.phones,
        position: 0,
        image: null,
        childCategories: [
          {
            id: ids.android,
            name: 'Android Phones',
            subCategoryId: ids.smartphones,
            categoryId: ids.phones,
            position: 0,
            image: null,
          },
        ],
      },
    ],
  },
  { id: ids.fashion, name: 'Fashion', position: 1, image: null, subCategories: [] },
];

export function merchantProduct(overrides: Record<string, unknown> = {}) {
  return {
    id: ids.product,
    storeId: ids.store,
    storeName: 'Bisi Gadgets',
    storeUrl: 'bisi-gadgets',
    name: 'Tecno Spark 20',
    description: ['A phone.'],
    category: 'Phones & Tablets',
    categoryId: ids.phones,
    subCategory: null,
    subCategoryId: null,
    childCategory: null,
    childCategoryId: null,
    discountPercentage: 0,
    quantity: 12,
    inStock: true,
    sku: 'TS-20',
    weight: null,
    weightUnit: 'kg',
    dimension: null,
    dimensionUnit: 'cm',
    IsDigitalProduct: false,
    variant: [],
    variantProperties: [],
    hostedImages: [],
    salesCount: 0,
    ratingAverage: 0,
    ratingCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    pricing: [{ costPrice: 80000, sellingPrice: 95000, price: 110000 }],
    whenSoldOut: 'show-sold-out',
    contSalesOutOfStock: false,
    stockAlertUnits: 5,
    stockStatus: 'in',
    approvalStatus: 'pending',
    rejectionReason: null,
    isVisible: false,
    merchantId: ids.merchant,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function onboardingState(overrides: Record<string, unknown> = {}) {
  return {
    dateOfBirth: null,
    nationality: null,
    idDocumentType: null,
    idDocumentNumber: null,
    idDocumentFileId: null,
    homeAddress: [],
    useHomeAddress: false,
    proofOfAddressFileId: null,
    staffSize: null,
    category: null,
    physicalLocation: null,
    pickupLocation: null,
    subCategoryIds: [],
    pricingPlan: null,
    completedSteps: [] as string[],
    percentageComplete: 25,
    isComplete: false,
    ...overrides,
  };
}

export interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** Replaces fetch; JSON bodies are parsed, FormData is passed through. */
export function recordFetch(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = init?.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const call = { url: String(input), method: init?.method ?? 'GET', body };
    calls.push(call);
    return handler(call);
  };
  return { calls, fetchMock };
}

/** A merchant staff member ("Viewer") holding these permissions, whose store has no products yet. */
export const viewerOfEmptyStore = (permissions: string[]) =>
  mockFetchHolding(
    permissions,
    () =>
      jsonResponse(200, {
        message: 'Products',
        data: { products: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 1 } },
      }),
    { role: 'Viewer' },
  );
