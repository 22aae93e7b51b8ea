import { createHash, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  checkoutEndpoints,
  customerOrderEndpoints,
  orderStatuses,
  storeProfileEndpoints,
} from '@market/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrdersModule, type OrdersService } from '../../src/modules/orders/index.js';
import {
  orderActivities,
  orderHandovers,
  orders,
  orderTrackers,
} from '../../src/modules/orders/orders.schema.js';
import {
  addToCart,
  type CommerceSetup,
  checkout,
  listedProduct,
  payInSandbox,
  type SellingStore,
  type Shopper,
  shopper,
} from '../support/commerce-factory.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { pdfTextLines } from '../support/pdf-text.js';
import { pglite } from '../support/postgres-proofs.js';
import { bearer, json, type TestApp } from '../support/test-app.js';
import { paidOrderOf, world } from '../support/world.js';

let offsetMs = 0;
let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let ordersService: OrdersService;

beforeAll(async () => {
  const market = await world({ customers: 0, app: { now: () => new Date(Date.now() + offsetMs) } });
  ({ test, setup } = market);
  [store] = market.stores;
  ordersService = createOrdersModule(test.deps).service;
}, 120_000);
afterAll(() => test.close());

const get = (url: string, token?: string) =>
  test.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

async function checkedOut(quantity = 1) {
  const product = await listedProduct(test, setup, store, { quantity: 5 });
  const customer = await shopper(test);
  await addToCart(test, customer, product.id, quantity);
  const created = json(await checkout(test, customer)).data;
  return { customer, product, tracker: created.tracker, payment: created.payment };
}

async function paidOrder(): Promise<{ customer: Shopper; orderId: string; reference: string }> {
  const customer = await shopper(test);
  const { orderId, reference } = await paidOrderOf(test, setup, store, customer, { stock: 5 });
  return { customer, orderId, reference };
}

const activitiesOf = (orderId: string) =>
  test.deps.db
    .select()
    .from(orderActivities)
    .where(eq(orderActivities.orderId, orderId))
    .orderBy(asc(orderActivities.createdAt));

const statusOf = async (orderId: string) =>
  (await test.deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]
    ?.status;

pglite.describe('order statuses', () => {
  it('lists the statuses of the table, as before: id, code name and known name', async () => {
    const response = await get(urlOf(customerOrderEndpoints.statuses));
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      message: 'Order statuses',
      data: orderStatuses.map((status, index) => ({ id: index + 1, ...status })),
    });
  });
});

pglite.describe('orders written by checkout through the orders module', () => {
  it('enters as awaiting payment by checkout, moves to pending by payment, with a delivery hand-over', async () => {
    const { customer, orderId } = await paidOrder();
    expect(await statusOf(orderId)).toBe('pending');
    const activities = await activitiesOf(orderId);
    expect(activities.map((row) => [row.status, row.actorType, row.activity])).toEqual([
      ['awaiting_payment', 'checkout', 'Order placed. Waiting for payment.'],
      ['pending', 'payment', 'Payment received. The store has been told about your order.'],
    ]);

    // The customer still reads the token on the order; only its hash is kept on the hand-over.
    const detail = json(
      await get(urlOf(customerOrderEndpoints.one, { params: { id: orderId } }), customer.token),
    ).data;
    expect(detail.orderDeliveryToken).toMatch(/^\d{6}$/);
    const handovers = await test.deps.db
      .select()
      .from(orderHandovers)
      .where(eq(orderHandovers.orderId, orderId));
    expect(handovers).toHaveLength(1);
    expect(handovers[0]).toMatchObject({
      fromPartyKind: 'carrier',
      fromPartyId: null,
      toPartyKind: 'customer',
      toPartyId: customer.userId,
      tokenHash: createHash('sha256').update(detail.orderDeliveryToken).digest('hex'),
      wrongAttempts: 0,
      locked: false,
      completedAt: null,
    });
    expect(handovers[0]!.tokenHash).not.toContain(detail.orderDeliveryToken);
  });

  it('a declined card is one failed try: the order keeps awaiting payment and gets no hand-over', async () => {
    const { customer, tracker, payment } = await checkedOut();
    await payInSandbox(test, payment.authorizationUrl, 'declined');
    // The customer's return asks the provider, which answers that the charge failed.
    await test.app.inject({
      ...requestOf(checkoutEndpoints.recordTransaction),
      headers: bearer(customer.token),
      payload: { reference: tracker.reference },
    });
    const orderId = tracker.orders[0].id;
    // The customer may try again until the checkout expires (issue 12); expiry cancels it by the system.
    expect(await statusOf(orderId)).toBe('awaiting_payment');
    expect((await activitiesOf(orderId)).map((row) => [row.status, row.actorType])).toEqual([
      ['awaiting_payment', 'checkout'],
    ]);
    expect(
      await test.deps.db.select().from(orderHandovers).where(eq(orderHandovers.orderId, orderId)),
    ).toEqual([]);
  });

  it('expiry cancels by the system; a late payment sets the refund state to due, then refunded', async () => {
    const { tracker, payment } = await checkedOut();
    try {
      offsetMs = 31 * 60_000;
      expect((await test.jobs.sweepCheckouts()).expired).toBeGreaterThanOrEqual(1);
    } finally {
      offsetMs = 0;
    }
    const orderId = tracker.orders[0].id;
    expect((await activitiesOf(orderId)).map((row) => [row.status, row.actorType, row.activity])).toEqual([
      ['awaiting_payment', 'checkout', 'Order placed. Waiting for payment.'],
      ['cancelled', 'system', 'Payment was not received within 30 minutes.'],
    ]);
    const trackerRow = async () =>
      (await test.deps.db.select().from(orderTrackers).where(eq(orderTrackers.id, tracker.id)))[0]!;
    expect((await trackerRow()).refundStatus).toBe('none');

    await payInSandbox(test, payment.authorizationUrl, 'success');
    const due = await trackerRow();
    expect(due).toMatchObject({ status: 'expired', refundStatus: 'due', refundedKobo: 0, refundedAt: null });
    expect(await statusOf(orderId)).toBe('cancelled');

    expect((await test.jobs.sweepCheckouts()).refunded).toBe(1);
    const refunded = await trackerRow();
    expect(refunded.refundStatus).toBe('refunded');
    expect(refunded.refundedKobo).toBe(refunded.amountDueKobo);
    expect(refunded.refundedKobo).toBeGreaterThan(0);
    expect(refunded.refundedAt).not.toBeNull();
    expect((await test.jobs.sweepCheckouts()).refunded).toBe(0);
  });
});

pglite.describe('transition', () => {
  const merchant = () => ({ role: 'merchant' as const, id: store.merchantId });

  it('moves along the table and writes the activity with the actor', async () => {
    const { orderId } = await paidOrder();
    const moved = await test.deps.db.transaction((tx) =>
      ordersService.transition(tx, orderId, 'accepted', merchant()),
    );
    expect(moved.status).toBe('accepted');
    const last = (await activitiesOf(orderId)).at(-1)!;
    expect(last).toMatchObject({
      status: 'accepted',
      actorType: 'merchant',
      actorId: store.merchantId,
      activity: 'Order is Accepted.',
    });
    expect(ordersService.allowedNext(moved, { role: 'merchant' })).toEqual(['ready_for_pickup', 'cancelled']);
    expect(ordersService.allowedNext(moved, { role: 'customer' })).toEqual([]);
  });

  it('refuses a move the table does not have with a 409 that names the current status, and changes nothing', async () => {
    const { orderId } = await paidOrder();
    const before = await activitiesOf(orderId);
    await expect(
      test.deps.db.transaction((tx) => ordersService.transition(tx, orderId, 'delivered', merchant())),
    ).rejects.toMatchObject({ status: 409, message: 'Order is Pending; it cannot move to Delivered' });
    await expect(
      test.deps.db.transaction((tx) =>
        ordersService.transition(tx, orderId, 'accepted', { role: 'customer', id: null }),
      ),
    ).rejects.toMatchObject({
      status: 409,
      message: 'Order is Pending; it cannot move to Accepted as customer',
    });
    expect(await statusOf(orderId)).toBe('pending');
    expect(await activitiesOf(orderId)).toHaveLength(before.length);
  });

  it('asks for the checked delivery token before delivered, of the dispatcher the order is assigned to', async () => {
    const { orderId } = await paidOrder();
    const dispatcher = { role: 'dispatcher' as const, id: randomUUID() };
    for (const [to, actor] of [
      ['accepted', { role: 'merchant', id: store.merchantId }],
      ['ready_for_pickup', { role: 'merchant', id: store.merchantId }],
      ['assigned', { role: 'admin', id: null }],
    ] as const)
      await test.deps.db.transaction((tx) => ordersService.transition(tx, orderId, to, actor));
    // The assignment is the fulfilment service's write; here only its result on the order.
    await test.deps.db
      .update(orders)
      .set({ carrierKind: 'dispatcher', dispatcherId: dispatcher.id })
      .where(eq(orders.id, orderId));
    const photo = { shippingEvidence: '/media/images/00000000-0000-4000-8000-000000000000-800.webp' };
    // Another dispatcher does not carry it, photo or not.
    await expect(
      test.deps.db.transaction((tx) =>
        ordersService.transition(tx, orderId, 'picked_up', { role: 'dispatcher', id: randomUUID() }, photo),
      ),
    ).rejects.toMatchObject({
      status: 409,
      message: 'Order is Assigned; only its own carrier can move it to Picked up',
    });
    // Picking up needs a photo (the fulfilment routes upload it; here only its address is passed on).
    await expect(
      test.deps.db.transaction((tx) => ordersService.transition(tx, orderId, 'picked_up', dispatcher)),
    ).rejects.toMatchObject({ status: 422 });
    for (const to of ['picked_up', 'out_for_delivery'] as const)
      await test.deps.db.transaction((tx) => ordersService.transition(tx, orderId, to, dispatcher, photo));
    await expect(
      test.deps.db.transaction((tx) => ordersService.transition(tx, orderId, 'delivered', dispatcher)),
    ).rejects.toMatchObject({ status: 422 });
    await test.deps.db.transaction((tx) =>
      ordersService.transition(tx, orderId, 'delivered', dispatcher, { deliveryTokenChecked: true }),
    );
    expect(await statusOf(orderId)).toBe('delivered');
    const detail = (await activitiesOf(orderId)).map((row) => row.status);
    expect(detail).toEqual([
      'awaiting_payment',
      'pending',
      'accepted',
      'ready_for_pickup',
      'assigned',
      'picked_up',
      'out_for_delivery',
      'delivered',
    ]);
  });

  it('answers 404 for an order that does not exist', async () => {
    await expect(
      test.deps.db.transaction((tx) =>
        ordersService.transition(tx, '00000000-0000-4000-8000-000000000000', 'accepted', merchant()),
      ),
    ).rejects.toMatchObject({ status: 404 });
  });
});

pglite.describe('order routes moved to the orders module', () => {
  it('serve history and detail to their customer only', async () => {
    const { customer, orderId } = await paidOrder();
    const history = json(await get(urlOf(customerOrderEndpoints.list), customer.token)).data;
    expect(history.orders.map((order: { id: string }) => order.id)).toEqual([orderId]);
    expect(history.pagination).toMatchObject({ totalItems: 1 });
    const other = await shopper(test);
    expect(json(await get(urlOf(customerOrderEndpoints.list), other.token)).data.orders).toEqual([]);
    expect(
      (await get(urlOf(customerOrderEndpoints.one, { params: { id: orderId } }), other.token)).statusCode,
    ).toBe(404);
    for (const token of [store.accessToken, setup.admin.accessToken])
      expect(
        (await get(urlOf(customerOrderEndpoints.one, { params: { id: orderId } }), token)).statusCode,
      ).toBe(403);
    expect((await get(urlOf(customerOrderEndpoints.one, { params: { id: orderId } }))).statusCode).toBe(401);
  });
});

pglite.describe('receipt (issue 35 item 8)', () => {
  it('gives the customer a PDF receipt of their paid order, nobody else, and none before payment', async () => {
    const { customer, orderId } = await paidOrder();
    const receipt = await get(
      urlOf(customerOrderEndpoints.receipt, { params: { id: orderId } }),
      customer.token,
    );
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.headers['content-disposition']).toBe(`attachment; filename="receipt-${orderId}.pdf"`);
    expect(receipt.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The text is in the file's streams, compressed; its title is in the document's info, in the clear.
    const detail = json(
      await get(urlOf(customerOrderEndpoints.one, { params: { id: orderId } }), customer.token),
    ).data;
    expect(receipt.rawPayload.toString('latin1')).toContain(`Receipt ${detail.orderName}`);
    if (process.env.STATEMENT_PAPERS_DIR)
      writeFileSync(path.join(process.env.STATEMENT_PAPERS_DIR, 'receipt.pdf'), receipt.rawPayload);

    const other = await shopper(test);
    expect(
      (await get(urlOf(customerOrderEndpoints.receipt, { params: { id: orderId } }), other.token)).statusCode,
    ).toBe(404);
    for (const token of [store.accessToken, setup.admin.accessToken])
      expect(
        (await get(urlOf(customerOrderEndpoints.receipt, { params: { id: orderId } }), token)).statusCode,
      ).toBe(403);
    expect((await get(urlOf(customerOrderEndpoints.receipt, { params: { id: orderId } }))).statusCode).toBe(
      401,
    );
    expect(
      (await get(urlOf(customerOrderEndpoints.receipt, { params: { id: 'not-a-uuid' } }), customer.token))
        .statusCode,
    ).toBe(422);

    const unpaid = await checkedOut();
    const early = await get(
      urlOf(customerOrderEndpoints.receipt, { params: { id: unpaid.tracker.orders[0].id } }),
      unpaid.customer.token,
    );
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toBe('This order is not paid yet: its receipt comes with the payment');
  });

  it("names the seller's own TIN and VAT registration once the store records them", async () => {
    const { customer, orderId } = await paidOrder();
    const { storeName } = json(
      await get(urlOf(customerOrderEndpoints.one, { params: { id: orderId } }), customer.token),
    ).data;
    const before = pdfTextLines(
      (await get(urlOf(customerOrderEndpoints.receipt, { params: { id: orderId } }), customer.token))
        .rawPayload,
    );
    expect(before).toContain(`Sold by ${storeName}`);
    expect(before.join('\n')).not.toContain('12345678-0001');
    const saved = await test.app.inject({
      ...requestOf(storeProfileEndpoints.save),
      headers: bearer(store.accessToken),
      payload: { store: { tin: '12345678-0001', isVatRegistered: true } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = pdfTextLines(
      (await get(urlOf(customerOrderEndpoints.receipt, { params: { id: orderId } }), customer.token))
        .rawPayload,
    );
    expect(after).toContain(`Sold by ${storeName} (TIN 12345678-0001, VAT registered)`);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('under concurrency (PostgreSQL)', () => {
  it('two moves of one order at once: the row lock lets one win, the other gets 409', async () => {
    const { orderId } = await paidOrder();
    const results = await Promise.allSettled([
      test.deps.db.transaction((tx) =>
        ordersService.transition(tx, orderId, 'accepted', { role: 'merchant', id: store.merchantId }),
      ),
      test.deps.db.transaction((tx) =>
        ordersService.transition(tx, orderId, 'cancelled', { role: 'customer', id: null }),
      ),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect(refused?.reason).toMatchObject({ status: 409 });
    expect((await activitiesOf(orderId)).map((row) => row.status).slice(0, 2)).toEqual([
      'awaiting_payment',
      'pending',
    ]);
    expect(await activitiesOf(orderId)).toHaveLength(3);
  });
});
