import {
  cartEndpoints,
  checkoutEndpoints,
  couponCustomerEndpoints,
  customerProductEndpoints,
} from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions } from '../../src/modules/coupons/coupons.schema.js';
import {
  addToCart,
  appliedGiftCard,
  type CommerceSetup,
  checkout,
  listedProduct,
  payInSandbox,
  type SellingStore,
  type Shopper,
  shopper,
  storeCoupon,
} from '../support/commerce-factory.js';
import { requestOf } from '../support/contract-requests.js';
import { pglite } from '../support/postgres-proofs.js';
import { bearer, json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// Issue 12, "Stock hoarding": at most one open checkout per customer (a new one replaces the old one and gives
// back its stock, gift-card money and coupon uses), and create-order is rate limited per customer.

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;

beforeAll(async () => {
  const market = await world({ customers: 0 });
  ({ test, setup } = market);
  [store] = market.stores;
}, 120_000);
afterAll(() => test.close());

const stockOf = async (productId: string) =>
  json(await test.app.inject(requestOf(customerProductEndpoints.one, { params: { id: productId } }))).data
    .quantity as number;

const trackerOf = async (customer: Shopper, reference: string) =>
  json(
    await test.app.inject({
      ...requestOf(checkoutEndpoints.tracker, { params: { reference } }),
      headers: bearer(customer.token),
    }),
  ).data;

const createOrder = (customer: Shopper, ip = '10.9.9.9') =>
  test.app.inject({
    ...requestOf(checkoutEndpoints.create),
    headers: bearer(customer.token),
    payload: { addressId: customer.addressId },
    remoteAddress: ip,
  });

describe('one open checkout per customer', () => {
  pglite.it(
    'a new checkout replaces the open one: its stock, gift-card money and coupon use go back',
    async () => {
      const product = await listedProduct(test, setup, store, {
        quantity: 5,
        pricing: [{ costPrice: 1000, sellingPrice: 8000, price: 8000 }],
      });
      const coupon = await storeCoupon(test, store, { usageLimitPerUser: 1 });
      const customer = await shopper(test);
      await appliedGiftCard(test, customer, 5000);
      await addToCart(test, customer, product.id, 2);
      await test.app.inject({
        ...requestOf(couponCustomerEndpoints.apply),
        headers: bearer(customer.token),
        payload: { code: coupon.code },
      });

      const first = json(await checkout(test, customer)).data;
      expect(first.tracker.giftCardTotal).toBe(5000);
      expect(first.tracker.discount).toBe(1600);
      expect(await stockOf(product.id)).toBe(3);

      const second = json(await checkout(test, customer)).data;
      // Same money as the first: its gift-card hold and coupon use were given back before the new one took them.
      expect(second.tracker.giftCardTotal).toBe(5000);
      expect(second.tracker.discount).toBe(1600);
      expect(await stockOf(product.id)).toBe(3);

      const replaced = await trackerOf(customer, first.tracker.reference);
      expect(replaced.status).toBe('replaced');
      expect(replaced.orders[0].orderStatus.code_name).toBe('cancelled');
      const uses = await test.deps.db
        .select()
        .from(couponRedemptions)
        .where(eq(couponRedemptions.couponId, coupon.id));
      expect(uses.map((use) => [use.trackerId, use.status])).toEqual([[second.tracker.id, 'held']]);

      // The replaced checkout can no longer be paid; money that reaches it anyway is refunded.
      const resume = await test.app.inject({
        ...requestOf(checkoutEndpoints.pay),
        headers: bearer(customer.token),
        payload: { trackerId: first.tracker.id },
      });
      expect(resume.statusCode).toBe(409);
      await payInSandbox(test, first.payment.authorizationUrl, 'success');
      await test.deps.payments.settle(first.tracker.reference);
      expect((await trackerOf(customer, first.tracker.reference)).status).toBe('replaced');

      await payInSandbox(test, second.payment.authorizationUrl, 'success');
      await test.deps.payments.settle(second.tracker.reference);
      expect((await trackerOf(customer, second.tracker.reference)).status).toBe('paid');
      expect(await stockOf(product.id)).toBe(3);
    },
  );

  pglite.it('a checkout that cannot be created leaves the open one as it was', async () => {
    const product = await listedProduct(test, setup, store, { quantity: 4 });
    const customer = await shopper(test);
    await addToCart(test, customer, product.id, 1);
    const open = json(await checkout(test, customer)).data;
    await test.app.inject({
      ...requestOf(cartEndpoints.remove),
      headers: bearer(customer.token),
      payload: { all: true },
    });
    const refused = await checkout(test, customer);
    expect(refused.statusCode).toBe(409);
    expect((await trackerOf(customer, open.tracker.reference)).status).toBe('awaiting_payment');
    expect(await stockOf(product.id)).toBe(3);
  });

  it('five checkouts of one customer at once leave one open checkout and one reservation', async () => {
    const product = await listedProduct(test, setup, store, { quantity: 10 });
    const customer = await shopper(test);
    await addToCart(test, customer, product.id, 2);
    const attempts = await Promise.all(Array.from({ length: 5 }, () => checkout(test, customer)));
    const created = attempts.filter((response) => response.statusCode === 201).map((r) => json(r).data);
    expect(created.length).toBeGreaterThan(0);
    const views = await Promise.all(created.map((data) => trackerOf(customer, data.tracker.reference)));
    expect(views.filter((view) => view.status === 'awaiting_payment')).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(8);
  }, 60_000);
});

pglite.describe('create-order is rate limited per customer', () => {
  it('answers 429 with the envelope after 10 checkouts in a minute, whatever the address; others go on', async () => {
    const product = await listedProduct(test, setup, store, { quantity: 50 });
    const customer = await shopper(test);
    const other = await shopper(test);
    await addToCart(test, customer, product.id, 1);
    await addToCart(test, other, product.id, 1);
    for (let index = 0; index < 10; index++) {
      expect((await createOrder(customer, `10.8.0.${index + 1}`)).statusCode).toBe(201);
    }
    const limited = await createOrder(customer, '10.8.1.1');
    expect(limited.statusCode).toBe(429);
    expect(json(limited)).toMatchObject({ error: 'RATE_LIMITED' });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await createOrder(other, '10.8.1.2')).statusCode).toBe(201);
    // Ten checkouts made, one left open: the product holds one unit for each customer, not eleven.
    expect(await stockOf(product.id)).toBe(48);
  });
});
