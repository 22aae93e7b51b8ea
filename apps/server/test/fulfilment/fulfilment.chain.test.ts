import {
  adminManagementEndpoints,
  adminOrderEndpoints,
  customerOrderEndpoints,
  fulfilmentEndpoints,
  merchantOrderEndpoints,
  partnerOrderEndpoints,
  systemEndpoints,
} from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/modules/catalog/catalog.schema.js';
import { orderHandovers, orders, orderTrackers } from '../../src/modules/orders/orders.schema.js';
import {
  type CommerceSetup,
  type SellingStore,
  type Shopper,
  sellingStore,
} from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { moveOrder } from '../support/order-moves.js';
import { bearer, createAdmin, json, type TestApp } from '../support/test-app.js';
import { type Carrier, type Dispatcher, type World, world } from '../support/world.js';

// The fulfilment chain of issue 7 across checkout, orders, catalog stock, payments and mail: one order from the
// customer's payment to the door, and every call tried by the accounts that must not make it.

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let otherStore: SellingStore;
let partner: Carrier;
let otherPartner: Carrier;
let dispatcher: Dispatcher;
let scheduler: Awaited<ReturnType<typeof createAdmin>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let secondAdmin: Awaited<ReturnType<typeof createAdmin>>;
let market: World;

beforeAll(async () => {
  market = await world({ stores: 2, customers: 0, carriers: 2, dispatchers: 1 });
  ({ test, setup } = market);
  [store, otherStore] = market.stores as [SellingStore, SellingStore];
  [partner, otherPartner] = market.carriers as [Carrier, Carrier];
  [dispatcher] = market.dispatchers as [Dispatcher];
  scheduler = await createAdmin(test, 'scheduler');
  admin = setup.admin;
  secondAdmin = await createAdmin(test, 'admin');
}, 180_000);
afterAll(() => market?.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: unknown) =>
  test.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const move = (orderId: string, token: string, body: Record<string, unknown>) =>
  moveOrder(test, orderId, token, body);
const assign = (orderId: string, token: string, body: Record<string, unknown>) =>
  call('POST', urlOf(adminOrderEndpoints.assign, { params: { id: orderId } }), token, body);
const codes = (statuses: { code_name: string }[]) => statuses.map((status) => status.code_name);

/** A paid order of `seller`, bought by a new customer. */
async function paidOrder(seller = store, quantity = 1) {
  return market.paidOrder(seller, { customer: await market.newCustomer(), quantity, stock: 20 });
}

async function customerOrder(customer: Shopper, orderId: string) {
  const response = await call(
    'GET',
    urlOf(customerOrderEndpoints.one, { params: { id: orderId } }),
    customer.token,
  );
  expect(response.statusCode).toBe(200);
  return json(response).data;
}

/** A paid order the merchant accepted and marked ready, waiting in the assignment queue. */
async function readyOrder(seller = store) {
  const paid = await paidOrder(seller);
  expect((await move(paid.orderId, seller.accessToken, { status: 'accepted' })).statusCode).toBe(200);
  expect((await move(paid.orderId, seller.accessToken, { status: 'ready_for_pickup' })).statusCode).toBe(200);
  return paid;
}

async function mailsTo(email: string) {
  // Status mails are notifications (ADR 057): fanned out after the move's transaction commits.
  await test.jobs.fanOutNotifications();
  const response = await call('GET', urlOf(systemEndpoints.outbox, { query: { to: email, limit: 20 } }));
  return (json(response).data as { subject: string }[]).map((mail) => mail.subject);
}

describe('the whole chain for one order', () => {
  it('goes from paid to delivered through merchant, admin, partner and the customer’s token', async () => {
    const { customer, orderId } = await paidOrder();

    // Merchant: sees it in the list and the detail, with the moves allowed now and never the token.
    const list = json(
      await call(
        'GET',
        urlOf(merchantOrderEndpoints.list, { query: { status: 'pending' } }),
        store.accessToken,
      ),
    ).data;
    expect(list.orders.map((order: { id: string }) => order.id)).toContain(orderId);
    const detail = json(
      await call('GET', urlOf(merchantOrderEndpoints.one, { params: { id: orderId } }), store.accessToken),
    ).data;
    expect(detail.orderStatus.code_name).toBe('pending');
    expect(codes(detail.allowedNextStatuses)).toEqual(['accepted', 'cancelled']);
    expect(JSON.stringify(detail)).not.toContain((await customerOrder(customer, orderId)).orderDeliveryToken);
    const next = json(
      await call(
        'GET',
        urlOf(fulfilmentEndpoints.allowedNext, { params: { id: orderId } }),
        store.accessToken,
      ),
    );
    expect(codes(next.data)).toEqual(['accepted', 'cancelled']);

    const accepted = await move(orderId, store.accessToken, { status: 'accepted', note: 'Packing today.' });
    expect(accepted.statusCode).toBe(200);
    expect(json(accepted)).toMatchObject({ message: 'Order is now accepted' });
    expect(codes(json(accepted).data.allowedNextStatuses)).toEqual(['ready_for_pickup', 'cancelled']);
    expect((await move(orderId, store.accessToken, { status: 'ready_for_pickup' })).statusCode).toBe(200);

    // Admin: the queue holds it; the carriers list names the partner; assignment moves it to Assigned.
    const queue = json(
      await call('GET', urlOf(adminOrderEndpoints.queue, { query: { limit: 100 } }), admin.accessToken),
    ).data;
    expect(queue.orders.map((order: { id: string }) => order.id)).toContain(orderId);
    const carriers = json(await call('GET', urlOf(adminOrderEndpoints.carriers), admin.accessToken)).data;
    expect(carriers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: partner.id, kind: 'partner', name: 'Test Riders' }),
        expect.objectContaining({ id: dispatcher.id, kind: 'dispatcher' }),
      ]),
    );
    const assigned = await assign(orderId, admin.accessToken, { carrier: 'partner', partnerId: partner.id });
    expect(assigned.statusCode).toBe(200);
    expect(json(assigned).data).toMatchObject({
      orderStatus: { code_name: 'assigned' },
      assignedToShippingPartner: true,
      assignedToDispatcher: false,
      partnerProfile: { id: partner.id, name: 'Test Riders' },
    });
    expect(json(assigned).data.partnerAssignOrderId).toEqual(expect.any(String));

    // Partner: sees it with pickup and drop-off, items, the customer's phone, and nothing of payments.
    const partnerList = json(await call('GET', urlOf(partnerOrderEndpoints.list), partner.accessToken)).data;
    expect(partnerList.orders.map((order: { id: string }) => order.id)).toContain(orderId);
    const seen = json(
      await call('GET', urlOf(partnerOrderEndpoints.one, { params: { id: orderId } }), partner.accessToken),
    ).data;
    expect(seen.dropOff.phoneNumber).toBe('+2348031234567');
    expect(seen.pickup.address).toEqual(expect.any(String));
    expect(seen.orderItems).toHaveLength(1);
    for (const key of ['total', 'subtotal', 'shippingFee', 'orderDeliveryToken', 'discount'])
      expect(seen).not.toHaveProperty(key);
    expect(codes(seen.allowedNextStatuses)).toEqual(['picked_up', 'declined']);

    const acceptedByPartner = await call(
      'POST',
      urlOf(partnerOrderEndpoints.accept, { params: { id: orderId } }),
      partner.accessToken,
    );
    expect(acceptedByPartner.statusCode).toBe(200);
    expect(json(acceptedByPartner).data.partnerAcceptedAt).toEqual(expect.any(String));
    expect((await move(orderId, partner.accessToken, { status: 'picked_up' })).statusCode).toBe(200);
    const rider = await call(
      'PATCH',
      urlOf(partnerOrderEndpoints.dispatcher, { params: { id: orderId } }),
      partner.accessToken,
      {
        dispatcherName: 'Musa Bello',
        dispatchPhoneNumber: '0803 555 1234',
      },
    );
    expect(rider.statusCode).toBe(200);
    expect(json(rider).data).toMatchObject({
      dispatcherName: 'Musa Bello',
      dispatchPhoneNumber: '+2348035551234',
    });
    expect((await move(orderId, partner.accessToken, { status: 'in_transit' })).statusCode).toBe(200);
    expect((await move(orderId, partner.accessToken, { status: 'out_for_delivery' })).statusCode).toBe(200);

    // The door: a wrong token is refused and counted; the customer's own token delivers.
    const wrong = await move(orderId, partner.accessToken, { status: 'delivered', deliveryToken: '000000' });
    const { orderDeliveryToken } = await customerOrder(customer, orderId);
    if (orderDeliveryToken === '000000') throw new Error('unlucky token; rerun');
    expect(wrong.statusCode).toBe(422);
    expect(json(wrong).message).toBe('That delivery token is not right. 4 tries left.');
    const noToken = await move(orderId, partner.accessToken, { status: 'delivered' });
    expect(noToken.statusCode).toBe(422);
    const delivered = await move(orderId, partner.accessToken, {
      status: 'delivered',
      deliveryToken: orderDeliveryToken,
    });
    expect(delivered.statusCode).toBe(200);
    expect(json(delivered).data.orderStatus.code_name).toBe('delivered');

    // The customer's timeline shows each step with times, and who brings it.
    const finalView = await customerOrder(customer, orderId);
    const statuses = finalView.orderActivities.map((entry: { status: string }) => entry.status);
    for (const step of [
      'pending',
      'accepted',
      'ready_for_pickup',
      'assigned',
      'picked_up',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ])
      expect(statuses).toContain(step);
    expect(statuses.indexOf('accepted')).toBeLessThan(statuses.indexOf('delivered'));
    expect(finalView.carrier).toEqual({ kind: 'partner', name: 'Musa Bello', phoneNumber: '+2348035551234' });
    // The return window closes RETURN_WINDOW_DAYS after delivery, and the customer's order says when.
    expect(Date.parse(finalView.returnWindowEndsAt) - Date.parse(finalView.deliveredAt)).toBe(
      test.deps.config.returnWindowDays * 86_400_000,
    );
    expect(
      finalView.orderActivities.find((entry: { status: string }) => entry.status === 'accepted').activity,
    ).toContain('Packing today.');

    // Mails on accepted, out for delivery and delivered.
    const subjects = await mailsTo(customer.email);
    for (const what of [' accepted NM-', ' is on its way', ' was delivered'])
      expect(subjects.some((subject) => subject.includes(what))).toBe(true);

    const after = json(await call('GET', urlOf(partnerOrderEndpoints.list), partner.accessToken)).data;
    expect(after.deliveredToday).toBeGreaterThanOrEqual(1);
    const history = json(
      await call('GET', urlOf(adminOrderEndpoints.one, { params: { id: orderId } }), admin.accessToken),
    ).data;
    expect(history.orderActivities.length).toBeGreaterThanOrEqual(9);
    expect(history.allowedNextStatuses).toEqual([]);
    // Each reads the history in their own words: the customer about "your order", staff about "the order".
    const stepText = (view: { orderActivities: { status: string; activity: string }[] }, status: string) =>
      view.orderActivities.find((entry) => entry.status === status)?.activity;
    expect(stepText(finalView, 'accepted')).toMatch(/^The store accepted your order and is preparing it\./);
    expect(stepText(finalView, 'out_for_delivery')).toContain('Have your delivery token ready.');
    const storeView = json(
      await call('GET', urlOf(merchantOrderEndpoints.one, { params: { id: orderId } }), store.accessToken),
    ).data;
    for (const staffView of [history, storeView]) {
      expect(stepText(staffView, 'accepted')).toMatch(/^The store accepted the order and is preparing it\./);
      expect(stepText(staffView, 'out_for_delivery')).toBe(
        'The order is out for delivery. The customer gives the delivery token at the door.',
      );
      expect(JSON.stringify(staffView.orderActivities)).not.toMatch(/\byour order\b|Your order/);
    }
  });
});

describe('who may do what', () => {
  it('keeps a store’s orders to that store: another merchant gets 404 and cannot move them', async () => {
    const { orderId } = await paidOrder();
    expect(
      (
        await call(
          'GET',
          urlOf(merchantOrderEndpoints.one, { params: { id: orderId } }),
          otherStore.accessToken,
        )
      ).statusCode,
    ).toBe(404);
    expect((await move(orderId, otherStore.accessToken, { status: 'accepted' })).statusCode).toBe(404);
    const list = json(
      await call(
        'GET',
        urlOf(merchantOrderEndpoints.list, { query: { limit: 100 } }),
        otherStore.accessToken,
      ),
    ).data;
    expect(list.orders.map((order: { id: string }) => order.id)).not.toContain(orderId);
    expect(
      (
        await call(
          'GET',
          urlOf(fulfilmentEndpoints.allowedNext, { params: { id: orderId } }),
          otherStore.accessToken,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('refuses a move the table does not allow with 409 naming the current status', async () => {
    const { orderId } = await paidOrder();
    const skipped = await move(orderId, store.accessToken, { status: 'ready_for_pickup' });
    expect(skipped.statusCode).toBe(409);
    expect(json(skipped).message).toBe('Order is Pending; it cannot move to Ready for pickup');
    const notTheirs = await move(orderId, store.accessToken, { status: 'picked_up' });
    expect(notTheirs.statusCode).toBe(409);
    expect(json(notTheirs).message).toContain('Order is Pending');
    const bad = await move(orderId, store.accessToken, { status: 'flying' });
    expect(bad.statusCode).toBe(422);
    expect((await test.deps.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status).toBe(
      'pending',
    );
  });

  it('refuses other account types on every fulfilment call', async () => {
    const { customer, orderId } = await readyOrder();
    const customerMove = await move(orderId, customer.token, { status: 'cancelled' });
    expect(customerMove.statusCode).toBe(403);
    expect(json(customerMove).message).toBe('This account type (customer) cannot use this endpoint');
    for (const [method, url] of [
      ['GET', urlOf(merchantOrderEndpoints.list)],
      ['GET', urlOf(merchantOrderEndpoints.one, { params: { id: orderId } })],
    ] as const) {
      for (const token of [customer.token, partner.accessToken, admin.accessToken])
        expect((await call(method, url, token)).statusCode, `${url}`).toBe(403);
    }
    for (const [method, url] of [
      ['GET', urlOf(adminOrderEndpoints.list)],
      ['GET', urlOf(adminOrderEndpoints.queue)],
      ['GET', urlOf(adminOrderEndpoints.one, { params: { id: orderId } })],
      ['GET', urlOf(adminOrderEndpoints.carriers)],
      ['PATCH', urlOf(fulfilmentEndpoints.updateToken, { params: { id: orderId } })],
    ] as const) {
      for (const token of [customer.token, partner.accessToken, store.accessToken])
        expect((await call(method, url, token)).statusCode, `${url}`).toBe(403);
    }
    for (const url of [
      urlOf(partnerOrderEndpoints.list),
      urlOf(partnerOrderEndpoints.one, { params: { id: orderId } }),
    ]) {
      for (const token of [customer.token, admin.accessToken, store.accessToken])
        expect((await call('GET', url, token)).statusCode, url).toBe(403);
    }
    expect((await call('GET', urlOf(merchantOrderEndpoints.list))).statusCode).toBe(401);
    // Assignment belongs to the admin group.
    for (const token of [customer.token, partner.accessToken, store.accessToken])
      expect((await assign(orderId, token, { carrier: 'hub' })).statusCode).toBe(403);
  });

  it('lets a dispatcher view and assign but not use super-admin or token calls; a scheduler only assigns', async () => {
    const { orderId } = await readyOrder();
    expect((await call('GET', urlOf(adminOrderEndpoints.list), dispatcher.accessToken)).statusCode).toBe(200);
    const superOnly = await call('GET', urlOf(adminManagementEndpoints.list), dispatcher.accessToken);
    expect(superOnly.statusCode).toBe(403);
    const token = await call(
      'PATCH',
      urlOf(fulfilmentEndpoints.updateToken, { params: { id: orderId } }),
      dispatcher.accessToken,
    );
    expect(token.statusCode).toBe(403);
    expect(json(token).message).toBe('Your role (dispatcher) does not have the orders:tokens permission');
    expect((await call('GET', urlOf(adminOrderEndpoints.list), scheduler.accessToken)).statusCode).toBe(403);
    expect((await call('GET', urlOf(adminOrderEndpoints.queue), scheduler.accessToken)).statusCode).toBe(200);
    const byScheduler = await assign(orderId, scheduler.accessToken, {
      carrier: 'dispatcher',
      dispatcherId: dispatcher.id,
    });
    expect(byScheduler.statusCode).toBe(200);
    // The dispatcher now carries it: their own orders, moves from the table, delivery with the token.
    const mine = json(
      await call('GET', urlOf(adminOrderEndpoints.list, { query: { mine: 'true' } }), dispatcher.accessToken),
    ).data;
    expect(mine.orders.map((order: { id: string }) => order.id)).toContain(orderId);
    const next = json(
      await call(
        'GET',
        urlOf(fulfilmentEndpoints.allowedNext, { params: { id: orderId } }),
        dispatcher.accessToken,
      ),
    ).data;
    expect(codes(next)).toEqual(['picked_up']);
    // Another dispatcher or an admin cannot carry it.
    const otherDispatcher = await createAdmin(test, 'dispatcher');
    // (Another dispatcher does not even see it: issue 24.)
    expect((await move(orderId, otherDispatcher.accessToken, { status: 'picked_up' })).statusCode).toBe(404);
    expect((await move(orderId, admin.accessToken, { status: 'picked_up' })).statusCode).toBe(409);
    expect((await move(orderId, dispatcher.accessToken, { status: 'picked_up' })).statusCode).toBe(200);
  });

  it('shows a dispatcher the queue and the orders they carry, with addresses only for those (issue 24)', async () => {
    const queued = (await readyOrder()).orderId;
    const withPartner = (await readyOrder()).orderId;
    const carried = (await readyOrder()).orderId;
    await assign(withPartner, admin.accessToken, { carrier: 'partner', partnerId: partner.id });
    await assign(carried, admin.accessToken, { carrier: 'dispatcher', dispatcherId: dispatcher.id });
    const ids = (answer: { body: string }) =>
      (json(answer).data.orders as { id: string }[]).map((order) => order.id);

    // Every list they ask for is their own deliveries, whatever the query says.
    for (const url of [
      urlOf(adminOrderEndpoints.list, { query: { limit: 100 } }),
      urlOf(adminOrderEndpoints.list, { query: { mine: 'false', limit: 100 } }),
    ]) {
      const listed = ids(await call('GET', url, dispatcher.accessToken));
      expect(listed).toContain(carried);
      expect(listed).not.toContain(withPartner);
      expect(listed).not.toContain(queued);
    }
    const everything = ids(
      await call('GET', urlOf(adminOrderEndpoints.list, { query: { limit: 100 } }), admin.accessToken),
    );
    expect(everything).toEqual(expect.arrayContaining([queued, withPartner, carried]));
    // The queue they assign from, as summaries without addresses.
    const queue = await call(
      'GET',
      urlOf(adminOrderEndpoints.queue, { query: { limit: 100 } }),
      dispatcher.accessToken,
    );
    expect(ids(queue)).toContain(queued);
    expect(queue.body).not.toContain('deliveryAddress');

    // One order: the one they carry, with its address; no other.
    const own = await call(
      'GET',
      urlOf(adminOrderEndpoints.one, { params: { id: carried } }),
      dispatcher.accessToken,
    );
    expect(own.statusCode).toBe(200);
    expect(json(own).data.deliveryAddress.address).not.toBe('');
    for (const orderId of [withPartner, queued]) {
      const other = await call(
        'GET',
        urlOf(adminOrderEndpoints.one, { params: { id: orderId } }),
        dispatcher.accessToken,
      );
      expect(other.statusCode).toBe(404);
      expect(json(other).error).toBe('NOT_FOUND');
      expect(
        (
          await call(
            'GET',
            urlOf(fulfilmentEndpoints.allowedNext, { params: { id: orderId } }),
            dispatcher.accessToken,
          )
        ).statusCode,
      ).toBe(404);
    }
    expect(
      (await call('GET', urlOf(adminOrderEndpoints.one, { params: { id: withPartner } }), admin.accessToken))
        .statusCode,
    ).toBe(200);

    // Assigning an order to someone else answers where it goes, not the door.
    const assigned = await assign(queued, dispatcher.accessToken, {
      carrier: 'partner',
      partnerId: partner.id,
    });
    expect(assigned.statusCode).toBe(200);
    const address = json(assigned).data.deliveryAddress;
    expect(address).toMatchObject({ address: '', phoneNumber: '', emailAddress: null });
    expect(address.state).not.toBe('');
  });

  it('shows a partner only its own orders', async () => {
    const { orderId } = await readyOrder();
    await assign(orderId, admin.accessToken, { carrier: 'partner', partnerId: partner.id });
    expect(
      (
        await call(
          'GET',
          urlOf(partnerOrderEndpoints.one, { params: { id: orderId } }),
          otherPartner.accessToken,
        )
      ).statusCode,
    ).toBe(404);
    const list = json(
      await call(
        'GET',
        urlOf(partnerOrderEndpoints.list, { query: { limit: 100 } }),
        otherPartner.accessToken,
      ),
    ).data;
    expect(list.orders.map((order: { id: string }) => order.id)).not.toContain(orderId);
    expect((await move(orderId, otherPartner.accessToken, { status: 'picked_up' })).statusCode).toBe(404);
    expect(
      (
        await call(
          'POST',
          urlOf(partnerOrderEndpoints.accept, { params: { id: orderId } }),
          otherPartner.accessToken,
        )
      ).statusCode,
    ).toBe(404);
    const decline = await call(
      'POST',
      urlOf(partnerOrderEndpoints.decline, { params: { id: orderId } }),
      otherPartner.accessToken,
      {
        reason: 'Not mine',
      },
    );
    expect(decline.statusCode).toBe(404);
    const rider = await call(
      'PATCH',
      urlOf(partnerOrderEndpoints.dispatcher, { params: { id: orderId } }),
      otherPartner.accessToken,
      {
        dispatcherName: 'Someone',
        dispatchPhoneNumber: '08030000000',
      },
    );
    expect(rider.statusCode).toBe(404);
  });
});

describe('assignment', () => {
  it('sends a declined order back to the queue with its reason kept', async () => {
    const { orderId, customer } = await readyOrder();
    await assign(orderId, admin.accessToken, { carrier: 'partner', partnerId: partner.id });
    const noReason = await call(
      'POST',
      urlOf(partnerOrderEndpoints.decline, { params: { id: orderId } }),
      partner.accessToken,
      {
        reason: '',
      },
    );
    expect(noReason.statusCode).toBe(422);
    const declined = await call(
      'POST',
      urlOf(partnerOrderEndpoints.decline, { params: { id: orderId } }),
      partner.accessToken,
      {
        reason: 'No rider in Ikeja today',
      },
    );
    expect(declined.statusCode).toBe(200);
    expect(json(declined).data.orderStatus.code_name).toBe('declined');
    expect(
      (await call('GET', urlOf(partnerOrderEndpoints.one, { params: { id: orderId } }), partner.accessToken))
        .statusCode,
    ).toBe(404);
    const queue = json(
      await call('GET', urlOf(adminOrderEndpoints.queue, { query: { limit: 100 } }), admin.accessToken),
    ).data;
    expect(queue.orders.map((order: { id: string }) => order.id)).toContain(orderId);
    // The queue says why, so the next assignment avoids the same problem.
    expect(queue.orders.find((order: { id: string }) => order.id === orderId).declineReason).toBe(
      'No rider in Ikeja today',
    );
    const history = json(
      await call('GET', urlOf(adminOrderEndpoints.one, { params: { id: orderId } }), admin.accessToken),
    ).data;
    expect(history.assignedToShippingPartner).toBe(false);
    expect(history.orderActivities.at(-1)).toMatchObject({
      status: 'declined',
      activity: 'Declined by the shipping partner: No rider in Ikeja today',
      actorType: 'partner',
    });
    // The reason is between the platform and its carriers: the customer is told what happens next.
    const customerView = await customerOrder(customer, orderId);
    expect(JSON.stringify(customerView)).not.toContain('No rider in Ikeja today');
    expect(customerView.orderActivities.at(-1)).toMatchObject({
      status: 'declined',
      activity: 'We are finding another carrier to bring your order.',
    });
    // The badge too says what happens next; the admin's keeps the carriers' word.
    expect(customerView.orderStatus.known_name).toBe('Finding a new carrier');
    expect(history.orderStatus.known_name).toBe('Declined by partner');
    const again = await assign(orderId, admin.accessToken, {
      carrier: 'partner',
      partnerId: otherPartner.id,
    });
    expect(again.statusCode).toBe(200);
    expect(
      (
        await call(
          'GET',
          urlOf(partnerOrderEndpoints.one, { params: { id: orderId } }),
          otherPartner.accessToken,
        )
      ).statusCode,
    ).toBe(200);
  });

  it('lets one of two admins assigning at once win; the other gets 409', async () => {
    const { orderId } = await readyOrder();
    const answers = await Promise.all([
      assign(orderId, admin.accessToken, { carrier: 'partner', partnerId: partner.id }),
      assign(orderId, secondAdmin.accessToken, { carrier: 'partner', partnerId: otherPartner.id }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((answer) => answer.statusCode === 409)!;
    expect(json(lost).message).toBe('Order is Assigned; it cannot move to Assigned');
  });

  it('refuses an unknown carrier and an order not ready yet', async () => {
    const { orderId } = await paidOrder();
    const early = await assign(orderId, admin.accessToken, { carrier: 'partner', partnerId: partner.id });
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toBe('Order is Pending; it cannot move to Assigned');
    const unknown = await assign(orderId, admin.accessToken, { carrier: 'partner', partnerId: store.id });
    expect(unknown.statusCode).toBe(422);
  });
});

describe('the delivery token', () => {
  async function outForDelivery() {
    const paid = await readyOrder();
    await assign(paid.orderId, admin.accessToken, { carrier: 'partner', partnerId: partner.id });
    for (const status of ['picked_up', 'out_for_delivery'])
      expect((await move(paid.orderId, partner.accessToken, { status })).statusCode).toBe(200);
    return paid;
  }

  it('locks delivery after five wrong tokens, even sent at once, until an admin issues a new one', async () => {
    const { customer, orderId } = await outForDelivery();
    const { orderDeliveryToken: first } = await customerOrder(customer, orderId);
    const wrong = first === '111111' ? '222222' : '111111';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        move(orderId, partner.accessToken, { status: 'delivered', deliveryToken: wrong }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 422)).toHaveLength(4);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(16);
    const [handover] = await test.deps.db
      .select()
      .from(orderHandovers)
      .where(eq(orderHandovers.orderId, orderId));
    expect(handover).toMatchObject({ wrongAttempts: 5, locked: true });

    const locked = await move(orderId, partner.accessToken, { status: 'delivered', deliveryToken: first });
    expect(locked.statusCode).toBe(409);
    expect(json(locked).message).toContain('locked');
    const staffView = json(
      await call('GET', urlOf(adminOrderEndpoints.one, { params: { id: orderId } }), admin.accessToken),
    ).data;
    expect(staffView.deliveryLocked).toBe(true);

    const reissued = await call(
      'PATCH',
      urlOf(fulfilmentEndpoints.updateToken, { params: { id: orderId } }),
      admin.accessToken,
    );
    expect(reissued.statusCode).toBe(200);
    expect(json(reissued)).toMatchObject({ message: 'A new delivery token was sent to the customer' });
    expect(JSON.stringify(json(reissued))).not.toMatch(/"[0-9]{6}"/);
    const { orderDeliveryToken: second } = await customerOrder(customer, orderId);
    expect(second).not.toBe(first);
    if (first !== second) {
      const old = await move(orderId, partner.accessToken, { status: 'delivered', deliveryToken: first });
      expect(old.statusCode).toBe(422);
    }
    const delivered = await move(orderId, partner.accessToken, {
      status: 'delivered',
      deliveryToken: second,
    });
    expect(delivered.statusCode).toBe(200);
  });

  it('cannot be reissued for an order that is finished', async () => {
    const { orderId } = await paidOrder();
    await move(orderId, store.accessToken, { status: 'cancelled' });
    const refused = await call(
      'PATCH',
      urlOf(fulfilmentEndpoints.updateToken, { params: { id: orderId } }),
      admin.accessToken,
    );
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe('Order is Cancelled; its delivery token cannot change');
  });
});

describe('merchant cancellation and the order list', () => {
  it('gives the stock back and refunds the customer through the payment provider', async () => {
    const { orderId, productId } = await paidOrder(store, 2);
    const before = (await test.deps.db.select().from(products).where(eq(products.id, productId)))[0]!
      .quantity;
    const cancelled = await move(orderId, store.accessToken, { status: 'cancelled', note: 'Out of stock.' });
    expect(cancelled.statusCode).toBe(200);
    const after = (await test.deps.db.select().from(products).where(eq(products.id, productId)))[0]!.quantity;
    expect(after).toBe(before + 2);
    const [order] = await test.deps.db.select().from(orders).where(eq(orders.id, orderId));
    const [tracker] = await test.deps.db
      .select()
      .from(orderTrackers)
      .where(eq(orderTrackers.id, order!.trackerId));
    expect(tracker).toMatchObject({ refundStatus: 'refunded', refundedKobo: tracker!.amountDueKobo });
    const again = await move(orderId, store.accessToken, { status: 'cancelled' });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('Order is Cancelled; it cannot move to Cancelled');
  });

  it('cannot cancel after pickup', async () => {
    const { orderId } = await readyOrder();
    await assign(orderId, admin.accessToken, { carrier: 'partner', partnerId: partner.id });
    await move(orderId, partner.accessToken, { status: 'picked_up' });
    const late = await move(orderId, store.accessToken, { status: 'cancelled' });
    expect(late.statusCode).toBe(409);
    expect(json(late).message).toBe('Order is Picked up; it cannot move to Cancelled');
  });

  it('filters by status and date, searches by order name or customer, and pages', async () => {
    const seller = await sellingStore(test, setup);
    const first = await paidOrder(seller);
    await paidOrder(seller);
    await move(first.orderId, seller.accessToken, { status: 'accepted' });
    const page = (query: string) =>
      call('GET', `${urlOf(merchantOrderEndpoints.list)}?${query}`, seller.accessToken);
    const all = json(await page('limit=1')).data;
    expect(all.pagination).toMatchObject({ totalItems: 2, totalPages: 2, limit: 1 });
    expect(json(await page('status=accepted')).data.orders).toHaveLength(1);
    const name = json(
      await call(
        'GET',
        urlOf(merchantOrderEndpoints.one, { params: { id: first.orderId } }),
        seller.accessToken,
      ),
    ).data.orderName;
    expect(
      json(await page(`search=${name.slice(3, 9)}`)).data.orders.map((o: { id: string }) => o.id),
    ).toEqual([first.orderId]);
    expect(json(await page('search=Ada%20Obi')).data.orders).toHaveLength(2);
    const today = new Date().toISOString().slice(0, 10);
    expect(json(await page(`from=${today}&to=${today}`)).data.orders).toHaveLength(2);
    expect(json(await page('from=2020-01-01&to=2020-01-31')).data.orders).toHaveLength(0);
    expect((await page('from=yesterday')).statusCode).toBe(422);
  });
});

describe('after the return window', () => {
  async function deliveredOrder() {
    const paid = await readyOrder();
    await assign(paid.orderId, admin.accessToken, { carrier: 'partner', partnerId: partner.id });
    for (const status of ['picked_up', 'out_for_delivery'])
      expect((await move(paid.orderId, partner.accessToken, { status })).statusCode).toBe(200);
    const { orderDeliveryToken } = await customerOrder(paid.customer, paid.orderId);
    const delivered = await move(paid.orderId, partner.accessToken, {
      status: 'delivered',
      deliveryToken: orderDeliveryToken,
    });
    expect(delivered.statusCode).toBe(200);
    return paid;
  }
  const statusOf = async (orderId: string) =>
    (await test.deps.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;

  it('completes delivered orders older than RETURN_WINDOW_DAYS (7) and leaves younger ones delivered', async () => {
    const [old, recent] = [await deliveredOrder(), await deliveredOrder()];
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    const sixDaysAgo = new Date(Date.now() - 6 * 24 * 60 * 60 * 1000);
    await test.deps.db.update(orders).set({ deliveredAt: eightDaysAgo }).where(eq(orders.id, old.orderId));
    await test.deps.db.update(orders).set({ deliveredAt: sixDaysAgo }).where(eq(orders.id, recent.orderId));

    expect(await test.jobs.completeAfterReturnWindow()).toBeGreaterThanOrEqual(1);
    expect(await statusOf(old.orderId)).toBe('completed');
    expect(await statusOf(recent.orderId)).toBe('delivered');
    const timeline = await customerOrder(old.customer, old.orderId);
    expect(JSON.stringify(timeline)).toContain('The return window has closed');

    // a second run finds nothing more to do for these orders
    await test.jobs.completeAfterReturnWindow();
    expect(await statusOf(recent.orderId)).toBe('delivered');
  });
});
