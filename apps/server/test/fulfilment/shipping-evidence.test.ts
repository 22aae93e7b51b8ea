import {
  adminOrderEndpoints,
  customerOrderEndpoints,
  fulfilmentEndpoints,
  merchantOrderEndpoints,
  partnerOrderEndpoints,
} from '@market/contracts';
import { count, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../src/platform/storage/files.schema.js';
import { type CommerceSetup, type SellingStore, sellingStore } from '../support/commerce-factory.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { multipartForm, pngBytes } from '../support/store-factory.js';
import { bearer, createAdmin, json, type TestApp } from '../support/test-app.js';
import { type Carrier, type World, world } from '../support/world.js';

// Shipping evidence (issue 7): picking a parcel up and a failed delivery need a photo uploaded with the move,
// checked by its bytes and size through the image pipeline, kept on the order's timeline for staff and the carrier.

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let partner: Carrier;
let otherPartner: Carrier;
let market: World;

beforeAll(async () => {
  market = await world({ customers: 0, carriers: 2 });
  ({ test, setup } = market);
  [store] = market.stores as [SellingStore];
  [partner, otherPartner] = market.carriers as [Carrier, Carrier];
}, 180_000);
afterAll(() => market?.close());

const url = (orderId: string) => urlOf(fulfilmentEndpoints.updateOrder, { params: { id: orderId } });
const moveJson = (orderId: string, token: string, payload: Record<string, unknown>) =>
  test.app.inject({ method: 'PATCH', url: url(orderId), headers: bearer(token), payload });
async function moveWithFile(
  orderId: string,
  token: string | undefined,
  fields: Record<string, string>,
  bytes?: Buffer,
  contentType = 'image/png',
) {
  const form = multipartForm(
    fields,
    bytes ? { field: 'evidence', filename: 'parcel.png', contentType, bytes } : undefined,
  );
  return test.app.inject({
    method: 'PATCH',
    url: url(orderId),
    headers: { ...(token ? bearer(token) : {}), ...form.headers },
    payload: form.payload,
  });
}

const evidenceFiles = async () =>
  (
    await test.deps.db
      .select({ total: count() })
      .from(storedFiles)
      .where(like(storedFiles.purpose, 'shipping-evidence:%'))
  )[0]!.total;

/** A paid order the store made ready and an admin assigned to `partner`. */
async function assignedOrder() {
  const { orderId, customer } = await market.paidOrder(store, {
    customer: await market.newCustomer(),
    stock: 10,
  });
  for (const status of ['accepted', 'ready_for_pickup'])
    expect((await moveJson(orderId, store.accessToken, { status })).statusCode).toBe(200);
  const assigned = await test.app.inject({
    ...requestOf(adminOrderEndpoints.assign, { params: { id: orderId } }),
    headers: bearer(setup.admin.accessToken),
    payload: { carrier: 'partner', partnerId: partner.id },
  });
  expect(assigned.statusCode).toBe(200);
  return { orderId, customer };
}

describe('shipping evidence', () => {
  it('refuses a pickup without a photo (422) and with a file that is not an image (422)', async () => {
    const { orderId } = await assignedOrder();
    const none = await moveJson(orderId, partner.accessToken, { status: 'picked_up' });
    expect(none.statusCode).toBe(422);
    expect(json(none).message).toBe('A photo of the parcel is needed to mark it Picked up');
    expect(json(none).details?.[0]?.path).toBe('evidence');
    const noFile = await moveWithFile(orderId, partner.accessToken, { status: 'picked_up' });
    expect(noFile.statusCode).toBe(422);

    const before = await evidenceFiles();
    const text = await moveWithFile(
      orderId,
      partner.accessToken,
      { status: 'picked_up' },
      Buffer.from('not a picture at all, only words'),
    );
    expect(text.statusCode).toBe(422);
    expect(json(text).message).toBe('Upload a JPEG, PNG or WebP image');
    expect(json(text).details?.[0]?.path).toBe('evidence');
    // A PDF wearing an image's name and type is judged by its bytes.
    const pdf = await moveWithFile(
      orderId,
      partner.accessToken,
      { status: 'picked_up' },
      Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'),
    );
    expect(pdf.statusCode).toBe(422);
    // Someone else's photo address is not evidence.
    const borrowed = await moveJson(orderId, partner.accessToken, {
      status: 'picked_up',
      shippingEvidence: '/media/images/00000000-0000-4000-8000-000000000000-800.webp',
    });
    expect(borrowed.statusCode).toBe(422);
    expect(await evidenceFiles()).toBe(before);
    const order = json(
      await test.app.inject({
        ...requestOf(partnerOrderEndpoints.one, { params: { id: orderId } }),
        headers: bearer(partner.accessToken),
      }),
    ).data;
    expect(order.orderStatus.code_name).toBe('assigned');
  });

  it('moves with a photo; staff and the carrier see it on the timeline, the customer does not', async () => {
    const { orderId, customer } = await assignedOrder();
    const moved = await moveWithFile(
      orderId,
      partner.accessToken,
      { status: 'picked_up', note: 'Two boxes, sealed' },
      await pngBytes(1000, 700),
    );
    expect(moved.statusCode).toBe(200);
    expect(json(moved).data.orderStatus.code_name).toBe('picked_up');

    const staff = json(
      await test.app.inject({
        ...requestOf(adminOrderEndpoints.one, { params: { id: orderId } }),
        headers: bearer(setup.admin.accessToken),
      }),
    ).data;
    const entry = staff.orderActivities.find((item: { status: string }) => item.status === 'picked_up');
    expect(entry.evidence).toMatch(/^\/media\/private\/[0-9a-f-]{36}-800\.webp$/);
    expect(entry.activity).toContain('Two boxes, sealed');
    expect(staff.shippingEvidence).toBe(entry.evidence);
    const merchant = json(
      await test.app.inject({
        ...requestOf(merchantOrderEndpoints.one, { params: { id: orderId } }),
        headers: bearer(store.accessToken),
      }),
    ).data;
    expect(merchant.orderActivities.at(-1).evidence).toBe(entry.evidence);
    const image = await test.app.inject({
      method: 'GET',
      url: entry.evidence,
      headers: bearer(setup.admin.accessToken),
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');

    const own = json(
      await test.app.inject({
        ...requestOf(customerOrderEndpoints.one, { params: { id: orderId } }),
        headers: bearer(customer.token),
      }),
    ).data;
    expect(JSON.stringify(own)).not.toContain(entry.evidence);

    // Moves that need no photo keep the JSON body; the pickup photo is not evidence of the failed delivery (ADR 040).
    expect((await moveJson(orderId, partner.accessToken, { status: 'out_for_delivery' })).statusCode).toBe(
      200,
    );
    const reused = await moveJson(orderId, partner.accessToken, {
      status: 'delivery_failed',
      shippingEvidence: entry.evidence,
      note: 'Nobody at the gate',
    });
    expect(reused.statusCode).toBe(422);
    expect(json(reused).details?.[0]?.path).toBe('shippingEvidence');
    const failed = await moveWithFile(
      orderId,
      partner.accessToken,
      { status: 'delivery_failed', note: 'Nobody at the gate' },
      await pngBytes(),
    );
    expect(failed.statusCode).toBe(200);
  });

  it('serves the parcel photo only to those who may see the order, privately (issue 24)', async () => {
    const { orderId, customer } = await assignedOrder();
    const moved = await moveWithFile(
      orderId,
      partner.accessToken,
      { status: 'picked_up' },
      await pngBytes(300, 200),
    );
    expect(moved.statusCode).toBe(200);
    const evidence = json(
      await test.app.inject({
        ...requestOf(adminOrderEndpoints.one, { params: { id: orderId } }),
        headers: bearer(setup.admin.accessToken),
      }),
    ).data.shippingEvidence as string;
    expect(evidence).toMatch(/^\/media\/private\//);
    const photo = (headers: Record<string, string> = {}) =>
      test.app.inject({ method: 'GET', url: evidence, headers });
    // Before: anyone with the address read it. Now a visitor is asked to sign in, in the envelope.
    const anonymous = await photo();
    expect(anonymous.statusCode).toBe(401);
    expect(json(anonymous)).toMatchObject({ error: 'UNAUTHORIZED' });
    // The public image path does not serve it either.
    const publicPath = evidence.replace('/media/private/', '/media/images/');
    expect((await test.app.inject({ method: 'GET', url: publicPath })).statusCode).toBe(404);

    const otherCustomer = await market.newCustomer();
    const otherStore = await sellingStore(test, setup);
    const dispatcher = await createAdmin(test, 'dispatcher');
    for (const [who, token] of [
      ['another partner', otherPartner.accessToken],
      ['another customer', otherCustomer.token],
      ['another store', otherStore.accessToken],
      ['a dispatcher not carrying it', dispatcher.accessToken],
    ] as const) {
      const refused = await photo(bearer(token));
      expect(refused.statusCode, who).toBe(404);
      expect(json(refused).error, who).toBe('NOT_FOUND');
    }
    for (const [who, token] of [
      ['the carrier', partner.accessToken],
      ["the order's customer", customer.token],
      ["the order's store", store.accessToken],
      ['an admin', setup.admin.accessToken],
    ] as const) {
      const seen = await photo(bearer(token));
      expect(seen.statusCode, who).toBe(200);
      expect(seen.headers['content-type'], who).toBe('image/webp');
      expect(seen.headers['cache-control'], who).toBe('private, max-age=600');
      expect(seen.rawPayload.subarray(8, 12).toString('ascii'), who).toBe('WEBP');
    }
    // A browser's <img> carries the session cookie instead of a header: the customer's works, a stranger's does not.
    expect((await photo({ cookie: `customer_token=${customer.token}` })).statusCode).toBe(200);
    expect((await photo({ cookie: `customer_token=${otherCustomer.token}` })).statusCode).toBe(404);
    expect(
      (await photo({ cookie: `customer_token=${otherCustomer.token}; partner_token=${partner.accessToken}` }))
        .statusCode,
    ).toBe(200);
  });

  it('reads no file from strangers and stores nothing for a refused move', async () => {
    const { orderId } = await assignedOrder();
    const before = await evidenceFiles();
    const photo = await pngBytes();
    expect((await moveWithFile(orderId, undefined, { status: 'picked_up' }, photo)).statusCode).toBe(401);
    expect(
      (await moveWithFile(orderId, otherPartner.accessToken, { status: 'picked_up' }, photo)).statusCode,
    ).toBe(404);
    const customer = await market.newCustomer();
    expect((await moveWithFile(orderId, customer.token, { status: 'picked_up' }, photo)).statusCode).toBe(
      403,
    );
    // The store sees the order but does not carry it; a dispatcher it is not assigned to does not even see it
    // (issue 24: dispatchers read only the orders they carry).
    expect((await moveWithFile(orderId, store.accessToken, { status: 'picked_up' }, photo)).statusCode).toBe(
      409,
    );
    const dispatcher = await createAdmin(test, 'dispatcher');
    expect(
      (await moveWithFile(orderId, dispatcher.accessToken, { status: 'picked_up' }, photo)).statusCode,
    ).toBe(404);
    // Fields the body schema refuses are refused in multipart too.
    expect((await moveWithFile(orderId, partner.accessToken, { status: 'flying' }, photo)).statusCode).toBe(
      422,
    );
    expect(await evidenceFiles()).toBe(before);
  });
});
