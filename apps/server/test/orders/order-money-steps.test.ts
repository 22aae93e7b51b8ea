import {
  adminOrderEndpoints,
  customerReturnEndpoints,
  fulfilmentEndpoints,
  merchantOrderEndpoints,
  merchantReturnEndpoints,
  partnerOrderEndpoints,
} from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/modules/catalog/catalog.schema.js';
import { orderRefunds, orders, orderTrackers } from '../../src/modules/orders/orders.schema.js';
import { caller, type Dispatcher, deliveredOrder, paidOrder } from '../returns/returns-support.js';
import { type CommerceSetup, type SellingStore, shopper } from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { moveOrder } from '../support/order-moves.js';
import { json, type TestApp } from '../support/test-app.js';
import { type Carrier, world } from '../support/world.js';

// ADR 040, through the API: no order reaches `returned` without its money step, a carrier moves only the orders
// assigned to it (the move to `returned` included), and a shipping photo is evidence of one move of one order. Each
// case is tried by the account that may act and by the others that may not (another store, another partner, a
// dispatcher not assigned, an admin, the customer); a refused move changes nothing.

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let otherStore: SellingStore;
let dispatcher: Dispatcher;
let otherDispatcher: Dispatcher;
let partner: Carrier;
let otherPartner: Carrier;
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

const move = (orderId: string, token: string, body: Record<string, unknown>) =>
  moveOrder(test, orderId, token, body);

async function orderRow(orderId: string) {
  const [row] = await test.deps.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}
const refundsOf = (orderId: string) =>
  test.deps.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));

/** A paid order of `store` carried by `carrier` until its delivery failed. */
async function failedDelivery(carrier: 'partner' | 'dispatcher', quantity = 2) {
  const paid = await paidOrder(test, setup, store, { quantity });
  for (const status of ['accepted', 'ready_for_pickup'])
    expect((await move(paid.orderId, store.accessToken, { status })).statusCode).toBe(200);
  const assigned = await call(
    'POST',
    urlOf(adminOrderEndpoints.assign, { params: { id: paid.orderId } }),
    setup.admin.accessToken,
    carrier === 'partner'
      ? { carrier: 'partner', partnerId: partner.id }
      : { carrier: 'dispatcher', dispatcherId: dispatcher.id },
  );
  expect(assigned.statusCode).toBe(200);
  const token = carrier === 'partner' ? partner.accessToken : dispatcher.accessToken;
  for (const status of ['picked_up', 'out_for_delivery', 'delivery_failed'])
    expect((await move(paid.orderId, token, { status, note: 'Nobody at the gate' })).statusCode).toBe(200);
  return { ...paid, carrierToken: token };
}

describe('returned only with its money step', () => {
  it('no account moves a delivered order to Returned through update-order; the customer can still return it', async () => {
    const paid = await deliveredOrder(test, setup, store, dispatcher);
    const before = await orderRow(paid.orderId);
    const customer = paid.customer.token;
    const refused: [string, string, number][] = [
      ['the store', store.accessToken, 409],
      ['another store', otherStore.accessToken, 404],
      ['an admin', setup.admin.accessToken, 409],
      ['the dispatcher who delivered it', dispatcher.accessToken, 409],
      // A dispatcher who does not carry the order cannot see it (ADR 042): 404, as another partner.
      ['another dispatcher', otherDispatcher.accessToken, 404],
      ['a partner', partner.accessToken, 404],
      ['the customer', customer, 403],
    ];
    for (const [who, token, status] of refused) {
      const answer = await move(paid.orderId, token, { status: 'returned' });
      expect({ who, status: answer.statusCode }).toEqual({ who, status });
      expect(json(answer)).toMatchObject({ message: expect.any(String), error: expect.any(String) });
    }
    const storeAnswer = await move(paid.orderId, store.accessToken, { status: 'returned' });
    expect(json(storeAnswer).message).toBe(
      'Order is Delivered; it becomes Returned only when the store has received an approved return of every item and refunded or replaced it',
    );
    // Nothing changed, and the store is not offered the move.
    expect(await orderRow(paid.orderId)).toMatchObject({ status: 'delivered', updatedAt: before.updatedAt });
    expect(await refundsOf(paid.orderId)).toEqual([]);
    const seen = json(
      await call(
        'GET',
        urlOf(merchantOrderEndpoints.one, { params: { id: paid.orderId } }),
        store.accessToken,
      ),
    ).data;
    expect(seen.allowedNextStatuses).toEqual([]);
    // The customer's own return is still open to them.
    const asked = await call('POST', urlOf(customerReturnEndpoints.create), customer, {
      orderId: paid.orderId,
      type: 'return',
      reason: 'It does not fit.',
      items: [{ productId: paid.productId, quantity: 1 }],
    });
    expect(asked.statusCode).toBe(201);
  });

  it('the order becomes Returned with the refund of its received return, not when the goods arrive', async () => {
    const paid = await deliveredOrder(test, setup, store, dispatcher, { quantity: 2 });
    const created = json(
      await call('POST', urlOf(customerReturnEndpoints.create), paid.customer.token, {
        orderId: paid.orderId,
        type: 'return',
        reason: 'Both arrived broken.',
        items: [{ productId: paid.productId, quantity: 2 }],
      }),
    ).data;
    for (const status of ['approved', 'item_received']) {
      const answer = await call(
        'PATCH',
        urlOf(merchantReturnEndpoints.updateStatus, { params: { id: created.id } }),
        store.accessToken,
        {
          status,
        },
      );
      expect(answer.statusCode).toBe(200);
    }
    expect((await orderRow(paid.orderId)).status).toBe('delivered');
    expect(await refundsOf(paid.orderId)).toEqual([]);
    // Another store cannot decide it; the store can.
    expect(
      (
        await call(
          'PATCH',
          urlOf(merchantReturnEndpoints.refundDecision, { params: { id: created.id } }),
          otherStore.accessToken,
          {
            decision: 'refund',
          },
        )
      ).statusCode,
    ).toBe(404);
    const decided = await call(
      'PATCH',
      urlOf(merchantReturnEndpoints.refundDecision, { params: { id: created.id } }),
      store.accessToken,
      {
        decision: 'refund',
      },
    );
    expect(decided.statusCode).toBe(200);
    const order = await orderRow(paid.orderId);
    expect(order.status).toBe('returned');
    const refunded = (await refundsOf(paid.orderId)).reduce((sum, row) => sum + row.amountKobo, 0);
    expect(refunded).toBe(order.totalKobo);
  });
});

describe('a failed delivery goes back to the store only by its own carrier, refunded whole', () => {
  it('refuses everyone but the partner it is assigned to, and changes nothing', async () => {
    const failed = await failedDelivery('partner');
    const before = await orderRow(failed.orderId);
    const refused: [string, string, number][] = [
      ['a dispatcher not assigned', dispatcher.accessToken, 404],
      ['another partner', otherPartner.accessToken, 404],
      ['the store', store.accessToken, 409],
      ['another store', otherStore.accessToken, 404],
      ['an admin', setup.admin.accessToken, 409],
      ['the customer', failed.customer.token, 403],
    ];
    for (const [who, token, status] of refused) {
      const answer = await move(failed.orderId, token, { status: 'returned' });
      expect({ who, status: answer.statusCode }).toEqual({ who, status });
    }
    // The store learns why its own move is refused; a dispatcher who does not carry the order is not told it exists.
    expect(json(await move(failed.orderId, dispatcher.accessToken, { status: 'returned' })).message).toBe(
      'Order not found',
    );
    expect(await orderRow(failed.orderId)).toMatchObject({
      status: 'delivery_failed',
      updatedAt: before.updatedAt,
    });
    expect(await refundsOf(failed.orderId)).toEqual([]);
    // Nor may they take it out again.
    expect(
      (await move(failed.orderId, dispatcher.accessToken, { status: 'out_for_delivery' })).statusCode,
    ).toBe(404);
  });

  it('its partner takes it back: the order is Returned, its stock back and every kobo refunded in that move', async () => {
    const failed = await failedDelivery('partner', 3);
    const [stockBefore] = await test.deps.db.select().from(products).where(eq(products.id, failed.productId));
    const answer = await move(failed.orderId, partner.accessToken, {
      status: 'returned',
      note: 'Back at the shop',
    });
    expect(answer.statusCode).toBe(200);
    expect(json(answer).data.orderStatus.code_name).toBe('returned');
    const order = await orderRow(failed.orderId);
    expect(order.status).toBe('returned');
    const refunds = await refundsOf(failed.orderId);
    expect(refunds.reduce((sum, row) => sum + row.amountKobo, 0)).toBe(order.totalKobo);
    expect(refunds.some((row) => row.shippingKobo === order.shippingFeeKobo)).toBe(true);
    const [tracker] = await test.deps.db
      .select()
      .from(orderTrackers)
      .where(eq(orderTrackers.id, order.trackerId));
    expect(tracker!.refundStatus).toBe('refunded');
    const [stockAfter] = await test.deps.db.select().from(products).where(eq(products.id, failed.productId));
    expect(stockAfter!.quantity).toBe(stockBefore!.quantity + 3);
  });

  it('of an order assigned to a dispatcher, only that dispatcher takes it back', async () => {
    const failed = await failedDelivery('dispatcher');
    expect((await move(failed.orderId, otherDispatcher.accessToken, { status: 'returned' })).statusCode).toBe(
      404,
    );
    expect((await move(failed.orderId, partner.accessToken, { status: 'returned' })).statusCode).toBe(404);
    expect((await orderRow(failed.orderId)).status).toBe('delivery_failed');
    expect((await move(failed.orderId, dispatcher.accessToken, { status: 'returned' })).statusCode).toBe(200);
    expect((await refundsOf(failed.orderId)).length).toBeGreaterThan(0);
  });
});

describe('a shipping photo is evidence of one move of one order', () => {
  it("refuses another order's photo, even the same carrier's", async () => {
    const first = await failedDelivery('partner');
    const photoOfFirst = json(
      await call(
        'GET',
        urlOf(partnerOrderEndpoints.one, { params: { id: first.orderId } }),
        partner.accessToken,
      ),
    ).data.orderActivities.find((entry: { status: string }) => entry.status === 'picked_up')
      .evidence as string;
    expect(photoOfFirst).toMatch(/^\/media\/private\//);

    const second = await paidOrder(test, setup, store);
    for (const status of ['accepted', 'ready_for_pickup'])
      expect((await move(second.orderId, store.accessToken, { status })).statusCode).toBe(200);
    await call(
      'POST',
      urlOf(adminOrderEndpoints.assign, { params: { id: second.orderId } }),
      setup.admin.accessToken,
      {
        carrier: 'partner',
        partnerId: partner.id,
      },
    );
    const borrowed = await call(
      'PATCH',
      urlOf(fulfilmentEndpoints.updateOrder, { params: { id: second.orderId } }),
      partner.accessToken,
      {
        status: 'picked_up',
        shippingEvidence: photoOfFirst,
      },
    );
    expect(borrowed.statusCode).toBe(422);
    expect(json(borrowed).details?.[0]?.path).toBe('shippingEvidence');
    // Another width of the same photo is the same photo.
    const resized = await call(
      'PATCH',
      urlOf(fulfilmentEndpoints.updateOrder, { params: { id: second.orderId } }),
      partner.accessToken,
      {
        status: 'picked_up',
        shippingEvidence: photoOfFirst.replace('-800.webp', '-400.webp'),
      },
    );
    expect(resized.statusCode).toBe(422);
    expect((await orderRow(second.orderId)).status).toBe('assigned');
    // The customer and a stranger get nothing either way.
    const stranger = await shopper(test);
    expect(
      (
        await call(
          'PATCH',
          urlOf(fulfilmentEndpoints.updateOrder, { params: { id: second.orderId } }),
          stranger.token,
          {
            status: 'picked_up',
            shippingEvidence: photoOfFirst,
          },
        )
      ).statusCode,
    ).toBe(403);
  });

  it('refuses the photo of another move of the same order, from its own carrier', async () => {
    const paid = await paidOrder(test, setup, store);
    for (const status of ['accepted', 'ready_for_pickup'])
      expect((await move(paid.orderId, store.accessToken, { status })).statusCode).toBe(200);
    await call(
      'POST',
      urlOf(adminOrderEndpoints.assign, { params: { id: paid.orderId } }),
      setup.admin.accessToken,
      {
        carrier: 'partner',
        partnerId: partner.id,
      },
    );
    for (const status of ['picked_up', 'out_for_delivery'])
      expect((await move(paid.orderId, partner.accessToken, { status })).statusCode).toBe(200);
    const pickupPhoto = json(
      await call(
        'GET',
        urlOf(partnerOrderEndpoints.one, { params: { id: paid.orderId } }),
        partner.accessToken,
      ),
    ).data.orderActivities.find((entry: { status: string }) => entry.status === 'picked_up')
      .evidence as string;
    const before = await orderRow(paid.orderId);
    const reused = await call(
      'PATCH',
      urlOf(fulfilmentEndpoints.updateOrder, { params: { id: paid.orderId } }),
      partner.accessToken,
      { status: 'delivery_failed', note: 'Nobody at the gate', shippingEvidence: pickupPhoto },
    );
    expect(reused.statusCode).toBe(422);
    expect(json(reused).details?.[0]?.path).toBe('shippingEvidence');
    expect(await orderRow(paid.orderId)).toMatchObject({
      status: 'out_for_delivery',
      updatedAt: before.updatedAt,
    });
  });
});
