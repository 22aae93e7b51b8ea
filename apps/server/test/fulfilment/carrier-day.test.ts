import {
  adminOrderEndpoints,
  carrierDayEndpoints,
  partnerOrderEndpoints,
  storeProfileEndpoints,
} from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/modules/orders/orders.schema.js';
import { orderReturns, returnPickups } from '../../src/modules/returns/returns.schema.js';
import type { CommerceSetup, SellingStore } from '../support/commerce-factory.js';
import { requestOf } from '../support/contract-requests.js';
import { moveOrder } from '../support/order-moves.js';
import { bearer, createAdmin, json, nextIp, type TestApp } from '../support/test-app.js';
import { type Carrier, type Dispatcher, type World, world } from '../support/world.js';

// GET /api/carrier/day (issue 35 item 7): a carrier's own stops, grouped by state and LGA, with the store's and the
// customer's phones as call and WhatsApp links and a map link per address; no other carrier's.

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let partner: Carrier;
let otherPartner: Carrier;
let dispatcher: Dispatcher;
let market: World;
const orderIds: string[] = [];

const day = (token?: string) =>
  test.app.inject({ ...requestOf(carrierDayEndpoints.get), headers: token ? bearer(token) : {} });

async function assign(orderId: string, body: Record<string, unknown>) {
  for (const status of ['accepted', 'ready_for_pickup'])
    expect((await moveOrder(test, orderId, store.accessToken, { status })).statusCode).toBe(200);
  const assigned = await test.app.inject({
    ...requestOf(adminOrderEndpoints.assign, { params: { id: orderId } }),
    headers: bearer(setup.admin.accessToken),
    payload: body,
    remoteAddress: nextIp(),
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
}

beforeAll(async () => {
  market = await world({ customers: 0, carriers: 2, dispatchers: 1 });
  ({ test, setup } = market);
  [store] = market.stores as [SellingStore];
  [partner, otherPartner] = market.carriers as [Carrier, Carrier];
  [dispatcher] = market.dispatchers as [Dispatcher];
  const profile = await test.app.inject({
    ...requestOf(storeProfileEndpoints.save),
    headers: bearer(store.accessToken),
    payload: {
      store: {
        storePhoneNumber: '0805 555 1234',
        shippingLocation: {
          country: 'Nigeria',
          state: 'Lagos',
          street: '3 Broad Street',
          city: 'Lagos Island',
        },
      },
    },
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const places = [
    { stateOrRegion: 'Lagos', lga: 'Ikeja', address: '12 Allen Avenue' },
    { stateOrRegion: 'Oyo', lga: 'Ibadan North', address: '4 Bodija Road' },
    { stateOrRegion: 'Lagos', lga: 'Surulere', address: '9 Adeniran Ogunsanya Street' },
  ];
  let productId: string | undefined;
  for (const place of places) {
    const bought = await market.paidOrder(store, { customer: await market.newCustomer(place), productId });
    productId = bought.productId;
    orderIds.push(bought.orderId);
  }
  await assign(orderIds[0]!, { carrier: 'partner', partnerId: partner.id });
  await assign(orderIds[1]!, { carrier: 'partner', partnerId: partner.id });
  await assign(orderIds[2]!, { carrier: 'dispatcher', dispatcherId: dispatcher.id });
}, 180_000);
afterAll(() => market?.close());

describe('carrier day', () => {
  it("groups the partner's stops by state and LGA, with call, WhatsApp and map links", async () => {
    // One order picked up: its stop moves from the store to the customer's door.
    const picked = await moveOrder(test, orderIds[1]!, partner.accessToken, { status: 'picked_up' });
    expect(picked.statusCode, picked.body).toBe(200);

    const response = await day(partner.accessToken);
    expect(response.statusCode, response.body).toBe(200);
    const data = json(response).data;
    expect(data.stopCount).toBe(2);
    expect(data.truncated).toBe(false);
    expect(data.groups.map((group: { state: string; lga: string }) => `${group.state}/${group.lga}`)).toEqual(
      ['Lagos/Lagos Island', 'Oyo/Ibadan North'],
    );
    const [atStore, atDoor] = data.groups.map((group: { stops: unknown[] }) => group.stops[0]);
    expect(atStore).toMatchObject({
      kind: 'order_pickup',
      orderId: orderIds[0],
      pickupId: null,
      status: { code_name: 'assigned', known_name: 'Assigned' },
      place: {
        state: 'Lagos',
        lga: 'Lagos Island',
        address: '3 Broad Street',
        mapUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('3 Broad Street, Lagos Island, Lagos, Nigeria')}`,
      },
      store: {
        phoneNumber: '+2348055551234',
        callUrl: 'tel:+2348055551234',
        whatsappUrl: 'https://wa.me/2348055551234',
      },
      customer: {
        name: 'Ada Obi',
        callUrl: 'tel:+2348031234567',
        whatsappUrl: 'https://wa.me/2348031234567',
      },
    });
    expect(atDoor).toMatchObject({
      kind: 'order_delivery',
      orderId: orderIds[1],
      status: { code_name: 'picked_up' },
      place: {
        state: 'Oyo',
        lga: 'Ibadan North',
        address: '4 Bodija Road',
        mapUrl:
          'https://www.google.com/maps/search/?api=1&query=4%20Bodija%20Road%2C%20Ibadan%20North%2C%20Oyo%2C%20Nigeria',
      },
      store: { callUrl: 'tel:+2348055551234' },
      customer: { callUrl: 'tel:+2348031234567', whatsappUrl: 'https://wa.me/2348031234567' },
    });
  });

  it("gives a dispatcher their own stops and another partner none: no store's or customer's number leaks", async () => {
    const mine = json(await day(dispatcher.accessToken)).data;
    expect(mine.stopCount).toBe(1);
    expect(mine.groups[0].stops[0]).toMatchObject({ orderId: orderIds[2], kind: 'order_pickup' });

    const other = await day(otherPartner.accessToken);
    expect(other.statusCode).toBe(200);
    expect(json(other).data).toEqual({ groups: [], stopCount: 0, truncated: false });
    expect(other.body).not.toContain('8031234567');
    expect(other.body).not.toContain('8055551234');

    // Declined and assigned to another partner, an order leaves the partner's day with its numbers.
    const declined = await test.app.inject({
      ...requestOf(partnerOrderEndpoints.decline, { params: { id: orderIds[0]! } }),
      headers: bearer(partner.accessToken),
      payload: { reason: 'The van is in Oyo today.' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const reassigned = await test.app.inject({
      ...requestOf(adminOrderEndpoints.assign, { params: { id: orderIds[0]! } }),
      headers: bearer(setup.admin.accessToken),
      payload: { carrier: 'partner', partnerId: otherPartner.id },
      remoteAddress: nextIp(),
    });
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    const after = json(await day(partner.accessToken)).data;
    expect(after.stopCount).toBe(1);
    expect(after.groups[0].stops[0].orderId).toBe(orderIds[1]);
    expect(json(await day(otherPartner.accessToken)).data.groups[0].stops[0].orderId).toBe(orderIds[0]);
  });

  it("shows a return to collect at the customer's door, then to drop at the store without the customer's number", async () => {
    // Written straight into the tables: the subject is the day's read, not the returns flow (tested in returns/).
    const [order] = await test.deps.db.select().from(orders).where(eq(orders.id, orderIds[1]!));
    const [ret] = await test.deps.db
      .insert(orderReturns)
      .values({
        orderId: order!.id,
        orderName: order!.orderName,
        customerId: order!.customerId,
        customerName: 'Ada Obi',
        storeId: store.storeId,
        storeName: order!.storeName,
        merchantId: store.merchantId,
        type: 'return',
        status: 'approved',
        reason: 'Wrong size',
        lines: [],
      })
      .returning();
    const [pickup] = await test.deps.db
      .insert(returnPickups)
      .values({
        returnId: ret!.id,
        orderId: order!.id,
        storeId: store.storeId,
        customerId: order!.customerId,
        status: 'assigned',
        carrierKind: 'partner',
        partnerId: partner.id,
        carrierName: 'Partner',
        assignedAt: new Date(),
      })
      .returning();
    const stopsOf = async (token: string) =>
      (json(await day(token)).data.groups as { stops: Record<string, unknown>[] }[]).flatMap(
        (group) => group.stops,
      );
    const collect = (await stopsOf(partner.accessToken)).find((stop) => stop.pickupId === pickup!.id);
    expect(collect).toMatchObject({
      kind: 'return_collection',
      orderId: order!.id,
      status: { code_name: 'assigned', known_name: 'Carrier assigned' },
      place: { state: 'Oyo', lga: 'Ibadan North', address: '4 Bodija Road' },
      customer: { callUrl: 'tel:+2348031234567' },
    });
    expect((await stopsOf(otherPartner.accessToken)).some((stop) => stop.pickupId === pickup!.id)).toBe(
      false,
    );

    await test.deps.db
      .update(returnPickups)
      .set({ status: 'collected' })
      .where(eq(returnPickups.id, pickup!.id));
    const dropOff = (await stopsOf(partner.accessToken)).find((stop) => stop.pickupId === pickup!.id);
    expect(dropOff).toMatchObject({
      kind: 'return_drop_off',
      place: { state: 'Lagos', lga: 'Lagos Island', address: '3 Broad Street' },
      store: { callUrl: 'tel:+2348055551234' },
      customer: { name: 'Ada Obi', phoneNumber: null, callUrl: null, whatsappUrl: null },
    });
    await test.deps.db
      .update(returnPickups)
      .set({ status: 'delivered_to_store' })
      .where(eq(returnPickups.id, pickup!.id));
    expect((await stopsOf(partner.accessToken)).some((stop) => stop.pickupId === pickup!.id)).toBe(false);
  });

  it('is for carriers only: merchants, customers, admins who do not carry and anonymous callers are refused', async () => {
    expect((await day(store.accessToken)).statusCode).toBe(403);
    const customer = await market.newCustomer();
    expect((await day(customer.token)).statusCode).toBe(403);
    for (const role of ['scheduler', 'admin'] as const) {
      const admin = await createAdmin(test, role);
      const response = await day(admin.accessToken);
      // A scheduler lacks orders:carry; an admin holds it but carries nothing: an empty day, no one's numbers.
      if (role === 'scheduler') expect(response.statusCode).toBe(403);
      else expect(json(response).data).toEqual({ groups: [], stopCount: 0, truncated: false });
    }
    expect((await day()).statusCode).toBe(401);
  });
});
