import {
  adminReturnEndpoints,
  customerOrderEndpoints,
  customerReturnEndpoints,
  fulfilmentEndpoints,
  giftCardCustomerEndpoints,
  merchantOrderEndpoints,
  merchantReturnEndpoints,
} from '@market/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/modules/catalog/catalog.schema.js';
import { ledgerOrders } from '../../src/modules/ledger/ledger.schema.js';
import { orderItems, orderRefunds, orders, orderTrackers } from '../../src/modules/orders/orders.schema.js';
import { PAYSTACK_WEBHOOK_PATH } from '../../src/modules/payments/payments.routes.js';
import { sandboxCharges } from '../../src/platform/payments/sandbox.schema.js';
import { type CommerceSetup, type SellingStore, shopper } from '../support/commerce-factory.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { bearer, createAdmin, createPartner, json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';
import { caller, type Dispatcher, deliveredDaysAgo, deliveredOrder, paidOrder } from './returns-support.js';

// Issue 8: deliver → return → refund through the sandbox provider, across customer, store, admin and the other
// account types; the refund never passes what was paid, and a return is decided once however many ask at once.

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let otherStore: SellingStore;
let dispatcher: Dispatcher;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  const market = await world({ stores: 2, customers: 0, dispatchers: 1 });
  ({ test, setup } = market);
  [store, otherStore] = market.stores;
  [dispatcher] = market.dispatchers;
  call = caller(test);
}, 240_000);
afterAll(() => test.close());

const createReturn = (token: string, body: Record<string, unknown>) =>
  call('POST', urlOf(customerReturnEndpoints.create), token, body);
const setStatus = (id: string, token: string, body: Record<string, unknown>) =>
  call('PATCH', urlOf(merchantReturnEndpoints.updateStatus, { params: { id } }), token, body);
const decide = (id: string, token: string, body: Record<string, unknown>) =>
  call('PATCH', urlOf(merchantReturnEndpoints.refundDecision, { params: { id } }), token, body);

async function trackerOf(orderId: string) {
  const [order] = await test.deps.db.select().from(orders).where(eq(orders.id, orderId));
  const [tracker] = await test.deps.db
    .select()
    .from(orderTrackers)
    .where(eq(orderTrackers.id, order!.trackerId));
  return { order: order!, tracker: tracker! };
}

async function sandboxRefunded(reference: string) {
  const [charge] = await test.deps.db
    .select()
    .from(sandboxCharges)
    .where(eq(sandboxCharges.reference, reference));
  return charge?.refundedKobo ?? 0;
}

describe('deliver, return, refund', () => {
  it('refunds what the customer paid for the returned units through the provider, and the customer sees it', async () => {
    const paid = await deliveredOrder(test, setup, store, dispatcher, { quantity: 3 });
    const { order, tracker } = await trackerOf(paid.orderId);

    const created = await createReturn(paid.customer.token, {
      orderId: paid.orderId,
      type: 'return',
      reason: 'Two of the power banks do not charge.',
      items: [{ productId: paid.productId, quantity: 2 }],
    });
    expect(created.statusCode).toBe(201);
    expect(json(created).message).toBe('Order return was successful');
    const ret = json(created).data;
    expect(ret).toMatchObject({
      status: { code_name: 'requested', known_name: 'Requested' },
      type: 'return',
      orderId: paid.orderId,
      merchantId: order.merchantId,
      refund: null,
      replace: null,
    });
    // The order names its return in progress and does not complete meanwhile.
    const detail = json(
      await call(
        'GET',
        urlOf(customerOrderEndpoints.one, { params: { id: paid.orderId } }),
        paid.customer.token,
      ),
    ).data;
    expect(detail.orderReturnId).toBe(ret.id);
    await deliveredDaysAgo(test, paid.orderId, 30);
    await test.jobs.completeAfterReturnWindow();
    expect((await trackerOf(paid.orderId)).order.status).toBe('delivered');
    await deliveredDaysAgo(test, paid.orderId, 1);

    // The store sees it, approves, receives the goods and refunds.
    const list = json(
      await call(
        'GET',
        urlOf(merchantReturnEndpoints.list, { query: { status: 'requested' } }),
        store.accessToken,
      ),
    ).data;
    expect(list.returns.map((row: { id: string }) => row.id)).toContain(ret.id);
    const approved = await setStatus(ret.id, store.accessToken, {
      status: 'approved',
      note: 'Send them back.',
    });
    expect(approved.statusCode).toBe(200);
    expect(json(approved).data.allowedNextStatuses).toEqual(['item_received']);
    expect(json(approved).data.canDecide).toBe(true);
    expect((await setStatus(ret.id, store.accessToken, { status: 'item_received' })).statusCode).toBe(200);
    const refunded = await decide(ret.id, store.accessToken, { decision: 'refund' });
    expect(refunded.statusCode).toBe(200);
    const unit = order.subtotalKobo / 3;
    const expected = (2 * unit) / 100;
    expect(json(refunded).data).toMatchObject({
      status: { code_name: 'refunded' },
      refund: { amount: expected, shippingIncluded: false },
    });
    const history = json(refunded).data.refund.history;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      destination: 'provider',
      amount: expected,
      status: 'processed',
      providerReference: expect.stringMatching(/^RF_SBX_/),
    });
    expect(await sandboxRefunded(tracker.reference)).toBe(2 * unit);
    expect((await trackerOf(paid.orderId)).tracker).toMatchObject({
      refundStatus: 'partial',
      refundedKobo: 2 * unit,
    });

    // The customer sees it refunded; the order is no longer held by the return.
    const seen = json(
      await call('GET', urlOf(customerReturnEndpoints.one, { params: { id: ret.id } }), paid.customer.token),
    ).data;
    expect(seen.status.code_name).toBe('refunded');
    expect(seen.refund.history[0].status).toBe('processed');
    const after = json(
      await call(
        'GET',
        urlOf(customerOrderEndpoints.one, { params: { id: paid.orderId } }),
        paid.customer.token,
      ),
    ).data;
    expect(after.orderReturnId).toBeNull();

    // The third unit can still go back; a fourth cannot.
    const tooMany = await createReturn(paid.customer.token, {
      orderId: paid.orderId,
      type: 'return',
      reason: 'And this one too please.',
      items: [{ productId: paid.productId, quantity: 2 }],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(json(tooMany).details?.[0]).toMatchObject({
      path: 'items.0.quantity',
      message: expect.stringMatching(/at most 1/),
    });
  });

  it('refunds shipping only when the whole order comes back, and the order becomes Returned', async () => {
    const paid = await deliveredOrder(test, setup, store, dispatcher, { quantity: 1, more: 2 });
    const { order, tracker } = await trackerOf(paid.orderId);
    const created = json(
      await createReturn(paid.customer.token, {
        orderId: paid.orderId,
        type: 'return',
        reason: 'Wrong colours on everything.',
        items: [
          { productId: paid.productId, quantity: 1 },
          { productId: paid.secondProductId, quantity: 2 },
        ],
      }),
    ).data;
    await setStatus(created.id, store.accessToken, { status: 'approved' });
    const received = json(await setStatus(created.id, store.accessToken, { status: 'item_received' })).data;
    expect(received.status.code_name).toBe('item_received');
    // Goods back but no money step yet: the order stays Delivered (ADR 040).
    expect((await trackerOf(paid.orderId)).order.status).toBe('delivered');
    const refunded = json(await decide(created.id, store.accessToken, { decision: 'refund' })).data;
    expect(refunded.refund).toMatchObject({ amount: order.totalKobo / 100, shippingIncluded: true });
    expect((await trackerOf(paid.orderId)).order.status).toBe('returned');
    expect(await sandboxRefunded(tracker.reference)).toBe(order.totalKobo);
    expect((await trackerOf(paid.orderId)).tracker.refundStatus).toBe('refunded');
  });

  it('keeps the store’s note on the return it refunds or replaces', async () => {
    for (const [type, decision] of [
      ['return', 'refund'],
      ['replace', 'replace'],
    ] as const) {
      const paid = await deliveredOrder(test, setup, store, dispatcher, { quantity: 1 });
      const created = await createReturn(paid.customer.token, {
        orderId: paid.orderId,
        type,
        reason: 'It stopped working on the second day.',
        items: [{ productId: paid.productId, quantity: 1 }],
      });
      const id = json(created).data.id;
      await setStatus(id, store.accessToken, { status: 'approved' });
      if (decision === 'refund') await setStatus(id, store.accessToken, { status: 'item_received' });
      const storeSays = `We ${decision === 'refund' ? 'refunded' : 'replaced'} it after testing the unit.`;
      const decided = await decide(id, store.accessToken, { decision, note: storeSays });
      expect(decided.statusCode).toBe(200);
      expect(json(decided).data.merchantNote).toBe(storeSays);
    }
  });

  it('sends a zero-value replacement through the fulfilment chain and takes its stock', async () => {
    const paid = await deliveredOrder(test, setup, store, dispatcher, { quantity: 2 });
    const created = await createReturn(paid.customer.token, {
      orderId: paid.orderId,
      type: 'replace',
      reason: 'The screen arrived cracked.',
      items: [{ productId: paid.productId, quantity: 1 }],
    });
    expect(json(created).message).toBe('Order replacement was successful');
    const id = json(created).data.id;
    await setStatus(id, store.accessToken, { status: 'approved' });
    const [before] = await test.deps.db.select().from(products).where(eq(products.id, paid.productId));
    const replaced = await decide(id, store.accessToken, { decision: 'replace' });
    expect(replaced.statusCode).toBe(200);
    const data = json(replaced).data;
    expect(data.status.code_name).toBe('replacement_sent');
    const [replacement] = await test.deps.db.select().from(orders).where(eq(orders.id, data.replace.orderId));
    expect(replacement).toMatchObject({
      status: 'pending',
      totalKobo: 0,
      storeId: store.storeId,
      customerId: paid.customer.id,
      replacementOf: paid.orderId,
    });
    expect(replacement!.orderDeliveryToken).toMatch(/^\d{6}$/);
    // The books hear of it as a paid order of ₦0: the return-and-refund flow books its payment (ADR 081).
    const pages = await test.deps.db
      .select()
      .from(ledgerOrders)
      .where(eq(ledgerOrders.orderId, replacement!.id));
    expect(pages).toHaveLength(1);
    const [after] = await test.deps.db.select().from(products).where(eq(products.id, paid.productId));
    expect(after!.quantity).toBe(before!.quantity - 1);
    // The store sees it among its orders to accept; no money moved.
    const list = json(
      await call(
        'GET',
        urlOf(merchantOrderEndpoints.list, { query: { status: 'pending' } }),
        store.accessToken,
      ),
    ).data;
    expect(list.orders.map((row: { id: string }) => row.id)).toContain(replacement!.id);
    expect(
      await test.deps.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, paid.orderId)),
    ).toEqual([]);
  });
});

describe('photos', () => {
  it('the customer uploads photos and names them on the return; another account’s upload is refused', async () => {
    const { multipart, pngBytes } = await import('../support/store-factory.js');
    const paid = await deliveredOrder(test, setup, store, dispatcher);
    const upload = async (token: string) => {
      const form = multipart('image', 'crack.png', 'image/png', await pngBytes());
      return test.app.inject({
        ...requestOf(customerReturnEndpoints.uploadPhoto),
        headers: { ...form.headers, authorization: `Bearer ${token}` },
        payload: form.payload,
      });
    };
    const mine = await upload(paid.customer.token);
    expect(mine.statusCode).toBe(201);
    expect((await upload(store.accessToken)).statusCode).toBe(403);
    const stranger = await shopper(test);
    const theirs = json(await upload(stranger.token)).data.url;
    const body = (photos: string[]) => ({
      orderId: paid.orderId,
      type: 'return',
      reason: 'The case is cracked, see the photo.',
      photos,
      items: [{ productId: paid.productId, quantity: 1 }],
    });
    expect((await createReturn(paid.customer.token, body([theirs]))).statusCode).toBe(422);
    const created = await createReturn(paid.customer.token, body([json(mine).data.url]));
    expect(created.statusCode).toBe(201);
    expect(json(created).data.photos).toEqual([json(mine).data.url]);
    const seen = json(
      await call(
        'GET',
        urlOf(merchantReturnEndpoints.one, { params: { id: json(created).data.id } }),
        store.accessToken,
      ),
    ).data;
    expect(seen.photos).toEqual([json(mine).data.url]);

    // Issue 24: the photo is private, served to the return's customer, its store and admins who decide disputes.
    const url = json(mine).data.url as string;
    expect(url).toMatch(/^\/media\/private\/[0-9a-f-]{36}-800\.webp$/);
    const photo = (token?: string) =>
      test.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect((await photo()).statusCode).toBe(401);
    const partner = await createPartner(test);
    for (const [who, token] of [
      ['another customer', stranger.token],
      ['another store', otherStore.accessToken],
      ['a partner', partner.accessToken],
      ['a dispatcher', dispatcher.accessToken],
    ] as const) {
      const refused = await photo(token);
      expect(refused.statusCode, who).toBe(404);
      expect(json(refused).error, who).toBe('NOT_FOUND');
    }
    for (const [who, token] of [
      ['the customer', paid.customer.token],
      ['the store', store.accessToken],
      ['an admin', setup.admin.accessToken],
    ] as const) {
      const served = await photo(token);
      expect(served.statusCode, who).toBe(200);
      expect(served.headers['content-type'], who).toBe('image/webp');
      expect(served.headers['cache-control'], who).toBe('private, max-age=600');
    }
    // An upload not yet sent with a return is its uploader's alone.
    const loose = json(await upload(paid.customer.token)).data.url as string;
    expect(
      (await test.app.inject({ method: 'GET', url: loose, headers: bearer(paid.customer.token) })).statusCode,
    ).toBe(200);
    expect(
      (await test.app.inject({ method: 'GET', url: loose, headers: bearer(store.accessToken) })).statusCode,
    ).toBe(404);
  });
});

describe('when a return may be asked', () => {
  it('only for a delivered order of the customer, within the window, with its own items', async () => {
    const pending = await paidOrder(test, setup, store);
    const body = (orderId: string, productId: string) => ({
      orderId,
      type: 'return',
      reason: 'Not what I ordered.',
      items: [{ productId, quantity: 1 }],
    });
    const early = await createReturn(pending.customer.token, body(pending.orderId, pending.productId));
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toBe('Only a delivered order can be returned or replaced');

    const paid = await deliveredOrder(test, setup, store, dispatcher);
    const stranger = await shopper(test);
    expect((await createReturn(stranger.token, body(paid.orderId, paid.productId))).statusCode).toBe(404);
    const wrongItem = await createReturn(paid.customer.token, body(paid.orderId, pending.productId));
    expect(wrongItem.statusCode).toBe(422);
    const empty = await createReturn(paid.customer.token, {
      ...body(paid.orderId, paid.productId),
      items: [],
    });
    expect(empty.statusCode).toBe(422);

    await deliveredDaysAgo(test, paid.orderId, test.deps.config.returnWindowDays + 1);
    const late = await createReturn(paid.customer.token, body(paid.orderId, paid.productId));
    expect(late.statusCode).toBe(409);
    expect(json(late).message).toMatch(/return window/);
  });

  it('one return in progress per order, however many are asked at once', async () => {
    const paid = await deliveredOrder(test, setup, store, dispatcher, { quantity: 5 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        createReturn(paid.customer.token, {
          orderId: paid.orderId,
          type: 'return',
          reason: 'Asked from many tabs at once.',
          items: [{ productId: paid.productId, quantity: 1 }],
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(7);
  });
});

describe('two refunds at once cannot both pass', () => {
  it('of many concurrent refund decisions on one return, one refunds and the total never passes what was paid', async () => {
    const paid = await deliveredOrder(test, setup, store, dispatcher, { quantity: 2 });
    const { order, tracker } = await trackerOf(paid.orderId);
    const id = json(
      await createReturn(paid.customer.token, {
        orderId: paid.orderId,
        type: 'return',
        reason: 'Both units are faulty.',
        items: [{ productId: paid.productId, quantity: 2 }],
      }),
    ).data.id;
    await setStatus(id, store.accessToken, { status: 'approved' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => decide(id, store.accessToken, { decision: 'refund' })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(9);
    const rows = await test.deps.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, paid.orderId));
    const total = rows.reduce((acc, row) => acc + row.amountKobo, 0);
    expect(total).toBe(order.totalKobo);
    expect(total).toBeLessThanOrEqual(tracker.amountDueKobo);
    expect(await sandboxRefunded(tracker.reference)).toBe(total);
    // A replacement asked at the same time as a refund: also only one.
    const again = await decide(id, store.accessToken, { decision: 'replace' });
    expect(again.statusCode).toBe(409);
  });

  it('booking refunds of the same units directly at once: one passes, the rest are refused', async () => {
    const paid = await deliveredOrder(test, setup, store, dispatcher, { quantity: 1 });
    const { tracker } = await trackerOf(paid.orderId);
    const [item] = await test.deps.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, paid.orderId));
    const ordersModule = (await import('../../src/modules/orders/index.js')).createOrdersModule(test.deps);
    // Its money facts are booked by the real books, as the app joins them (ADR 081: none goes unbooked).
    const { createLedgerModule } = await import('../../src/modules/ledger/index.js');
    const { transfersFor } = await import('../../src/flows/payout.js');
    const { orderMoneyFlow } = await import('../../src/flows/order-money.js');
    const ledger = createLedgerModule(test.deps, {
      transfers: transfersFor(test.deps, test.deps.payments),
    }).service;
    const books = orderMoneyFlow(ledger);
    // Booked as the return-and-refund flow books (its money step 1), with the real payments and gift cards.
    const { bookRefund } = await import('../../src/flows/return-and-refund.js');
    const money = {
      db: test.deps.db,
      logger: test.deps.logger,
      books,
      refunds: ordersModule.refunds,
      payments: test.deps.payments,
    };
    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        test.deps.db.transaction((tx) =>
          bookRefund(money, tx, {
            orderId: paid.orderId,
            returnId: null,
            kind: 'return',
            lines: [{ orderItemId: item!.id, quantity: 1 }],
            reason: 'Concurrent booking',
            actor: { role: 'admin', id: null },
          }),
        ),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
    const [after] = await test.deps.db.select().from(orderTrackers).where(eq(orderTrackers.id, tracker.id));
    expect(after!.refundedKobo).toBeLessThanOrEqual(tracker.amountDueKobo);
  });
});

describe('who sees and decides returns', () => {
  it('keeps returns to their customer, their store and admins', async () => {
    const paid = await deliveredOrder(test, setup, store, dispatcher);
    const id = json(
      await createReturn(paid.customer.token, {
        orderId: paid.orderId,
        type: 'return',
        reason: 'Changed my mind about it.',
        items: [{ productId: paid.productId, quantity: 1 }],
      }),
    ).data.id;
    const stranger = await shopper(test);
    const partner = await createPartner(test);
    const scheduler = await createAdmin(test, 'scheduler');

    // Another store: not in its list, 404 on the detail and on every decision.
    const otherList = json(
      await call(
        'GET',
        urlOf(merchantReturnEndpoints.list, { query: { limit: 100 } }),
        otherStore.accessToken,
      ),
    ).data;
    expect(otherList.returns.map((row: { id: string }) => row.id)).not.toContain(id);
    expect(
      (await call('GET', urlOf(merchantReturnEndpoints.one, { params: { id } }), otherStore.accessToken))
        .statusCode,
    ).toBe(404);
    expect((await setStatus(id, otherStore.accessToken, { status: 'approved' })).statusCode).toBe(404);
    expect((await decide(id, otherStore.accessToken, { decision: 'refund' })).statusCode).toBe(404);
    // Another customer.
    expect(
      (await call('GET', urlOf(customerReturnEndpoints.one, { params: { id } }), stranger.token)).statusCode,
    ).toBe(404);
    const strangerList = json(await call('GET', urlOf(customerReturnEndpoints.list), stranger.token)).data;
    expect(strangerList.returns).toEqual([]);
    // Wrong account types and anonymous.
    expect(
      (await call('GET', urlOf(merchantReturnEndpoints.one, { params: { id } }), paid.customer.token))
        .statusCode,
    ).toBe(403);
    expect((await decide(id, paid.customer.token, { decision: 'refund' })).statusCode).toBe(403);
    expect((await setStatus(id, partner.accessToken, { status: 'approved' })).statusCode).toBe(403);
    expect((await call('GET', urlOf(adminReturnEndpoints.list), store.accessToken)).statusCode).toBe(403);
    expect((await call('GET', urlOf(adminReturnEndpoints.list), scheduler.accessToken)).statusCode).toBe(403);
    expect((await call('GET', urlOf(adminReturnEndpoints.refunds), dispatcher.accessToken)).statusCode).toBe(
      403,
    );
    expect((await call('GET', urlOf(customerReturnEndpoints.one, { params: { id } }))).statusCode).toBe(401);
    const anonymous = await createReturn('', {
      orderId: paid.orderId,
      type: 'return',
      reason: 'Not signed in at all.',
      items: [{ productId: paid.productId, quantity: 1 }],
    });
    expect(anonymous.statusCode).toBe(401);
    // A customer cannot decide their own return; an admin cannot take the store's decision.
    expect((await setStatus(id, paid.customer.token, { status: 'approved' })).statusCode).toBe(403);
    expect((await setStatus(id, setup.admin.accessToken, { status: 'approved' })).statusCode).toBe(409);
    expect(
      (
        await call(
          'POST',
          urlOf(adminReturnEndpoints.returnOrder, { params: { id } }),
          setup.admin.accessToken,
          {},
        )
      ).statusCode,
    ).toBe(409);
    // Admins see it.
    expect(
      (await call('GET', urlOf(adminReturnEndpoints.one, { params: { id } }), setup.admin.accessToken))
        .statusCode,
    ).toBe(200);
  });
});

describe('disputes and chargebacks', () => {
  it('a rejected return disputed by the customer is upheld by an admin with a refund borne by the platform', async () => {
    const paid = await deliveredOrder(test, setup, store, dispatcher);
    const id = json(
      await createReturn(paid.customer.token, {
        orderId: paid.orderId,
        type: 'return',
        reason: 'It stopped working after a day.',
        items: [{ productId: paid.productId, quantity: 1 }],
      }),
    ).data.id;
    const rejected = await setStatus(id, store.accessToken, { status: 'rejected', note: 'Used product.' });
    expect(json(rejected).data.status.code_name).toBe('rejected');
    // Store cannot refund a rejected return; the customer disputes (once).
    expect((await decide(id, store.accessToken, { decision: 'refund' })).statusCode).toBe(409);
    const dispute = await call(
      'POST',
      urlOf(customerReturnEndpoints.dispute, { params: { id } }),
      paid.customer.token,
      {
        reason: 'It was faulty when it came.',
      },
    );
    expect(dispute.statusCode).toBe(200);
    expect(json(dispute).data.dispute).toMatchObject({ status: 'open' });
    expect(
      (
        await call('POST', urlOf(customerReturnEndpoints.dispute, { params: { id } }), paid.customer.token, {
          reason: 'Again please.',
        })
      ).statusCode,
    ).toBe(409);
    // While the platform decides, the store cannot close it.
    expect((await setStatus(id, store.accessToken, { status: 'closed' })).statusCode).toBe(409);
    const disputed = json(
      await call(
        'GET',
        urlOf(adminReturnEndpoints.list, { query: { disputed: 'true', limit: 100 } }),
        setup.admin.accessToken,
      ),
    ).data;
    expect(disputed.returns.map((row: { id: string }) => row.id)).toContain(id);

    const charged = await call(
      'PATCH',
      urlOf(adminReturnEndpoints.chargebackDecision, { params: { id } }),
      setup.admin.accessToken,
      {
        decision: 'platform',
        note: 'Store could not show the item was used.',
      },
    );
    expect(json(charged).data.chargeback).toEqual({
      decision: 'platform',
      note: 'Store could not show the item was used.',
    });
    const upheld = await call(
      'POST',
      urlOf(adminReturnEndpoints.returnOrder, { params: { id } }),
      setup.admin.accessToken,
      {
        note: 'Faulty.',
      },
    );
    expect(upheld.statusCode).toBe(200);
    expect(json(upheld).message).toBe('Order return was successful');
    expect(json(upheld).data).toMatchObject({
      status: { code_name: 'refunded' },
      dispute: { status: 'upheld' },
    });
    const [row] = await test.deps.db.select().from(orderRefunds).where(eq(orderRefunds.returnId, id));
    expect(row).toMatchObject({ chargedTo: 'platform', status: 'processed', requestedByRole: 'admin' });
  });
});

describe('refund webhooks', () => {
  it('refuses a forged refund webhook, finishes a refund on a signed one, and a replay changes nothing', async () => {
    const { signPaystackBody } = await import('../../src/platform/payments/signature.js');
    const { sandboxSecret } = await import('../../src/platform/payments/sandbox.js');
    const paid = await deliveredOrder(test, setup, store, dispatcher);
    const { tracker, order } = await trackerOf(paid.orderId);
    const id = json(
      await createReturn(paid.customer.token, {
        orderId: paid.orderId,
        type: 'return',
        reason: 'Does not fit the socket.',
        items: [{ productId: paid.productId, quantity: 1 }],
      }),
    ).data.id;
    await setStatus(id, store.accessToken, { status: 'approved' });
    await decide(id, store.accessToken, { decision: 'refund' });
    // As Paystack answers for a bank refund: accepted, not processed yet.
    await test.deps.db
      .update(orderRefunds)
      .set({ status: 'processing', providerReference: 'RF_LIVE_1', processedAt: null })
      .where(eq(orderRefunds.returnId, id));
    const body = Buffer.from(
      JSON.stringify({
        event: 'refund.processed',
        data: {
          status: 'processed',
          transaction_reference: tracker.reference,
          refund_reference: 'RF_LIVE_1',
          amount: String(order.subtotalKobo),
          currency: 'NGN',
        },
      }),
    );
    const post = (signature: string) =>
      test.app.inject({
        method: 'POST',
        url: PAYSTACK_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        payload: body,
      });
    const forged = await post(signPaystackBody('sk_test_not_ours', body));
    expect(forged.statusCode).toBe(401);
    const [still] = await test.deps.db.select().from(orderRefunds).where(eq(orderRefunds.returnId, id));
    expect(still!.status).toBe('processing');

    const signature = signPaystackBody(sandboxSecret(test.deps.config.dataDir), body);
    const first = await post(signature);
    expect(first.statusCode).toBe(200);
    expect(json(first).data).toEqual({ outcome: 'refund:processed' });
    const [done] = await test.deps.db.select().from(orderRefunds).where(eq(orderRefunds.returnId, id));
    expect(done).toMatchObject({ status: 'processed' });
    expect(done!.processedAt).not.toBeNull();
    const replay = await post(signature);
    expect(json(replay).data).toEqual({ outcome: 'duplicate' });
    // A failure reported after it was processed does not undo it.
    const failedBody = Buffer.from(
      JSON.stringify({
        event: 'refund.failed',
        data: { status: 'failed', transaction_reference: tracker.reference, refund_reference: 'RF_LIVE_1' },
      }),
    );
    const late = await test.app.inject({
      method: 'POST',
      url: PAYSTACK_WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': signPaystackBody(sandboxSecret(test.deps.config.dataDir), failedBody),
      },
      payload: failedBody,
    });
    expect(json(late).data).toEqual({ outcome: 'refund:processed' });
  });
});

describe('cancellation refunds (issue 7 leftovers)', () => {
  it('gives the gift-card part back to the card and the cash part to the provider', async () => {
    const { appliedGiftCard } = await import('../support/commerce-factory.js');
    const customer = await shopper(test);
    const card = await appliedGiftCard(test, customer, 5000);
    const paid = await paidOrder(test, setup, store, { customer, quantity: 1 });
    const { tracker, order } = await trackerOf(paid.orderId);
    expect(tracker.giftCardKobo).toBe(500_000);
    const cancelled = await call(
      'PATCH',
      urlOf(fulfilmentEndpoints.updateOrder, { params: { id: paid.orderId } }),
      store.accessToken,
      {
        status: 'cancelled',
        note: 'Out of stock.',
      },
    );
    expect(cancelled.statusCode).toBe(200);
    const rows = await test.deps.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, paid.orderId));
    const by = Object.fromEntries(rows.map((row) => [row.destination, row]));
    expect(by.provider).toMatchObject({
      amountKobo: order.totalKobo - 500_000,
      status: 'processed',
      kind: 'cancellation',
    });
    expect(by.gift_card).toMatchObject({ amountKobo: 500_000, status: 'processed' });
    const cards = json(
      await call(
        'GET',
        urlOf(giftCardCustomerEndpoints.myCards, {
          query: { sortBy: 'createdAt', order: 'DESC', page: 1, limit: 10 },
        }),
        customer.token,
      ),
    ).data;
    const mine = cards.cards.find((row: { id: string }) => row.id === card.id);
    expect(mine.balance).toBe(5000);
    const [after] = await test.deps.db.select().from(orderTrackers).where(eq(orderTrackers.id, tracker.id));
    expect(after).toMatchObject({
      refundStatus: 'refunded',
      refundedKobo: order.totalKobo - 500_000,
      giftCardRefundedKobo: 500_000,
    });
  });

  it('records a failed provider refund, shows it to admins, and an admin retries or rejects it', async () => {
    const paid = await paidOrder(test, setup, store);
    const { tracker, order } = await trackerOf(paid.orderId);
    // The provider refuses: as if the money had already gone back another way.
    await test.deps.db
      .update(sandboxCharges)
      .set({ refundedKobo: sql`${sandboxCharges.amountKobo}` })
      .where(eq(sandboxCharges.reference, tracker.reference));
    const cancelled = await call(
      'PATCH',
      urlOf(fulfilmentEndpoints.updateOrder, { params: { id: paid.orderId } }),
      store.accessToken,
      {
        status: 'cancelled',
      },
    );
    expect(cancelled.statusCode).toBe(200);
    const failed = json(
      await call(
        'GET',
        urlOf(adminReturnEndpoints.refunds, { query: { status: 'failed', limit: 100 } }),
        setup.admin.accessToken,
      ),
    ).data.refunds.find((row: { orderId: string }) => row.orderId === paid.orderId);
    expect(failed).toMatchObject({
      status: 'failed',
      kind: 'cancellation',
      amount: order.totalKobo / 100,
      failureReason: expect.stringMatching(/refused/),
      attempts: 1,
    });
    // Retrying while the provider still refuses keeps it failed; once it accepts, the retry refunds.
    const again = await call(
      'POST',
      urlOf(adminReturnEndpoints.retryRefund, { params: { id: failed.id } }),
      setup.admin.accessToken,
    );
    expect(json(again).data).toMatchObject({ status: 'failed', attempts: 2 });
    await test.deps.db
      .update(sandboxCharges)
      .set({ refundedKobo: 0 })
      .where(eq(sandboxCharges.reference, tracker.reference));
    const retried = await call(
      'POST',
      urlOf(adminReturnEndpoints.retryRefund, { params: { id: failed.id } }),
      setup.admin.accessToken,
    );
    expect(retried.statusCode).toBe(200);
    expect(json(retried).data).toMatchObject({ status: 'processed', attempts: 3 });
    expect(await sandboxRefunded(tracker.reference)).toBe(order.totalKobo);
    // Only a failed refund is retried; a processed one cannot be rejected.
    expect(
      (
        await call(
          'POST',
          urlOf(adminReturnEndpoints.retryRefund, { params: { id: failed.id } }),
          setup.admin.accessToken,
        )
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await call(
          'POST',
          urlOf(adminReturnEndpoints.rejectRefund, { params: { id: failed.id } }),
          setup.admin.accessToken,
          {
            note: 'Sent twice by mistake.',
          },
        )
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await call(
          'POST',
          urlOf(adminReturnEndpoints.retryRefund, { params: { id: failed.id } }),
          store.accessToken,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('an admin rejects a failed refund request: it is no longer owed', async () => {
    const paid = await paidOrder(test, setup, store);
    const { tracker } = await trackerOf(paid.orderId);
    await test.deps.db
      .update(sandboxCharges)
      .set({ refundedKobo: sql`${sandboxCharges.amountKobo}` })
      .where(eq(sandboxCharges.reference, tracker.reference));
    await call(
      'PATCH',
      urlOf(fulfilmentEndpoints.updateOrder, { params: { id: paid.orderId } }),
      store.accessToken,
      {
        status: 'cancelled',
      },
    );
    const [row] = await test.deps.db
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, paid.orderId), eq(orderRefunds.status, 'failed')));
    const rejected = await call(
      'POST',
      urlOf(adminReturnEndpoints.rejectRefund, { params: { id: row!.id } }),
      setup.admin.accessToken,
      {
        note: 'Refunded by bank transfer.',
      },
    );
    expect(rejected.statusCode).toBe(200);
    expect(json(rejected).data).toMatchObject({
      status: 'rejected',
      decision: { outcome: 'rejected', reason: 'Refunded by bank transfer.' },
    });
    const [after] = await test.deps.db.select().from(orderTrackers).where(eq(orderTrackers.id, tracker.id));
    expect(after!.refundedKobo).toBe(0);
  });
});
