import {
  adminOrderEndpoints,
  cartEndpoints,
  customerOrderEndpoints,
  customerReturnEndpoints,
  financeEndpoints,
  merchantOrderEndpoints,
  merchantReturnEndpoints,
} from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderTrackers } from '../../src/modules/orders/orders.schema.js';
import { paymentTransactions } from '../../src/modules/payments/payments.schema.js';
import { loadConfig } from '../../src/platform/config.js';
import { sandboxCharges } from '../../src/platform/payments/sandbox.schema.js';
import { ledgerTotal, orderRow, unbalancedMovements } from '../ledger/ledger-support.js';
import { caller, type Dispatcher, deliver } from '../returns/returns-support.js';
import {
  addToCart,
  type CommerceSetup,
  checkout,
  listedProduct,
  payInSandbox,
  type SellingStore,
  shopper,
} from '../support/commerce-factory.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { pglite } from '../support/postgres-proofs.js';
import { bearer, json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// Issue 29 item 5, ADR 063: money is bigint kobo. A cart above ₦21,474,836.47 (the old int4 limit, where checkout
// answered 500 "value … is out of range for type integer") pays, ships and refunds to the kobo: the ledger, the
// order pages and the finance report agree. Above the business's limit per order (ORDER_LIMIT_NAIRA, ₦50,000,000
// by default) checkout answers 422 with a message the customer reads on the cart page, and changes nothing.

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let dispatcher: Dispatcher;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  const market = await world({ customers: 0, dispatchers: 1 });
  ({ test, setup } = market);
  [store] = market.stores;
  [dispatcher] = market.dispatchers;
  call = caller(test);
}, 240_000);
afterAll(() => test.close());

/** ₦185,000 a phone, sold on when out of stock, so a business can order a hundred at once. */
const PHONE_KOBO = 18_500_000;
const phone = () =>
  listedProduct(test, setup, store, {
    name: 'Samsung Galaxy S24 Ultra',
    pricing: [{ costPrice: 150_000, sellingPrice: 185_000, price: 199_000 }],
    quantity: 1000,
    contSalesOutOfStock: true,
    weight: 0.2,
  });

const kobo = (naira: number) => Math.round(naira * 100);
const lagosToday = () => new Date(test.deps.now().getTime() + 60 * 60_000).toISOString().slice(0, 10);

async function financeTotals() {
  const day = lagosToday();
  const answer = await call(
    'GET',
    urlOf(financeEndpoints.report, { query: { from: day, to: day } }),
    setup.admin.accessToken,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return json(answer).data.totals;
}

describe('amounts as large as the business', () => {
  it('a ₦22.2 million cart pays, ships and refunds to the kobo', async () => {
    const product = await phone();
    const customer = await shopper(test);
    const added = await addToCart(test, customer, product.id, 120);
    expect(added.statusCode, added.body).toBe(200);
    const cart = json(added).data;
    expect(cart.total).toBe(22_200_000);

    const created = await checkout(test, customer);
    expect(created.statusCode, created.body).toBe(201);
    expect(cart.aboveOrderLimit).toBeNull();
    const { tracker, payment } = json(created).data;
    const shippingKobo = kobo(tracker.orders[0].shippingFee);
    const totalKobo = 120 * PHONE_KOBO + shippingKobo;
    expect(totalKobo).toBeGreaterThan(2 ** 31 - 1);
    expect(kobo(tracker.amountDue)).toBe(totalKobo);
    await payInSandbox(test, payment.authorizationUrl, 'success');

    const [charge] = await test.deps.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.reference, payment.reference));
    expect(charge!.amountKobo).toBe(totalKobo);
    const [recorded] = await test.deps.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.reference, payment.reference));
    expect(recorded).toMatchObject({ status: 'success', amountKobo: totalKobo });

    // The books at payment: 10 % commission (Standard category) of ₦22,200,000, the rest due to the store.
    const orderId = tracker.orders[0].id as string;
    const paid = await orderRow(test, orderId);
    expect(paid).toMatchObject({
      subtotalKobo: 120 * PHONE_KOBO,
      totalKobo,
      commissionKobo: 222_000_000,
      dueToMerchantKobo: 1_998_000_000,
    });
    const mine = json(
      await call('GET', urlOf(merchantOrderEndpoints.one, { params: { id: orderId } }), store.accessToken),
    ).data;
    expect(mine).toMatchObject({
      subtotal: 22_200_000,
      total: totalKobo / 100,
      commission: 2_220_000,
      dueToMerchant: 19_980_000,
      refunded: 0,
    });
    expect(await financeTotals()).toMatchObject({
      ordersCount: 1,
      totalOrderAmountKobo: totalKobo,
      totalSalesOrderAmountKobo: 120 * PHONE_KOBO,
      commissionKobo: 222_000_000,
      dueToMerchantKobo: 1_998_000_000,
      refundedKobo: 0,
    });

    // Shipped and delivered through the chain, then all 120 phones come back and are refunded.
    const detail = json(
      await call('GET', urlOf(customerOrderEndpoints.one, { params: { id: orderId } }), customer.token),
    ).data;
    expect(kobo(detail.total)).toBe(totalKobo);
    await deliver(test, store, setup.admin, dispatcher, { orderId, token: detail.orderDeliveryToken });
    const returned = await call('POST', urlOf(customerReturnEndpoints.create), customer.token, {
      orderId,
      type: 'return',
      reason: 'The company cancelled the staff phone programme.',
      items: [{ productId: product.id, quantity: 120 }],
    });
    expect(returned.statusCode, returned.body).toBe(201);
    const returnId = json(returned).data.id as string;
    for (const status of ['approved', 'item_received']) {
      const moved = await call(
        'PATCH',
        urlOf(merchantReturnEndpoints.updateStatus, { params: { id: returnId } }),
        store.accessToken,
        {
          status,
        },
      );
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const decided = await call(
      'PATCH',
      urlOf(merchantReturnEndpoints.refundDecision, { params: { id: returnId } }),
      store.accessToken,
      {
        decision: 'refund',
      },
    );
    expect(decided.statusCode, decided.body).toBe(200);
    const { refund } = json(decided).data;
    const refundKobo = 120 * PHONE_KOBO + (refund.shippingIncluded ? shippingKobo : 0);
    expect(kobo(refund.amount)).toBe(refundKobo);
    expect(refund.history).toHaveLength(1);
    expect(refund.history[0]).toMatchObject({ destination: 'provider', status: 'processed' });

    // The provider sent back exactly that; the checkout and the books say so.
    const [after] = await test.deps.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.reference, payment.reference));
    expect(after!.refundedKobo).toBe(refundKobo);
    const [trackerRow] = await test.deps.db
      .select()
      .from(orderTrackers)
      .where(eq(orderTrackers.reference, payment.reference));
    expect(trackerRow!.refundedKobo).toBe(refundKobo);
    expect(await ledgerTotal(test)).toBe(0);
    expect(await unbalancedMovements(test)).toBe(0);
    const refunded = await orderRow(test, orderId);
    expect(refunded.figures.refunded).toBe(refundKobo);
    // Every goods unit came back at the store's cost: no commission kept, nothing due.
    expect(refunded).toMatchObject({ commissionKobo: 0, dueToMerchantKobo: 0 });
    const page = json(
      await call('GET', urlOf(merchantOrderEndpoints.one, { params: { id: orderId } }), store.accessToken),
    ).data;
    expect(page).toMatchObject({ commission: 0, dueToMerchant: 0, refunded: refundKobo / 100 });
    const admin = json(
      await call('GET', urlOf(adminOrderEndpoints.one, { params: { id: orderId } }), setup.admin.accessToken),
    ).data;
    expect(admin).toMatchObject({ commission: 0, dueToMerchant: 0, refunded: refundKobo / 100 });
    expect(await financeTotals()).toMatchObject({
      ordersCount: 1,
      totalOrderAmountKobo: totalKobo,
      commissionKobo: 0,
      refundedKobo: refundKobo,
      dueToMerchantKobo: 0,
    });
  }, 120_000);

  it('above the limit per order the cart says so and checkout answers 422, changing nothing', async () => {
    const product = await phone();
    const customer = await shopper(test);
    // 271 phones: ₦50,135,000 of goods, past ₦50,000,000 before delivery is added.
    const added = await addToCart(test, customer, product.id, 271);
    expect(added.statusCode, added.body).toBe(200);
    const cart = json(added).data;
    expect(cart.canCheckout).toBe(false);
    expect(cart.aboveOrderLimit).toMatch(
      /^One order can come to at most ₦50,000,000\.00 and this cart comes to ₦50,1\d\d,\d\d\d\.\d\d\. Remove some items, or buy them in more than one order\.$/,
    );
    expect(cart.checkoutProblems).toContain(cart.aboveOrderLimit);

    const refused = await checkout(test, customer);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(json(refused)).toMatchObject({
      message: cart.aboveOrderLimit,
      error: 'VALIDATION_ERROR',
      details: [{ path: 'cart', message: cart.aboveOrderLimit }],
    });
    const trackers = await test.deps.db
      .select()
      .from(orderTrackers)
      .where(eq(orderTrackers.customerId, customer.userId));
    expect(trackers).toEqual([]);

    // Within the limit again, the same cart checks out.
    const set = await test.app.inject({
      ...requestOf(cartEndpoints.add),
      headers: bearer(customer.token),
      payload: { productId: product.id, quantity: 200, action: 'set' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(json(set).data.aboveOrderLimit).toBeNull();
    expect((await checkout(test, customer)).statusCode).toBe(201);
  }, 60_000);
});

describe('ORDER_LIMIT_NAIRA', () => {
  const limitOf = (value?: string) =>
    loadConfig({ NODE_ENV: 'test', ...(value === undefined ? {} : { ORDER_LIMIT_NAIRA: value }) })
      .orderLimitKobo;

  pglite.it(
    'is ₦50,000,000 unless set, in kobo, and refuses what is not an amount up to ₦1,000,000,000',
    () => {
      expect(limitOf()).toBe(5_000_000_000);
      expect(limitOf('120000000.50')).toBe(12_000_000_050);
      for (const bad of ['0', '-5', 'ten', '1.005', '1000000000.01'])
        expect(() => limitOf(bad), bad).toThrow(/ORDER_LIMIT_NAIRA/);
    },
  );
});
