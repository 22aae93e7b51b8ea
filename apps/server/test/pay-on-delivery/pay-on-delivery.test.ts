import {
  adminOrderEndpoints,
  checkoutEndpoints,
  customerOrderEndpoints,
  financeEndpoints,
  merchantOrderEndpoints,
  payOnDeliveryEndpoints,
  shippingZoneEndpoints,
} from '@market/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../src/modules/ledger/ledger.schema.js';
import { orderRefunds, orders } from '../../src/modules/orders/orders.schema.js';
import { ledgerTotal, orderRow, unbalancedMovements } from '../ledger/ledger-support.js';
import { deliveredDaysAgo } from '../returns/returns-support.js';
import {
  addToCart,
  type CommerceSetup,
  listedProduct,
  payInSandbox,
  type SellingStore,
  type Shopper,
  shopper,
} from '../support/commerce-factory.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { moveOrder } from '../support/order-moves.js';
import { bearer, json, nextIp, type TestApp } from '../support/test-app.js';
import { type Carrier, type Dispatcher, world } from '../support/world.js';

// Pay on delivery (issue 36, ADR 074): the admin's rules and a store's opt-in decide who may; one checkout mixes a
// card order and an order paid at the door; the carrier's cash is held in the books until its remittance is
// confirmed, and only then does the store's share become payable. Every endpoint is tried by the accounts that
// must not use it.

let test: TestApp;
let setup: CommerceSetup;
let podStore: SellingStore;
let cardStore: SellingStore;
let dispatcher: Dispatcher;
let otherDispatcher: Dispatcher;
let partner: Carrier;
let lagosZone: string;
let podProduct: string;
let cardProduct: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token?: string, payload?: unknown) =>
  test.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const kobo = (naira: number) => Math.round(naira * 100);

const rules = (overrides: Record<string, unknown> = {}) => ({
  enabled: true,
  zoneIds: [lagosZone],
  maxOrder: 100_000,
  fee: 500,
  refusalLimit: 1,
  refusalPeriodDays: 30,
  carrierCashLimit: 500_000,
  ...overrides,
});

beforeAll(async () => {
  const market = await world({ stores: 2, customers: 0, dispatchers: 2, carriers: 1 });
  ({ test, setup } = market);
  [podStore, cardStore] = market.stores;
  [dispatcher, otherDispatcher] = market.dispatchers;
  [partner] = market.carriers;
  podProduct = (await listedProduct(test, setup, podStore, { quantity: 50 })).id as string;
  cardProduct = (await listedProduct(test, setup, cardStore, { quantity: 50 })).id as string;
  const zones = json(await call('GET', urlOf(shippingZoneEndpoints.list), setup.admin.accessToken)).data
    .zones as {
    id: string;
    states: string[];
  }[];
  lagosZone = zones.find((zone) => zone.states.includes('Lagos'))!.id;
}, 60_000);
afterAll(() => test.close());

async function checkoutWith(customer: Shopper, payOnDeliveryStoreIds: string[]) {
  return test.app.inject({
    ...requestOf(checkoutEndpoints.create),
    headers: bearer(customer.token),
    payload: { addressId: customer.addressId, payOnDeliveryStoreIds },
    remoteAddress: nextIp(),
  });
}

/** Accepted, packed, assigned to `carrier` and out for delivery. */
async function outForDelivery(orderId: string, carrier = dispatcher) {
  for (const status of ['accepted', 'ready_for_pickup'])
    expect((await moveOrder(test, orderId, podStore.accessToken, { status })).statusCode).toBe(200);
  const assigned = await call(
    'POST',
    urlOf(adminOrderEndpoints.assign, { params: { id: orderId } }),
    setup.admin.accessToken,
    {
      carrier: 'dispatcher',
      dispatcherId: carrier.id,
    },
  );
  expect(assigned.statusCode, assigned.body).toBe(200);
  for (const status of ['picked_up', 'out_for_delivery'])
    expect((await moveOrder(test, orderId, carrier.accessToken, { status })).statusCode).toBe(200);
}

async function carrierCashInBooks(carrierId: string) {
  const [row] = await test.deps.db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountKobo}), 0)` })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.account} = 'carrier_cash' and ${ledgerEntries.carrierId} = ${carrierId}`);
  return Number(row!.total);
}

describe('who may pay on delivery', () => {
  it('lets only admins set the rules, and refuses zones that do not exist', async () => {
    const defaults = await call('GET', urlOf(payOnDeliveryEndpoints.settings), setup.admin.accessToken);
    expect(json(defaults).data).toMatchObject({ enabled: false, fee: 500, refusalLimit: 2 });
    for (const token of [podStore.accessToken, partner.accessToken, dispatcher.accessToken]) {
      expect((await call('PUT', urlOf(payOnDeliveryEndpoints.saveSettings), token, rules())).statusCode).toBe(
        403,
      );
    }
    const unknownZone = await call(
      'PUT',
      urlOf(payOnDeliveryEndpoints.saveSettings),
      setup.admin.accessToken,
      rules({ zoneIds: ['00000000-0000-4000-8000-000000000000'] }),
    );
    expect(unknownZone.statusCode).toBe(422);
    expect(json(defaults).data.enabled).toBe(false);
    const bad = await call('PUT', urlOf(payOnDeliveryEndpoints.saveSettings), setup.admin.accessToken, {
      ...rules(),
      fee: 1.234,
    });
    expect(bad.statusCode).toBe(422);
    const saved = await call(
      'PUT',
      urlOf(payOnDeliveryEndpoints.saveSettings),
      setup.admin.accessToken,
      rules(),
    );
    expect(saved.statusCode).toBe(200);
    expect(json(saved).data).toMatchObject({
      enabled: true,
      zoneIds: [lagosZone],
      maxOrder: 100_000,
      fee: 500,
    });
  });

  it('lets a store opt in for itself only', async () => {
    for (const token of [partner.accessToken, setup.admin.accessToken]) {
      expect(
        (await call('PUT', urlOf(payOnDeliveryEndpoints.saveStoreSetting), token, { enabled: true }))
          .statusCode,
      ).toBe(403);
    }
    const customer = await shopper(test);
    expect(
      (await call('PUT', urlOf(payOnDeliveryEndpoints.saveStoreSetting), customer.token, { enabled: true }))
        .statusCode,
    ).toBe(403);
    const optIn = await call('PUT', urlOf(payOnDeliveryEndpoints.saveStoreSetting), podStore.accessToken, {
      enabled: true,
    });
    expect(json(optIn).data).toEqual({ enabled: true });
    expect(
      json(await call('GET', urlOf(payOnDeliveryEndpoints.storeSetting), cardStore.accessToken)).data,
    ).toEqual({
      enabled: false,
    });
  });

  it('tells the customer, store by store, whether the order may be paid at the door, and why not', async () => {
    const customer = await shopper(test);
    await addToCart(test, customer, podProduct);
    await addToCart(test, customer, cardProduct);
    const options = json(
      await call(
        'GET',
        urlOf(payOnDeliveryEndpoints.options, { query: { addressId: customer.addressId } }),
        customer.token,
      ),
    ).data as { storeId: string; allowed: boolean; fee: number | null; reason: string | null }[];
    expect(options.find((option) => option.storeId === podStore.storeId)).toMatchObject({
      allowed: true,
      fee: 500,
      reason: null,
    });
    expect(options.find((option) => option.storeId === cardStore.storeId)).toMatchObject({
      allowed: false,
      fee: null,
      reason: expect.stringContaining('does not take payment at the door'),
    });
    for (const token of [podStore.accessToken, partner.accessToken, setup.admin.accessToken]) {
      expect((await call('GET', urlOf(payOnDeliveryEndpoints.options), token)).statusCode).toBe(403);
    }
    // Outside the admin's zones: nobody there may.
    const kano = await shopper(test, { stateOrRegion: 'Kano', lga: 'Kano Municipal', address: '3 Zoo Road' });
    await addToCart(test, kano, podProduct);
    const far = json(await call('GET', urlOf(payOnDeliveryEndpoints.options), kano.token)).data;
    expect(far[0]).toMatchObject({ allowed: false, reason: expect.stringContaining('Kano') });
    const refused = await checkoutWith(kano, [podStore.storeId]);
    expect(refused.statusCode).toBe(409);
  });
});

describe('one checkout, one store paid online and one at the door', () => {
  let customer: Shopper;
  let podOrderId: string;
  let podToken: string;
  let dueAtDoor: number;

  it('charges the card for the card store only and confirms both orders with that payment', async () => {
    customer = await shopper(test);
    await addToCart(test, customer, podProduct);
    await addToCart(test, customer, cardProduct);
    const wrong = await checkoutWith(customer, [cardStore.storeId]);
    expect(wrong.statusCode).toBe(409);
    expect(json(wrong).message).toContain('does not take payment at the door');

    const created = await checkoutWith(customer, [podStore.storeId]);
    expect(created.statusCode, created.body).toBe(201);
    const { tracker, payment } = json(created).data;
    const podOrder = tracker.orders.find((order: { storeId: string }) => order.storeId === podStore.storeId);
    const cardOrder = tracker.orders.find(
      (order: { storeId: string }) => order.storeId === cardStore.storeId,
    );
    expect(podOrder.payOnDelivery).toEqual({ fee: 500, dueAtDoor: podOrder.total + 500 });
    expect(cardOrder.payOnDelivery).toBeNull();
    expect(tracker.onDeliveryTotal).toBe(podOrder.total);
    expect(kobo(payment.amountDue)).toBe(kobo(cardOrder.total));
    await payInSandbox(test, payment.authorizationUrl);

    podOrderId = podOrder.id;
    dueAtDoor = podOrder.total + 500;
    const seen = json(
      await call('GET', urlOf(customerOrderEndpoints.one, { params: { id: podOrderId } }), customer.token),
    ).data;
    expect(seen.orderStatus.code_name).toBe('pending');
    expect(seen.orderActivities.at(-1).activity).toContain('at the door');
    podToken = seen.orderDeliveryToken;
    // Nothing of the order paid at the door is in the books before its cash is taken.
    expect(await orderRow(test, podOrderId)).toMatchObject({ commissionKobo: null, dueToMerchantKobo: null });
    expect((await orderRow(test, cardOrder.id)).dueToMerchantKobo).toBeGreaterThan(0);
  });

  it('shows the merchant and the carrier what is collected at the door', async () => {
    const merchant = json(
      await call(
        'GET',
        urlOf(merchantOrderEndpoints.one, { params: { id: podOrderId } }),
        podStore.accessToken,
      ),
    ).data;
    expect(merchant.payOnDelivery).toEqual({ fee: 500, dueAtDoor });
    await outForDelivery(podOrderId);
  });

  it('refuses a wrong amount and changes nothing, then books the exact cash as held by the carrier', async () => {
    const short = await moveOrder(test, podOrderId, dispatcher.accessToken, {
      status: 'delivered',
      deliveryToken: podToken,
      collectionMethod: 'cash',
      collectedAmount: dueAtDoor - 0.01,
    });
    expect(short.statusCode).toBe(422);
    expect(json(short).message).toContain('exactly');
    const noReference = await moveOrder(test, podOrderId, dispatcher.accessToken, {
      status: 'delivered',
      deliveryToken: podToken,
      collectionMethod: 'pos',
      collectedAmount: dueAtDoor,
    });
    expect(noReference.statusCode).toBe(422);
    expect((await orderRow(test, podOrderId)).status).toBe('out_for_delivery');

    const delivered = await moveOrder(test, podOrderId, dispatcher.accessToken, {
      status: 'delivered',
      deliveryToken: podToken,
      collectionMethod: 'cash',
      collectedAmount: dueAtDoor,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(await carrierCashInBooks(dispatcher.id)).toBe(kobo(dueAtDoor));
    const row = await orderRow(test, podOrderId);
    expect(row.dueToMerchantKobo).toBeGreaterThan(0);
    expect(row.payableAt).toBeNull();
    expect(await ledgerTotal(test)).toBe(0);
    expect(await unbalancedMovements(test)).toBe(0);

    const cash = json(
      await call('GET', urlOf(payOnDeliveryEndpoints.carrierCash), dispatcher.accessToken),
    ).data;
    expect(cash.held).toBe(dueAtDoor);
    expect(cash.collections.map((c: { orderId: string }) => c.orderId)).toEqual([podOrderId]);
    const others = json(
      await call('GET', urlOf(payOnDeliveryEndpoints.carrierCash), otherDispatcher.accessToken),
    ).data;
    expect(others).toMatchObject({ held: 0, collections: [] });
    for (const token of [customer.token, podStore.accessToken]) {
      expect((await call('GET', urlOf(payOnDeliveryEndpoints.carrierCash), token)).statusCode).toBe(403);
    }
    // An admin carries for the platform hub: their own cash, none of the dispatcher's.
    const admin = json(
      await call('GET', urlOf(payOnDeliveryEndpoints.carrierCash), setup.admin.accessToken),
    ).data;
    expect(admin).toMatchObject({ held: 0, collections: [] });
  });

  it('keeps the store’s share in escrow past the return window until the remittance is confirmed', async () => {
    await deliveredDaysAgo(test, podOrderId, 30);
    await test.jobs.completeAfterReturnWindow();
    expect(await orderRow(test, podOrderId)).toMatchObject({ status: 'completed', payableAt: null });

    // Another carrier cannot remit this cash; the carrier itself can, once.
    const stolen = await call('POST', urlOf(payOnDeliveryEndpoints.remit), otherDispatcher.accessToken, {
      reference: 'TRF-OTHER-1',
      orderIds: [podOrderId],
    });
    expect(stolen.statusCode).toBe(409);
    for (const token of [customer.token, podStore.accessToken]) {
      const refused = await call('POST', urlOf(payOnDeliveryEndpoints.remit), token, {
        reference: 'TRF-X-1',
        orderIds: [podOrderId],
      });
      expect(refused.statusCode).toBe(403);
    }
    const remitted = await call('POST', urlOf(payOnDeliveryEndpoints.remit), dispatcher.accessToken, {
      reference: 'TRF-2026-0001',
      orderIds: [podOrderId],
    });
    expect(remitted.statusCode, remitted.body).toBe(201);
    const remittance = json(remitted).data;
    expect(remittance).toMatchObject({ amount: dueAtDoor, orderCount: 1, status: 'submitted' });
    const twice = await call('POST', urlOf(payOnDeliveryEndpoints.remit), dispatcher.accessToken, {
      reference: 'TRF-2026-0002',
      orderIds: [podOrderId],
    });
    expect(twice.statusCode).toBe(409);

    const overview = json(
      await call('GET', urlOf(payOnDeliveryEndpoints.overview), setup.admin.accessToken),
    ).data;
    const mine = overview.carriers.find((row: { carrierId: string }) => row.carrierId === dispatcher.id);
    expect(mine).toMatchObject({
      collected: dueAtDoor,
      remitted: 0,
      outstanding: dueAtDoor,
      difference: 0,
      waitingRemittances: 1,
    });
    for (const token of [customer.token, podStore.accessToken, partner.accessToken, dispatcher.accessToken]) {
      expect((await call('GET', urlOf(payOnDeliveryEndpoints.overview), token)).statusCode).toBe(403);
      const confirm = await call(
        'POST',
        urlOf(payOnDeliveryEndpoints.confirm, { params: { id: remittance.id } }),
        token,
        {},
      );
      expect(confirm.statusCode).toBe(403);
    }
    expect((await orderRow(test, podOrderId)).payableAt).toBeNull();

    const confirmed = await call(
      'POST',
      urlOf(payOnDeliveryEndpoints.confirm, { params: { id: remittance.id } }),
      setup.admin.accessToken,
      { note: 'Seen in the GTBank statement' },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(json(confirmed).data.status).toBe('confirmed');
    expect(await carrierCashInBooks(dispatcher.id)).toBe(0);
    expect((await orderRow(test, podOrderId)).payableAt).not.toBeNull();
    const again = await call(
      'POST',
      urlOf(payOnDeliveryEndpoints.confirm, { params: { id: remittance.id } }),
      setup.admin.accessToken,
      {},
    );
    expect(again.statusCode).toBe(409);
    const after = json(
      await call('GET', urlOf(payOnDeliveryEndpoints.overview), setup.admin.accessToken),
    ).data;
    expect(
      after.carriers.find((row: { carrierId: string }) => row.carrierId === dispatcher.id),
    ).toMatchObject({
      collected: dueAtDoor,
      remitted: dueAtDoor,
      outstanding: 0,
      difference: 0,
    });
    expect(after.totals.fees).toBeGreaterThanOrEqual(500);
    expect(await ledgerTotal(test)).toBe(0);
    // The finance report's remittance fields agree with the admin's screen, to the kobo.
    const day = test.deps.now().toISOString().slice(0, 10);
    const report = json(
      await call(
        'GET',
        urlOf(financeEndpoints.report, { query: { from: day, to: day } }),
        setup.admin.accessToken,
      ),
    ).data;
    expect(report.remittances.byCarrier).toContainEqual(
      expect.objectContaining({
        carrierId: dispatcher.id,
        collectedKobo: kobo(dueAtDoor),
        remittedKobo: kobo(dueAtDoor),
        outstandingKobo: 0,
      }),
    );
  });
});

describe('a parcel refused at the door', () => {
  it('goes back to the store with nothing refunded or booked, and the customer loses pay on delivery', async () => {
    const customer = await shopper(test);
    await addToCart(test, customer, podProduct);
    const created = await checkoutWith(customer, [podStore.storeId]);
    expect(created.statusCode, created.body).toBe(201);
    const { tracker, payment } = json(created).data;
    // Everything at the door: confirmed without any online payment.
    expect(tracker.status).toBe('paid');
    expect(payment.authorizationUrl).toBeNull();
    const orderId = tracker.orders[0].id as string;
    await outForDelivery(orderId, otherDispatcher);
    const refused = await moveOrder(test, orderId, otherDispatcher.accessToken, {
      status: 'delivery_failed',
      note: 'Customer refused the parcel',
      refusedByCustomer: true,
    });
    expect(refused.statusCode, refused.body).toBe(200);
    const back = await moveOrder(test, orderId, otherDispatcher.accessToken, { status: 'returned' });
    expect(back.statusCode, back.body).toBe(200);
    const refunds = await test.deps.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
    expect(refunds).toEqual([]);
    const entries = await test.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
    expect(entries).toEqual([]);
    expect(await carrierCashInBooks(otherDispatcher.id)).toBe(0);

    await addToCart(test, customer, podProduct);
    const options = json(await call('GET', urlOf(payOnDeliveryEndpoints.options), customer.token)).data;
    expect(options[0]).toMatchObject({
      allowed: false,
      reason: expect.stringContaining('refused at the door'),
    });
    expect((await checkoutWith(customer, [podStore.storeId])).statusCode).toBe(409);
  });

  it('refuses “refused by the customer” on an order paid online', async () => {
    const [row] = await test.deps.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.paymentMethod, 'online'))
      .limit(1);
    const refused = await moveOrder(test, row!.id, dispatcher.accessToken, {
      status: 'delivery_failed',
      refusedByCustomer: true,
    });
    expect([404, 409, 422]).toContain(refused.statusCode);
  });
});

describe('a carrier holding too much cash', () => {
  it('gets no new pay-on-delivery orders until it remits', async () => {
    const customer = await shopper(test);
    await addToCart(test, customer, podProduct);
    const orderId = json(await checkoutWith(customer, [podStore.storeId])).data.tracker.orders[0]
      .id as string;
    const token = json(
      await call('GET', urlOf(customerOrderEndpoints.one, { params: { id: orderId } }), customer.token),
    ).data.orderDeliveryToken as string;
    await outForDelivery(orderId);
    const due = json(
      await call('GET', urlOf(merchantOrderEndpoints.one, { params: { id: orderId } }), podStore.accessToken),
    ).data.payOnDelivery.dueAtDoor as number;
    const delivered = await moveOrder(test, orderId, dispatcher.accessToken, {
      status: 'delivered',
      deliveryToken: token,
      collectionMethod: 'transfer',
      collectionReference: 'OPAY-778812',
      collectedAmount: due,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    await call(
      'PUT',
      urlOf(payOnDeliveryEndpoints.saveSettings),
      setup.admin.accessToken,
      rules({ carrierCashLimit: due }),
    );

    const next = await shopper(test);
    await addToCart(test, next, podProduct);
    const nextId = json(await checkoutWith(next, [podStore.storeId])).data.tracker.orders[0].id as string;
    for (const status of ['accepted', 'ready_for_pickup'])
      expect((await moveOrder(test, nextId, podStore.accessToken, { status })).statusCode).toBe(200);
    const assigned = await call(
      'POST',
      urlOf(adminOrderEndpoints.assign, { params: { id: nextId } }),
      setup.admin.accessToken,
      {
        carrier: 'dispatcher',
        dispatcherId: dispatcher.id,
      },
    );
    expect(assigned.statusCode).toBe(409);
    expect(json(assigned).message).toContain('until it remits');
    const other = await call(
      'POST',
      urlOf(adminOrderEndpoints.assign, { params: { id: nextId } }),
      setup.admin.accessToken,
      {
        carrier: 'dispatcher',
        dispatcherId: otherDispatcher.id,
      },
    );
    expect(other.statusCode).toBe(200);
  });
});
