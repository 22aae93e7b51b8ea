import { cartEndpoints, checkoutEndpoints, couponCustomerEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  type CommerceSetup,
  listedProduct,
  type SellingStore,
  sellingStore,
  shopper,
  storeCoupon,
} from '../support/commerce-factory.js';
import { requestOf } from '../support/contract-requests.js';
import { bearer, json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// Issue 12: "An automatic coupon is silently replaced when the customer applies a code": the cart (and
// simulate-order, which answers the same state) says which discount applies and why.

let test: TestApp;
let setup: CommerceSetup;

beforeAll(async () => {
  const market = await world({ stores: 0, customers: 0 });
  ({ test, setup } = market);
}, 120_000);
afterAll(() => test.close());

async function storeWithAutomatic(): Promise<{ store: SellingStore; productId: string }> {
  const store = await sellingStore(test, setup);
  const product = await listedProduct(test, setup, store, {
    pricing: [{ costPrice: 1000, sellingPrice: 20000, price: 20000 }],
  });
  // The automatic 5% discount: ₦1,000 on ₦20,000.
  await storeCoupon(test, store, { discountMode: 'Automatic', code: undefined, discountValue: 5 });
  return { store, productId: product.id };
}

describe('which discount applies, and why', () => {
  it('a larger code replaces the automatic discount and the cart says so', async () => {
    const { store, productId } = await storeWithAutomatic();
    const code = await storeCoupon(test, store, { discountType: 'Fixed', discountValue: 2000 });
    const customer = await shopper(test);
    await addToCart(test, customer, productId, 1);
    const plain = json(
      await test.app.inject({ ...requestOf(cartEndpoints.get), headers: bearer(customer.token) }),
    ).data;
    expect(plain.discount).toBe(1000);
    expect(plain.discountNotes).toEqual([]);
    const applied = await test.app.inject({
      ...requestOf(couponCustomerEndpoints.apply),
      headers: bearer(customer.token),
      payload: { code: code.code },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const cart = json(
      await test.app.inject({ ...requestOf(cartEndpoints.get), headers: bearer(customer.token) }),
    ).data;
    expect(cart.discount).toBe(2000);
    expect(cart.discountNotes).toEqual([
      {
        storeId: store.storeId,
        storeName: expect.any(String),
        message: `Your code ${code.code} gives ₦2,000.00 off, more than the automatic 5% discount (₦1,000.00), so it replaces it.`,
      },
    ]);
    const simulated = json(
      await test.app.inject({
        ...requestOf(checkoutEndpoints.simulate),
        headers: bearer(customer.token),
        payload: { addressId: customer.addressId },
      }),
    ).data;
    expect(simulated.discountNotes).toEqual(cart.discountNotes);
  });

  it('a smaller code loses to the automatic discount and the cart says so', async () => {
    const { store, productId } = await storeWithAutomatic();
    const code = await storeCoupon(test, store, { discountType: 'Fixed', discountValue: 500 });
    const customer = await shopper(test);
    await addToCart(test, customer, productId, 1);
    expect(
      (
        await test.app.inject({
          ...requestOf(couponCustomerEndpoints.apply),
          headers: bearer(customer.token),
          payload: { code: code.code },
        })
      ).statusCode,
    ).toBe(200);
    const cart = json(
      await test.app.inject({ ...requestOf(cartEndpoints.get), headers: bearer(customer.token) }),
    ).data;
    expect(cart.discount).toBe(1000);
    expect(cart.discountNotes).toEqual([
      expect.objectContaining({
        message: `The automatic 5% discount gives ₦1,000.00 off, more than your code ${code.code} (₦500.00), so your code is not used.`,
      }),
    ]);
  });
});
