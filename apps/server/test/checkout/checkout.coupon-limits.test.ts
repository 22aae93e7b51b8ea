import { cartEndpoints, checkoutEndpoints, couponCustomerEndpoints } from '@market/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, coupons } from '../../src/modules/coupons/coupons.schema.js';
import {
  addToCart,
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
import { bearer, json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// Issue 12, "Coupon limits are bypassed": a use is held when the checkout is created and released when it closes
// unpaid, so paid discounted orders never exceed usageLimit or usageLimitPerUser.

let offsetMs = 0;
let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;

beforeAll(async () => {
  const market = await world({ customers: 0, app: { now: () => new Date(Date.now() + offsetMs) } });
  ({ test, setup } = market);
  [store] = market.stores;
}, 120_000);
afterAll(() => test.close());

const apply = (customer: Shopper, code: string) =>
  test.app.inject({
    ...requestOf(couponCustomerEndpoints.apply),
    headers: bearer(customer.token),
    payload: { code },
  });

/** Pays a created checkout in the sandbox and settles it as the customer's return would. */
async function payAndSettle(created: {
  payment: { authorizationUrl: string };
  tracker: { reference: string };
}) {
  await payInSandbox(test, created.payment.authorizationUrl, 'success');
  // A verification answered pending, or timed out (an unknown outcome, ADR 061), leaves the payment initialized: ask
  // again, as the confirming job would, a little later. Twenty settles at once on a loaded machine saw it (usedCount 0
  // where 3 uses were paid), and five asks in a row at load 25 all timed out (CI of 1deac8c): the asks go on, spaced,
  // until a minute has passed.
  const askUntil = Date.now() + 60_000;
  let state = await test.deps.payments.settle(created.tracker.reference);
  while (state.status === 'initialized' && Date.now() < askUntil) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    state = await test.deps.payments.settle(created.tracker.reference);
  }
  return state;
}

const usesOf = async (couponId: string) =>
  test.deps.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, couponId));

const trackerOf = async (customer: Shopper, reference: string) =>
  json(
    await test.app.inject({
      ...requestOf(checkoutEndpoints.tracker, { params: { reference } }),
      headers: bearer(customer.token),
    }),
  ).data;

describe('coupon limits at checkout', () => {
  it('50 % coupon, usageLimit 1 and usageLimitPerUser 1: two checkouts paid give one discounted order', async () => {
    const product = await listedProduct(test, setup, store, {
      pricing: [{ costPrice: 1000, sellingPrice: 4000, price: 4000 }],
    });
    const coupon = await storeCoupon(test, store, {
      discountValue: 50,
      description: 'Half price',
      usageLimit: 1,
      usageLimitPerUser: 1,
    });
    const customer = await shopper(test);
    await addToCart(test, customer, product.id, 1);
    expect((await apply(customer, coupon.code)).statusCode).toBe(200);

    const first = await checkout(test, customer);
    expect(first.statusCode, first.body).toBe(201);
    expect(json(first).data.tracker.discount).toBe(2000);
    const second = await checkout(test, customer);
    const created = [first, second]
      .filter((response) => response.statusCode === 201)
      .map((r) => json(r).data);
    for (const checkoutData of created) await payAndSettle(checkoutData);

    const views = await Promise.all(created.map((data) => trackerOf(customer, data.tracker.reference)));
    const discountedPaid = views.filter((view) => view.status === 'paid' && view.discount > 0);
    expect(discountedPaid).toHaveLength(1);
    const [row] = await test.deps.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.usedCount).toBe(1);
    const uses = await usesOf(coupon.id);
    expect(uses.map((use) => use.status)).toEqual(['paid']);
  });

  it("a second customer's checkout does not get a use held by the first; it is released when that one expires", async () => {
    const product = await listedProduct(test, setup, store, {
      pricing: [{ costPrice: 1000, sellingPrice: 5000, price: 5000 }],
    });
    const coupon = await storeCoupon(test, store, { usageLimit: 1 });
    const first = await shopper(test);
    const second = await shopper(test);
    for (const customer of [first, second]) {
      await addToCart(test, customer, product.id, 1);
      expect((await apply(customer, coupon.code)).statusCode).toBe(200);
    }
    const held = json(await checkout(test, first)).data;
    expect(held.tracker.discount).toBe(500);
    expect((await usesOf(coupon.id)).map((use) => use.status)).toEqual(['held']);

    // The only use is held: the second customer's cart and checkout price without it.
    const cart = json(
      await test.app.inject({ ...requestOf(cartEndpoints.get), headers: bearer(second.token) }),
    ).data;
    expect(cart.discount).toBe(0);
    expect(cart.rejectedDiscountCodes).toEqual([
      { code: coupon.code, reason: 'This coupon has reached its usage limit' },
    ]);
    const without = json(await checkout(test, second)).data;
    expect(without.tracker.discount).toBe(0);

    // The first checkout expires: its use goes back, and the second customer's next checkout gets it.
    offsetMs = 31 * 60_000;
    try {
      await test.jobs.sweepCheckouts();
    } finally {
      offsetMs = 0;
    }
    expect(await usesOf(coupon.id)).toEqual([]);
    const again = json(await checkout(test, second)).data;
    expect(again.tracker.discount).toBe(500);
    await payAndSettle(again);
    expect((await usesOf(coupon.id)).map((use) => use.status)).toEqual(['paid']);
    // Money for the expired checkout arrives late: it is not a second discounted order.
    await payAndSettle(held);
    expect((await trackerOf(first, held.tracker.reference)).status).toBe('expired');
    const [row] = await test.deps.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.usedCount).toBe(1);
  });

  it('a paid checkout whose coupon use is refused at payment pays no order: it closes and its money goes back', async () => {
    const product = await listedProduct(test, setup, store, {
      pricing: [{ costPrice: 1000, sellingPrice: 6000, price: 6000 }],
    });
    const coupon = await storeCoupon(test, store, { usageLimit: 1 });
    const late = await shopper(test);
    await addToCart(test, late, product.id, 1);
    expect((await apply(late, coupon.code)).statusCode).toBe(200);
    const unheld = json(await checkout(test, late)).data;
    expect(unheld.tracker.discount).toBe(600);
    // A checkout from before holds (ADR 016) carries its discount without a held use.
    await test.deps.db.delete(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id));
    const other = await shopper(test);
    await addToCart(test, other, product.id, 1);
    expect((await apply(other, coupon.code)).statusCode).toBe(200);
    await payAndSettle(json(await checkout(test, other)).data);

    await payAndSettle(unheld);
    const view = await trackerOf(late, unheld.tracker.reference);
    expect(view.status).toBe('failed');
    expect(view.orders.map((order: { status: string }) => order.status)).not.toContain('pending');
    const [row] = await test.deps.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.usedCount).toBe(1);
    expect((await test.jobs.sweepCheckouts()).refunded).toBeGreaterThanOrEqual(1);
  });

  it('a failed card keeps the use held; the checkout closing releases it', async () => {
    const product = await listedProduct(test, setup, store);
    const coupon = await storeCoupon(test, store, { usageLimit: 5, usageLimitPerUser: 1 });
    const customer = await shopper(test);
    await addToCart(test, customer, product.id, 1);
    await apply(customer, coupon.code);
    const created = json(await checkout(test, customer)).data;
    await payInSandbox(test, created.payment.authorizationUrl, 'declined');
    await test.deps.payments.settle(created.tracker.reference);
    const held = await test.deps.db
      .select()
      .from(couponRedemptions)
      .where(
        and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.customerId, customer.userId)),
      );
    // Either the checkout is still open with its use held, or it closed and gave the use back.
    const view = await trackerOf(customer, created.tracker.reference);
    if (view.status === 'awaiting_payment') expect(held.map((use) => use.status)).toEqual(['held']);
    else expect(held).toEqual([]);
  });
});

describe('20 customers check out at once with a coupon limited to 3', () => {
  it('at most 3 uses are held and only held checkouts are discounted', async () => {
    const product = await listedProduct(test, setup, store, {
      quantity: 100,
      pricing: [{ costPrice: 1000, sellingPrice: 3000, price: 3000 }],
    });
    const coupon = await storeCoupon(test, store, { usageLimit: 3 });
    const customers: Shopper[] = [];
    for (let index = 0; index < 20; index++) {
      const customer = await shopper(test);
      await addToCart(test, customer, product.id, 1);
      expect((await apply(customer, coupon.code)).statusCode).toBe(200);
      customers.push(customer);
    }
    const attempts = await Promise.all(customers.map((customer) => checkout(test, customer)));
    // A checkout that priced the coupon but lost the race for its last use is refused (409), never discounted.
    for (const attempt of attempts) expect([201, 409]).toContain(attempt.statusCode);
    const created = attempts.filter((response) => response.statusCode === 201).map((r) => json(r).data);
    const discounted = created.filter((data) => data.tracker.discount > 0);
    const uses = await usesOf(coupon.id);
    expect(uses.length).toBeLessThanOrEqual(3);
    expect(uses.every((use) => use.status === 'held')).toBe(true);
    expect(discounted).toHaveLength(uses.length);
    expect(uses.length).toBeGreaterThan(0);
    // Paying every checkout that was created still makes at most 3 discounted paid orders.
    const settled = await Promise.all(created.map((data) => payAndSettle(data)));
    expect(settled.map((state) => state.status)).toEqual(created.map(() => 'success'));
    const [row] = await test.deps.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.usedCount).toBe(uses.length);
  }, 120_000);
});
