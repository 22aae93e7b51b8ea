import type { CartLine, CartState, Tracker } from '@market/contracts';
import { beforeEach } from 'vitest';
import { useSessionStore } from '../lib/session';
import { signedInForEachTest } from './session';

/** Small contract-shaped data for cart and checkout screen tests. */
export const checkoutIds = {
  customer: 'c0000000-0000-4000-8000-000000000001',
  lineA: 'a0000000-0000-4000-8000-00000000000a',
  lineB: 'b0000000-0000-4000-8000-00000000000b',
  productA: 'a1000000-0000-4000-8000-00000000000a',
  productB: 'b1000000-0000-4000-8000-00000000000b',
  storeA: 'a2000000-0000-4000-8000-00000000000a',
  storeB: 'b2000000-0000-4000-8000-00000000000b',
  address: 'd0000000-0000-4000-8000-00000000000d',
};

/** Ada, the customer of the cart and checkout tests: signed in (her session restored) before each test, forgotten after. */
export function customerSignedInForEachTest() {
  signedInForEachTest(
    'customer',
    {
      id: checkoutIds.customer,
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@demo.ng',
      accountType: 'customer',
    },
    { token: 'customer-token', refreshToken: 'customer-refresh' },
  );
  beforeEach(() => useSessionStore.setState({ restored: true }));
}

export function cartLine(overrides: Partial<CartLine> = {}): CartLine {
  return {
    id: checkoutIds.lineA,
    productId: checkoutIds.productA,
    variantId: null,
    quantity: 2,
    name: 'Ankara dress',
    storeId: checkoutIds.storeA,
    storeName: 'Mama Put Fashion',
    storeUrl: 'mama-put',
    hostedImages: [],
    pricing: [{ sellingPrice: 10_000.5, price: 12_000 }],
    productVariant: null,
    unitPrice: 10_000.5,
    lineTotal: 20_001,
    availableQuantity: 5,
    problem: null,
    ...overrides,
  };
}

export function cartState(overrides: Partial<CartState> = {}): CartState {
  return {
    cartItemsData: [
      cartLine(),
      cartLine({
        id: checkoutIds.lineB,
        productId: checkoutIds.productB,
        name: 'Tecno phone',
        storeId: checkoutIds.storeB,
        storeName: 'Chinedu Gadgets',
        quantity: 1,
        unitPrice: 85_000,
        lineTotal: 85_000,
      }),
    ],
    itemCount: 3,
    total: 105_001,
    discount: 2_000.1,
    shippingFees: [],
    shippingFeeTotal: 3_500.25,
    weight: 2,
    appliedDiscountCodes: [],
    rejectedDiscountCodes: [],
    appliedGiftCards: [],
    giftCardTotal: 0,
    amountDue: 106_501.15,
    selectedShippingAddress: {
      id: checkoutIds.address,
      fullName: 'Ada Obi',
      phoneNumber: '+2348031234567',
      emailAddress: 'ada@demo.ng',
      stateOrRegion: 'Lagos',
      lga: 'Ikeja',
      address: '12 Allen Avenue',
    },
    merchantAddresses: [],
    canCheckout: true,
    checkoutProblems: [],
    aboveOrderLimit: null,
    ...overrides,
  };
}

export function tracker(overrides: Partial<Tracker> = {}): Tracker {
  return {
    id: 'e0000000-0000-4000-8000-00000000000e',
    reference: 'CHK-01J0000000000000000000000A',
    status: 'paid',
    subtotal: 105_001,
    shippingFeeTotal: 3_500.25,
    discount: 2_000.1,
    giftCardTotal: 0,
    onDeliveryTotal: 0,
    amountDue: 106_501.15,
    expiresAt: '2030-01-01T00:30:00.000Z',
    paidAt: '2030-01-01T00:05:00.000Z',
    orders: [
      {
        id: 'f0000000-0000-4000-8000-00000000000f',
        orderName: 'NM-1001',
        orderNote: null,
        orderStatus: { id: 2, code_name: 'pending', known_name: 'Pending' },
        subtotal: 20_001,
        shippingFee: 1_500,
        discount: 0,
        total: 21_501,
        payOnDelivery: null,
        storeId: checkoutIds.storeA,
        storeName: 'Mama Put Fashion',
        merchantId: 'm1',
        customerId: checkoutIds.customer,
        trackerId: 'e0000000-0000-4000-8000-00000000000e',
        orderItems: [],
        deliveryAddress: {
          fullName: 'Ada Obi',
          phoneNumber: '+2348031234567',
          emailAddress: null,
          state: 'Lagos',
          lga: 'Ikeja',
          address: '12 Allen Avenue',
        },
        orderDeliveryToken: '482913',
        deliveredAt: null,
        orderReturnId: null,
        carrier: null,
        withinLagos: true,
        lagosMerchant: true,
        lagosCustomer: true,
        orderActivities: [],
        createdAt: '2030-01-01T00:00:00.000Z',
      },
    ],
    ...overrides,
  };
}
