import type { OrderReturn } from '@market/contracts';

/** Small contract-shaped data for return screen tests. */
export const returnIds = { request: 'a0000000-0000-4000-8000-00000000000a' };

/** A customer's new request to return one power bank; a test patches what its screen is about. */
export function orderReturn(patch: Partial<OrderReturn> = {}): OrderReturn {
  return {
    id: returnIds.request,
    merchantId: 'm1',
    storeId: 's1',
    storeName: 'Chinedu Gadgets',
    customerId: 'c1',
    customerName: 'Ada Obi',
    status: { code_name: 'requested', known_name: 'Requested' },
    type: 'return',
    orderId: 'o1',
    orderName: 'NM-DEMO0006',
    reason: 'The charger stopped working.',
    photos: [],
    products: [
      {
        productId: 'p1',
        variantId: null,
        productName: 'Oraimo Power Bank',
        sku: 'PB-1',
        quantity: 1,
        productPrice: 12_500,
        hostedImages: [],
        refundableAmount: 12_500,
      },
    ],
    refund: null,
    replace: null,
    merchantNote: null,
    dispute: { status: 'none', reason: null, decisionNote: null },
    chargeback: { decision: null, note: null },
    allowedNextStatuses: ['approved', 'rejected'],
    canDecide: false,
    pickup: null,
    createdAt: '2030-01-01T10:00:00.000Z',
    updatedAt: '2030-01-01T10:00:00.000Z',
    ...patch,
  };
}
