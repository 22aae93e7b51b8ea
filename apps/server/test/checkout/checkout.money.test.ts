import {
  cartEndpoints,
  checkoutEndpoints,
  couponCustomerEndpoints,
  customerProductEndpoints,
  giftCardAdminEndpoints,
  giftCardCustomerEndpoints,
  systemEndpoints,
} from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  appliedGiftCard,
  type CommerceSetup,
  checkout,
  listedProduct,
  payInSandbox,
  type SellingStore,
  shopper,
  storeCoupon,
} from '../support/commerce-factory.js';
import { requestOf } from '../support/contract-requests.js';
import { pglite } from '../support/postgres-proofs.js';
import { bearer, json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

let test: TestApp;
let setup: CommerceSetup;
let storeA: SellingStore;
let storeB: SellingStore;

beforeAll(async () => {
  const market = await world({ stores: 2, customers: 0 });
  ({ test, setup } = market);
  [storeA, storeB] = market.stores;
}, 120_000);
afterAll(() => test.close());

const cartOf = async (token: string) =>
  json(await test.app.inject({ ...requestOf(cartEndpoints.get), headers: bearer(token) })).data;

pglite.describe('discounts and gift cards at checkout', () => {
  it("applies a store's coupon to that store's items only, and the order totals match the cart to the kobo", async () => {
    const a = await listedProduct(test, setup, storeA, {
      pricing: [{ costPrice: 1000, sellingPrice: 3333.33, price: 4000 }],
    });
    const b = await listedProduct(test, setup, storeB, {
      pricing: [{ costPrice: 1000, sellingPrice: 5000, price: 5000 }],
    });
    const coupon = await storeCoupon(test, storeA);
    const customer = await shopper(test);
    await addToCart(test, customer, a.id, 3);
    await addToCart(test, customer, b.id, 1);
    const applied = await test.app.inject({
      ...requestOf(couponCustomerEndpoints.apply),
      headers: bearer(customer.token),
      payload: { code: coupon.code },
    });
    expect(applied.statusCode).toBe(200);
    expect(json(applied).message).toBe('Coupon applied successfully!');
    const cart = await cartOf(customer.token);
    // 10% of 3 × ₦3,333.33 = ₦999.999 → ₦1,000.00 (half up to the kobo); store B untouched.
    expect(cart.appliedDiscountCodes).toEqual([
      expect.objectContaining({ code: coupon.code, storeId: storeA.storeId, amount: 1000 }),
    ]);
    expect(cart.discount).toBe(1000);
    expect(cart.total).toBe(14999.99);
    const { tracker } = json(await checkout(test, customer)).data;
    expect(tracker.amountDue).toBe(cart.amountDue);
    const orderA = tracker.orders.find((order: { storeId: string }) => order.storeId === storeA.storeId);
    const orderB = tracker.orders.find((order: { storeId: string }) => order.storeId === storeB.storeId);
    expect(orderA.discount).toBe(1000);
    expect(orderB.discount).toBe(0);
    expect(Math.round((orderA.total + orderB.total) * 100)).toBe(Math.round(tracker.amountDue * 100));
  });

  it('a gift card covers items and shipping; when it covers everything the order is paid without a card payment', async () => {
    const product = await listedProduct(test, setup, storeA, {
      pricing: [{ costPrice: 500, sellingPrice: 2000, price: 2000 }],
    });
    const customer = await shopper(test);
    await appliedGiftCard(test, customer, 50_000);
    await addToCart(test, customer, product.id, 2);
    const cart = await cartOf(customer.token);
    expect(cart.giftCardTotal).toBe(cart.total + cart.shippingFeeTotal);
    expect(cart.amountDue).toBe(0);
    const created = json(await checkout(test, customer)).data;
    expect(created.payment.authorizationUrl).toBeNull();
    expect(created.tracker.status).toBe('paid');
    expect(created.tracker.orders[0].orderDeliveryToken).toMatch(/^\d{6}$/);
    const cards = json(
      await test.app.inject({
        ...requestOf(giftCardCustomerEndpoints.applied),
        headers: bearer(customer.token),
      }),
    ).data;
    const remaining = cards[0]?.balance ?? 0;
    expect(remaining).toBeCloseTo(50_000 - created.tracker.giftCardTotal, 2);
    // The money held at checkout is spent once the checkout is paid: the admins' activity shows it redeemed for this
    // checkout, not still held (a hold left open would be given back when its checkout closed).
    const activities = json(
      await test.app.inject({
        ...requestOf(giftCardAdminEndpoints.activities, { query: { limit: 100 } }),
        headers: bearer(setup.admin.accessToken),
      }),
    ).data.activities as { type: string; amount: number; trackerId: string | null }[];
    const ofThisCheckout = activities.filter((activity) => activity.trackerId === created.tracker.id);
    expect(ofThisCheckout.map((activity) => [activity.type, activity.amount]).sort()).toEqual([
      ['hold', created.tracker.giftCardTotal],
      ['redeem', created.tracker.giftCardTotal],
    ]);
  });

  it('a webhook delivered twice makes one payment', async () => {
    const product = await listedProduct(test, setup, storeB);
    const customer = await shopper(test);
    await addToCart(test, customer, product.id, 1);
    const { tracker, payment } = json(await checkout(test, customer)).data;
    await payInSandbox(test, payment.authorizationUrl, 'success');
    const settled = await test.deps.payments.settle(tracker.reference);
    expect(settled.status).toBe('success');
    const again = await test.deps.payments.settle(tracker.reference);
    expect(again.status).toBe('success');
    const view = json(
      await test.app.inject({
        ...requestOf(checkoutEndpoints.tracker, { params: { reference: tracker.reference } }),
        headers: bearer(customer.token),
      }),
    ).data;
    expect(view.status).toBe('paid');
    const activities = view.orders[0].orderActivities.filter(
      (activity: { status: string }) => activity.status === 'pending',
    );
    expect(activities).toHaveLength(1);
    const mails = json(
      await test.app.inject(requestOf(systemEndpoints.outbox, { query: { to: customer.email } })),
    ).data.filter((mail: { subject: string }) =>
      mail.subject.includes(`${view.orders[0].orderName} is confirmed`),
    );
    expect(mails).toHaveLength(1);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('under concurrency (PostgreSQL)', () => {
  it('50 customers buy the last 10 units at once: exactly 10 orders are paid and stock ends at 0', async () => {
    const product = await listedProduct(test, setup, storeA, { quantity: 10 });
    const customers = [];
    for (let index = 0; index < 50; index++) {
      const customer = await shopper(test);
      expect((await addToCart(test, customer, product.id, 1)).statusCode).toBe(200);
      customers.push(customer);
    }
    const attempts = await Promise.all(customers.map((customer) => checkout(test, customer)));
    const created = attempts.filter((response) => response.statusCode === 201);
    expect(created).toHaveLength(10);
    expect(attempts.filter((response) => response.statusCode === 409)).toHaveLength(40);
    await Promise.all(
      created.map((response) => payInSandbox(test, json(response).data.payment.authorizationUrl)),
    );
    const paid = await Promise.all(
      created.map((response) => test.deps.payments.settle(json(response).data.tracker.reference)),
    );
    expect(paid.filter((state) => state.status === 'success')).toHaveLength(10);
    const stock = json(
      await test.app.inject(requestOf(customerProductEndpoints.one, { params: { id: product.id } })),
    ).data;
    expect(stock.quantity).toBe(0);
  }, 120_000);

  it('two checkouts spend one gift card at once: the balance never goes negative', async () => {
    const product = await listedProduct(test, setup, storeB, {
      pricing: [{ costPrice: 100, sellingPrice: 6000, price: 6000 }],
    });
    const customer = await shopper(test);
    await appliedGiftCard(test, customer, 10_000);
    await addToCart(test, customer, product.id, 1);
    // Two tabs check out the same cart at the same moment: one checkout replaces the other (one open each).
    const [first, second] = await Promise.all([checkout(test, customer), checkout(test, customer)]);
    const views = await Promise.all(
      [first, second]
        .filter((response) => response.statusCode === 201)
        .map(
          async (response) =>
            json(
              await test.app.inject({
                ...requestOf(checkoutEndpoints.tracker, {
                  params: { reference: json(response).data.tracker.reference },
                }),
                headers: bearer(customer.token),
              }),
            ).data,
        ),
    );
    const trackers = views.filter((view) => view.status !== 'replaced');
    expect(trackers).toHaveLength(1);
    const heldTotal = trackers.reduce((total, tracker) => total + tracker.giftCardTotal, 0);
    expect(heldTotal).toBeLessThanOrEqual(10_000);
    const cards = json(
      await test.app.inject({
        ...requestOf(giftCardCustomerEndpoints.myCards),
        headers: bearer(customer.token),
      }),
    ).data;
    const balance = (cards.cards ?? cards.giftCards ?? cards.rows ?? cards)[0].balance;
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(Math.round((balance + heldTotal) * 100)).toBe(1_000_000);
  }, 60_000);
});
