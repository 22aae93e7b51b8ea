import {
  adminReturnEndpoints,
  customerOrderEndpoints,
  customerReturnEndpoints,
  merchantReturnEndpoints,
  returnPickupEndpoints,
} from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnPickups } from '../../src/modules/returns/returns.schema.js';
import { notificationEvents } from '../../src/platform/notify/events.schema.js';
import type { CommerceSetup, SellingStore } from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { multipartForm, pngBytes } from '../support/store-factory.js';
import { bearer, createAdmin, json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';
import { caller, type Dispatcher, deliveredOrder } from './returns-support.js';

// Issue 23 item 3 (ADR 060): an approved return's goods travel back customer → carrier → store, with the same
// carriers, the customer's pickup token at the handover and a photo at each end; the store's receipt releases the
// refund as before. Every step is refused to the accounts it is not theirs, and refused steps change nothing.

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let otherStore: SellingStore;
let dispatcher: Dispatcher;
let otherDispatcher: Dispatcher;
let partner: { id: string; accessToken: string };
let otherPartner: { id: string; accessToken: string };
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  const market = await world({ stores: 2, customers: 0, dispatchers: 2, carriers: 2 });
  ({ test, setup } = market);
  [store, otherStore] = market.stores;
  [dispatcher, otherDispatcher] = market.dispatchers;
  [partner, otherPartner] = market.carriers;
  call = caller(test);
}, 240_000);
afterAll(() => test.close());

async function withPhoto(url: string, token: string, fields: Record<string, string>, photo = true) {
  const form = multipartForm(
    fields,
    photo
      ? { field: 'evidence', filename: 'goods.png', contentType: 'image/png', bytes: await pngBytes() }
      : undefined,
  );
  return test.app.inject({
    method: 'PATCH',
    url,
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
}
const collect = (id: string, token: string, pickupToken: string, photo = true) =>
  withPhoto(urlOf(returnPickupEndpoints.collect, { params: { id } }), token, { pickupToken }, photo);
const dropOff = (id: string, token: string) =>
  withPhoto(urlOf(returnPickupEndpoints.dropOff, { params: { id } }), token, {});

async function approvedReturn() {
  const paid = await deliveredOrder(test, setup, store, dispatcher, { quantity: 2 });
  const created = await call('POST', urlOf(customerReturnEndpoints.create), paid.customer.token, {
    orderId: paid.orderId,
    type: 'return',
    reason: 'The blender does not turn on.',
    items: [{ productId: paid.productId, quantity: 1 }],
  });
  expect(created.statusCode).toBe(201);
  const returnId = json(created).data.id as string;
  const approved = await call(
    'PATCH',
    urlOf(merchantReturnEndpoints.updateStatus, { params: { id: returnId } }),
    store.accessToken,
    {
      status: 'approved',
    },
  );
  expect(approved.statusCode).toBe(200);
  const pickup = json(approved).data.pickup;
  expect(pickup).toMatchObject({ status: { code_name: 'requested' }, carrierName: null });
  return { paid, returnId, pickupId: pickup.id as string };
}

const pickupRow = async (id: string) =>
  (await test.deps.db.select().from(returnPickups).where(eq(returnPickups.id, id)))[0]!;
const customerReturn = async (returnId: string, token: string) =>
  json(await call('GET', urlOf(customerReturnEndpoints.one, { params: { id: returnId } }), token)).data;

describe('a returned item travels back to the store', () => {
  it('is assigned, collected with the customer token and a photo, dropped off, received and refunded', async () => {
    const { paid, returnId, pickupId } = await approvedReturn();

    // The admins' queue lists it; the customer has no token before a carrier is assigned.
    const queue = json(
      await call(
        'GET',
        urlOf(returnPickupEndpoints.adminList, { query: { status: 'requested', limit: 100 } }),
        setup.admin.accessToken,
      ),
    ).data;
    expect(queue.pickups.map((row: { id: string }) => row.id)).toContain(pickupId);
    expect((await customerReturn(returnId, paid.customer.token)).pickup.pickupToken).toBeNull();

    const assigned = await call(
      'POST',
      urlOf(returnPickupEndpoints.assign, { params: { id: pickupId } }),
      setup.admin.accessToken,
      {
        carrier: 'partner',
        partnerId: partner.id,
      },
    );
    expect(assigned.statusCode).toBe(200);
    expect(json(assigned).data).toMatchObject({ status: { code_name: 'assigned' }, carrierKind: 'partner' });
    // The assigner learns where, not the door.
    expect(json(assigned).data.collectFrom.address).toBe('');

    const mine = json(await call('GET', urlOf(returnPickupEndpoints.carrierList), partner.accessToken)).data;
    const listed = mine.pickups.find((row: { id: string }) => row.id === pickupId);
    expect(listed.collectFrom.address).not.toBe('');
    expect(listed.products).toEqual([expect.objectContaining({ quantity: 1 })]);

    const seen = await customerReturn(returnId, paid.customer.token);
    expect(seen.pickup.status.code_name).toBe('assigned');
    const token = seen.pickup.pickupToken as string;
    expect(token).toMatch(/^[0-9]{6}$/);
    // The store and the admins see where it is, never the customer's token.
    const merchantView = json(
      await call('GET', urlOf(merchantReturnEndpoints.one, { params: { id: returnId } }), store.accessToken),
    ).data;
    expect(merchantView.pickup.status.code_name).toBe('assigned');
    expect(merchantView.pickup).not.toHaveProperty('pickupToken');
    // The customer was told, with the token.
    const told = await test.deps.db
      .select()
      .from(notificationEvents)
      .where(eq(notificationEvents.kind, 'pickup.scheduled'));
    expect(
      told.some(
        (event) =>
          event.params.token === token && JSON.stringify(event.audience).includes(paid.customer.userId),
      ),
    ).toBe(true);

    // A wrong token and a missing photo are refused and move nothing.
    const wrong = token === '000000' ? '111111' : '000000';
    const missed = await collect(pickupId, partner.accessToken, wrong);
    expect(missed.statusCode).toBe(422);
    expect(json(missed).message).toMatch(/4 tries left/);
    const noPhoto = await collect(pickupId, partner.accessToken, token, false);
    expect(noPhoto.statusCode).toBe(422);
    expect((await pickupRow(pickupId)).status).toBe('assigned');

    const collected = await collect(pickupId, partner.accessToken, token);
    expect(collected.statusCode).toBe(200);
    expect(json(collected).data.status.code_name).toBe('collected');
    const afterCollect = await customerReturn(returnId, paid.customer.token);
    expect(afterCollect.pickup).toMatchObject({ status: { code_name: 'collected' }, pickupToken: null });
    expect(afterCollect.pickup.collectEvidence).toMatch(/\/media\//);

    const early = await call(
      'PATCH',
      urlOf(merchantReturnEndpoints.updateStatus, { params: { id: returnId } }),
      store.accessToken,
      {
        status: 'item_received',
      },
    );
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toMatch(/carrier has the goods/);

    const dropped = await dropOff(pickupId, partner.accessToken);
    expect(dropped.statusCode).toBe(200);
    expect(json(dropped).data.status.code_name).toBe('delivered_to_store');

    const received = await call(
      'PATCH',
      urlOf(merchantReturnEndpoints.updateStatus, { params: { id: returnId } }),
      store.accessToken,
      {
        status: 'item_received',
      },
    );
    expect(received.statusCode).toBe(200);
    expect(json(received).data.pickup.status.code_name).toBe('delivered_to_store');
    const refunded = await call(
      'PATCH',
      urlOf(merchantReturnEndpoints.refundDecision, { params: { id: returnId } }),
      store.accessToken,
      {
        decision: 'refund',
      },
    );
    expect(refunded.statusCode).toBe(200);
    expect(json(refunded).data.status.code_name).toBe('refunded');

    // The collection photo is the customer's, the store's and the carrier's to see; not another store's.
    const photo = afterCollect.pickup.collectEvidence as string;
    const path = new URL(photo, 'http://x').pathname;
    expect(
      (await test.app.inject({ method: 'GET', url: path, headers: bearer(paid.customer.token) })).statusCode,
    ).toBe(200);
    expect(
      (await test.app.inject({ method: 'GET', url: path, headers: bearer(store.accessToken) })).statusCode,
    ).toBe(200);
    expect(
      (await test.app.inject({ method: 'GET', url: path, headers: bearer(otherStore.accessToken) }))
        .statusCode,
    ).toBe(404);
  });

  it('collects an upheld return as a store-approved one: rejected, disputed, refunded by the platform, brought back', async () => {
    // Issue 34 item 12: the platform refunded a return the store rejected, and nothing brought the item back.
    const paid = await deliveredOrder(test, setup, store, dispatcher, { quantity: 2 });
    const returnId = json(
      await call('POST', urlOf(customerReturnEndpoints.create), paid.customer.token, {
        orderId: paid.orderId,
        type: 'return',
        reason: 'The blender does not turn on.',
        items: [{ productId: paid.productId, quantity: 1 }],
      }),
    ).data.id as string;
    const rejected = await call(
      'PATCH',
      urlOf(merchantReturnEndpoints.updateStatus, { params: { id: returnId } }),
      store.accessToken,
      {
        status: 'rejected',
        note: 'It looks used.',
      },
    );
    expect(json(rejected).data.pickup).toBeNull();
    const disputed = await call(
      'POST',
      urlOf(customerReturnEndpoints.dispute, { params: { id: returnId } }),
      paid.customer.token,
      {
        reason: 'It never worked.',
      },
    );
    expect(disputed.statusCode).toBe(200);
    expect(json(disputed).data.pickup).toBeNull();

    const upheld = await call(
      'POST',
      urlOf(adminReturnEndpoints.returnOrder, { params: { id: returnId } }),
      setup.admin.accessToken,
      {
        note: 'Faulty on arrival.',
      },
    );
    expect(upheld.statusCode).toBe(200);
    expect(json(upheld).data).toMatchObject({
      status: { code_name: 'refunded' },
      dispute: { status: 'upheld' },
      pickup: { status: { code_name: 'requested' }, carrierName: null },
    });
    const pickupId = json(upheld).data.pickup.id as string;
    // The customer's order says a carrier will collect the items.
    const timeline = json(
      await call(
        'GET',
        urlOf(customerOrderEndpoints.one, { params: { id: paid.orderId } }),
        paid.customer.token,
      ),
    );
    expect(JSON.stringify(timeline)).toMatch(/A carrier will collect the items/);

    // A scheduler (who assigns, and carries nothing) finds it in the queue and gives it to a carrier.
    const scheduler = await createAdmin(test, 'scheduler');
    const queue = json(
      await call(
        'GET',
        urlOf(returnPickupEndpoints.adminList, { query: { status: 'requested', limit: 100 } }),
        scheduler.accessToken,
      ),
    ).data;
    expect(queue.pickups.map((row: { id: string }) => row.id)).toContain(pickupId);
    const assigned = await call(
      'POST',
      urlOf(returnPickupEndpoints.assign, { params: { id: pickupId } }),
      scheduler.accessToken,
      {
        carrier: 'partner',
        partnerId: partner.id,
      },
    );
    expect(assigned.statusCode).toBe(200);
    const token = (await customerReturn(returnId, paid.customer.token)).pickup.pickupToken as string;
    expect(token).toMatch(/^[0-9]{6}$/);
    expect((await collect(pickupId, partner.accessToken, token)).statusCode).toBe(200);
    expect((await dropOff(pickupId, partner.accessToken)).statusCode).toBe(200);
    const atStore = json(
      await call('GET', urlOf(merchantReturnEndpoints.one, { params: { id: returnId } }), store.accessToken),
    ).data;
    expect(atStore.pickup.status.code_name).toBe('delivered_to_store');

    // A dispute decided twice opens no second pickup.
    const again = await call(
      'POST',
      urlOf(adminReturnEndpoints.returnOrder, { params: { id: returnId } }),
      setup.admin.accessToken,
      {},
    );
    expect(again.statusCode).toBe(409);
    expect(
      await test.deps.db.select().from(returnPickups).where(eq(returnPickups.returnId, returnId)),
    ).toHaveLength(1);
  });

  it('is refused to every account it is not theirs, and nothing changes', async () => {
    const { paid, pickupId } = await approvedReturn();
    // Only admins who assign reach the queue and assignment.
    for (const token of [paid.customer.token, store.accessToken, partner.accessToken]) {
      expect((await call('GET', urlOf(returnPickupEndpoints.adminList), token)).statusCode).toBe(403);
      const tried = await call(
        'POST',
        urlOf(returnPickupEndpoints.assign, { params: { id: pickupId } }),
        token,
        {
          carrier: 'partner',
          partnerId: partner.id,
        },
      );
      expect(tried.statusCode).toBe(403);
    }
    expect((await pickupRow(pickupId)).status).toBe('requested');

    const assigned = await call(
      'POST',
      urlOf(returnPickupEndpoints.assign, { params: { id: pickupId } }),
      setup.admin.accessToken,
      {
        carrier: 'dispatcher',
        dispatcherId: dispatcher.id,
      },
    );
    expect(assigned.statusCode).toBe(200);
    const row = await pickupRow(pickupId);
    const token = row.pickupToken!;

    // Another dispatcher, a partner, another partner: not theirs (404); customers and merchants: not carriers (403).
    for (const other of [otherDispatcher.accessToken, partner.accessToken, otherPartner.accessToken]) {
      expect((await collect(pickupId, other, token)).statusCode).toBe(404);
      expect((await dropOff(pickupId, other)).statusCode).toBe(404);
      const list = json(await call('GET', urlOf(returnPickupEndpoints.carrierList), other)).data;
      expect(list.pickups.map((p: { id: string }) => p.id)).not.toContain(pickupId);
    }
    for (const other of [paid.customer.token, store.accessToken, otherStore.accessToken]) {
      expect((await collect(pickupId, other, token)).statusCode).toBe(403);
      expect((await call('GET', urlOf(returnPickupEndpoints.carrierList), other)).statusCode).toBe(403);
    }
    // Another store and another customer do not see the return (nor its pickup).
    expect(
      (
        await call(
          'GET',
          urlOf(merchantReturnEndpoints.one, { params: { id: row.returnId } }),
          otherStore.accessToken,
        )
      ).statusCode,
    ).toBe(404);
    expect(await pickupRow(pickupId)).toMatchObject({ status: 'assigned', wrongAttempts: 0 });

    // Dropping off before collecting is refused.
    expect((await dropOff(pickupId, dispatcher.accessToken)).statusCode).toBe(409);
    // An unknown pickup is a 404 for admins too.
    const unknown = await call(
      'POST',
      urlOf(returnPickupEndpoints.assign, { params: { id: '00000000-0000-4000-8000-000000000000' } }),
      setup.admin.accessToken,
      {
        carrier: 'dispatcher',
        dispatcherId: dispatcher.id,
      },
    );
    expect(unknown.statusCode).toBe(404);
    // An unknown carrier is a clear 422.
    const noSuch = await call(
      'POST',
      urlOf(returnPickupEndpoints.assign, { params: { id: pickupId } }),
      setup.admin.accessToken,
      {
        carrier: 'partner',
        partnerId: '00000000-0000-4000-8000-000000000000',
      },
    );
    expect(noSuch.statusCode).toBe(422);
  });

  it('locks collection after five wrong tokens until an admin assigns it again with a new token', async () => {
    const { pickupId } = await approvedReturn();
    await call(
      'POST',
      urlOf(returnPickupEndpoints.assign, { params: { id: pickupId } }),
      setup.admin.accessToken,
      {
        carrier: 'partner',
        partnerId: partner.id,
      },
    );
    const first = (await pickupRow(pickupId)).pickupToken!;
    const wrong = first === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await collect(pickupId, partner.accessToken, wrong)).statusCode).toBe(422);
    }
    const fifth = await collect(pickupId, partner.accessToken, wrong);
    expect(fifth.statusCode).toBe(409);
    expect(json(fifth).message).toMatch(/locked/);
    // Even the right token is refused while locked.
    expect((await collect(pickupId, partner.accessToken, first)).statusCode).toBe(409);
    expect((await pickupRow(pickupId)).status).toBe('assigned');

    // Reassigned to another partner: the old carrier loses it; a new token works, the old one does not.
    await call(
      'POST',
      urlOf(returnPickupEndpoints.assign, { params: { id: pickupId } }),
      setup.admin.accessToken,
      {
        carrier: 'partner',
        partnerId: otherPartner.id,
      },
    );
    const second = (await pickupRow(pickupId)).pickupToken!;
    expect((await collect(pickupId, partner.accessToken, second)).statusCode).toBe(404);
    if (second !== first)
      expect((await collect(pickupId, otherPartner.accessToken, first)).statusCode).toBe(422);
    expect((await collect(pickupId, otherPartner.accessToken, second)).statusCode).toBe(200);
    // Assigning a collected pickup again is refused.
    const again = await call(
      'POST',
      urlOf(returnPickupEndpoints.assign, { params: { id: pickupId } }),
      setup.admin.accessToken,
      {
        carrier: 'partner',
        partnerId: partner.id,
      },
    );
    expect(again.statusCode).toBe(409);
  });

  it('ends when the store receives the goods before any carrier collected them', async () => {
    const { returnId, pickupId } = await approvedReturn();
    const received = await call(
      'PATCH',
      urlOf(merchantReturnEndpoints.updateStatus, { params: { id: returnId } }),
      store.accessToken,
      {
        status: 'item_received',
      },
    );
    expect(received.statusCode).toBe(200);
    expect(json(received).data.pickup.status.code_name).toBe('cancelled');
    const assign = await call(
      'POST',
      urlOf(returnPickupEndpoints.assign, { params: { id: pickupId } }),
      setup.admin.accessToken,
      {
        carrier: 'partner',
        partnerId: partner.id,
      },
    );
    expect(assign.statusCode).toBe(409);
  });
});
