import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { adminOrderEndpoints, merchantOrderEndpoints, parcelLabelEndpoints } from '@market/contracts';
import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderActivities, orders } from '../../src/modules/orders/orders.schema.js';
import type { CommerceSetup, SellingStore, Shopper } from '../support/commerce-factory.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { moveOrder } from '../support/order-moves.js';
import { bearer, json, nextIp, type TestApp } from '../support/test-app.js';
import { type Carrier, type World, world } from '../support/world.js';

// Labels with a QR code and scanned hand-overs (issue 35, ADR 078).

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let otherStore: SellingStore;
let customer: Shopper;
let carrier: Carrier;
let otherCarrier: Carrier;
let mine: string[];
let theirs: string;

let market: World;

beforeAll(async () => {
  market = await world({ stores: 2, carriers: 2 });
  ({ test, setup } = market);
  [store, otherStore] = market.stores as [SellingStore, SellingStore];
  [customer] = market.customers as [Shopper];
  [carrier, otherCarrier] = market.carriers as [Carrier, Carrier];
  mine = await market.paidOrders(store, 2, { quantity: 2 });
  [theirs] = (await market.paidOrders(otherStore, 1, { quantity: 2 })) as [string];
}, 120_000);
afterAll(() => market?.close());

const post = (url: string, token: string, payload: Record<string, unknown>) =>
  test.app.inject({ method: 'POST', url, headers: bearer(token), payload, remoteAddress: nextIp() });
const labels = (token: string, orderIds: string[]) =>
  post(urlOf(parcelLabelEndpoints.labels), token, { orderIds });
const scan = (token: string, parcel: string) => post(urlOf(parcelLabelEndpoints.scan), token, { parcel });
const statusOf = async (id: string) =>
  (await test.deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;

describe('parcel labels', () => {
  let references: Record<string, string>;

  it('prints a label per order of the store, with the recipient, the packing slip and a QR code of the signed link', async () => {
    const response = await labels(store.accessToken, [mine[0]!, mine[1]!, theirs]);
    expect(response.statusCode, response.body).toBe(200);
    const { labels: printed, refused } = json(response).data;
    expect(refused).toEqual([{ orderId: theirs, message: 'Order not found' }]);
    expect(printed).toHaveLength(2);
    const [label] = printed;
    expect(label).toMatchObject({
      orderId: mine[0],
      storeName: expect.any(String),
      recipientName: 'Ada Obi',
      recipientPhone: expect.stringContaining('803'),
      state: 'Lagos',
      lga: 'Ikeja',
      items: [{ productName: 'Oraimo Power Bank 20000mAh', quantity: 2, variant: null }],
    });
    expect(label.parcelReference).toMatch(new RegExp(`^p1\\.${mine[0]}\\.[A-Za-z0-9_-]{22}$`));
    // The QR code is exactly the code of the scan link: what a camera reads is the signed reference.
    const link = `${test.deps.config.publicUrl}/shipping-partner/scan/${label.parcelReference}`;
    expect(label.qrSvg).toBe(
      await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }),
    );
    references = Object.fromEntries(
      printed.map((one: { orderId: string; parcelReference: string }) => [one.orderId, one.parcelReference]),
    );
  });

  it('gives no labels to customers or carriers, and none of another store', async () => {
    for (const token of [customer.token, carrier.accessToken]) {
      expect((await labels(token, [mine[0]!])).statusCode).toBe(403);
    }
    const other = json(await labels(otherStore.accessToken, [mine[0]!])).data;
    expect(other).toEqual({ labels: [], refused: [{ orderId: mine[0], message: 'Order not found' }] });
    expect((await labels(setup.admin.accessToken, [mine[0]!])).statusCode).toBe(200);
  });

  it('prints the same labels as one PDF, a page per parcel and one naming the orders not printed', async () => {
    const pdf = await post(urlOf(parcelLabelEndpoints.labelsPdf), store.accessToken, {
      orderIds: [mine[0]!, mine[1]!, theirs],
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const bytes = pdf.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(3);
    if (process.env.STATEMENT_PAPERS_DIR)
      writeFileSync(path.join(process.env.STATEMENT_PAPERS_DIR, 'labels.pdf'), bytes);
    // Another store's orders only: nothing to print.
    const none = await post(urlOf(parcelLabelEndpoints.labelsPdf), otherStore.accessToken, {
      orderIds: [mine[0]!],
    });
    expect(none.statusCode).toBe(404);
    expect(json(none).message).toBe('None of these orders can be labelled');
    for (const token of [customer.token, carrier.accessToken])
      expect(
        (await post(urlOf(parcelLabelEndpoints.labelsPdf), token, { orderIds: [mine[0]!] })).statusCode,
      ).toBe(403);
    expect(
      (await post(urlOf(parcelLabelEndpoints.labelsPdf), store.accessToken, { orderIds: [] })).statusCode,
    ).toBe(422);
  });

  it('records each scanned hand-over and refuses forged labels, another order’s label and another carrier', async () => {
    const [order, sibling] = mine as [string, string];
    for (const status of ['accepted', 'ready_for_pickup']) {
      expect((await moveOrder(test, order, store.accessToken, { status })).statusCode).toBe(200);
    }
    const assigned = await post(
      urlOf(adminOrderEndpoints.assign, { params: { id: order } }),
      setup.admin.accessToken,
      {
        carrier: 'partner',
        partnerId: carrier.id,
      },
    );
    expect(assigned.statusCode, assigned.body).toBe(200);
    const link = `${test.deps.config.publicUrl}/shipping-partner/scan/${references[order]}`;

    const found = await scan(carrier.accessToken, link);
    expect(found.statusCode, found.body).toBe(200);
    expect(json(found).data).toMatchObject({ orderId: order, orderStatus: { code_name: 'assigned' } });
    expect(json(found).data.allowedNextStatuses.map((s: { code_name: string }) => s.code_name)).toContain(
      'picked_up',
    );

    const stranger = await scan(otherCarrier.accessToken, link);
    expect(stranger.statusCode).toBe(404);
    expect(json(stranger).message).toBe(
      'This parcel is not one of yours: check that you hold the right parcel',
    );
    const forged = `${references[order]!.slice(0, -1)}${references[order]!.endsWith('A') ? 'B' : 'A'}`;
    expect(json(await scan(carrier.accessToken, forged)).details).toEqual([
      { path: 'parcel', message: 'This label was not printed by this marketplace' },
    ]);

    const wrongParcel = await moveOrder(test, order, carrier.accessToken, {
      status: 'picked_up',
      parcel: references[sibling],
    });
    expect(wrongParcel.statusCode).toBe(422);
    expect(json(wrongParcel).details).toEqual([
      { path: 'parcel', message: 'This label belongs to another order' },
    ]);
    expect(await statusOf(order)).toBe('assigned');

    const pickedUp = await moveOrder(test, order, carrier.accessToken, { status: 'picked_up', parcel: link });
    expect(pickedUp.statusCode, pickedUp.body).toBe(200);
    const inTransit = await moveOrder(test, order, carrier.accessToken, {
      status: 'in_transit',
      parcel: references[order],
    });
    expect(inTransit.statusCode, inTransit.body).toBe(200);

    const scans = await test.deps.db
      .select({ status: orderActivities.status, parcelRef: orderActivities.parcelRef })
      .from(orderActivities)
      .where(and(eq(orderActivities.orderId, order)));
    expect(scans.filter((row) => row.parcelRef === references[order]).map((row) => row.status)).toEqual([
      'picked_up',
      'in_transit',
    ]);
    const timeline = json(
      await test.app.inject({
        ...requestOf(merchantOrderEndpoints.one, { params: { id: order } }),
        headers: bearer(store.accessToken),
      }),
    ).data.orderActivities as { status: string; parcelScanned?: boolean }[];
    expect(timeline.filter((entry) => entry.parcelScanned).map((entry) => entry.status)).toEqual([
      'picked_up',
      'in_transit',
    ]);
  });

  it('refuses scans by customers and labels of finished orders', async () => {
    expect((await scan(customer.token, references[mine[1]!]!)).statusCode).toBe(403);
    await test.deps.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, mine[1]!));
    const answer = json(await labels(store.accessToken, [mine[1]!])).data;
    expect(answer.refused).toEqual([
      { orderId: mine[1], message: 'Order is Cancelled; it has no parcel to label' },
    ]);
  });
});
