import {
  adminPayoutEndpoints,
  adminReturnEndpoints,
  customerReturnEndpoints,
  fulfilmentEndpoints,
  merchantPayoutEndpoints,
  merchantReturnEndpoints,
} from '@market/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../src/modules/ledger/ledger.schema.js';
import { orderRefunds, orders, orderTrackers } from '../../src/modules/orders/orders.schema.js';
import { sandboxCharges } from '../../src/platform/payments/sandbox.schema.js';
import { caller, type Dispatcher, deliveredOrder, paidOrder } from '../returns/returns-support.js';
import { type CommerceSetup, type SellingStore, sellingStore } from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';
import { orderRow, saveBankAccount, unbalancedMovements } from './ledger-support.js';

// ADR 059: an order that ends cancelled or returned never completes, so whatever the books still hold for it must
// be settled when it ends. Three ways the money simulation (ADR 052) found to leave a store's share in escrow for
// ever, each through the API: a refund rejected on a cancelled order, the platform bearing the refund of a return
// that made its order Returned, and a store replacing a received return of every unit.

let test: TestApp;
let setup: CommerceSetup;
let dispatcher: Dispatcher;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  const market = await world({ stores: 0, customers: 0, dispatchers: 1 });
  ({ test, setup } = market);
  [dispatcher] = market.dispatchers;
  call = caller(test);
}, 240_000);
afterAll(() => test.close());

const kobo = (naira: number) => Math.round(naira * 100);

async function balances(store: SellingStore) {
  const answer = await call('GET', urlOf(merchantPayoutEndpoints.balances), store.accessToken);
  expect(answer.statusCode, answer.body).toBe(200);
  const data = json(answer).data;
  return { escrow: kobo(data.escrow), payable: kobo(data.payable) };
}

async function keptOf(orderId: string) {
  const lines = await test.deps.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.account, 'platform_kept')));
  return lines.reduce((acc, line) => acc - line.amountKobo, 0);
}

/** A paid order of a new store, cancelled by the store while the provider refuses the refund. */
async function failedCancellation() {
  const store = await sellingStore(test, setup);
  const paid = await paidOrder(test, setup, store, { quantity: 2 });
  const [order] = await test.deps.db.select().from(orders).where(eq(orders.id, paid.orderId));
  const [tracker] = await test.deps.db
    .select()
    .from(orderTrackers)
    .where(eq(orderTrackers.id, order!.trackerId));
  // The sandbox refuses a refund beyond what is left of the charge, as Paystack does.
  await test.deps.db
    .update(sandboxCharges)
    .set({ refundedKobo: tracker!.amountDueKobo })
    .where(eq(sandboxCharges.reference, tracker!.reference));
  const cancelled = await call(
    'PATCH',
    urlOf(fulfilmentEndpoints.updateOrder, { params: { id: paid.orderId } }),
    store.accessToken,
    {
      status: 'cancelled',
    },
  );
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  const [refund] = await test.deps.db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, paid.orderId), eq(orderRefunds.destination, 'provider')));
  expect(refund!.status).toBe('failed');
  return { store, paid, refund: refund!, order: order! };
}

describe('a refund decided on a cancelled order', () => {
  it('rejected: nothing is due to the store, the money is kept by the platform, owed to nobody', async () => {
    const { store, paid, refund, order } = await failedCancellation();
    const decided = await call(
      'POST',
      urlOf(adminReturnEndpoints.rejectRefund, { params: { id: refund.id } }),
      setup.admin.accessToken,
      {
        outcome: 'rejected',
        note: 'The customer asked us to keep it as credit.',
      },
    );
    expect(decided.statusCode, decided.body).toBe(200);

    const row = await orderRow(test, paid.orderId);
    expect(row.status).toBe('cancelled');
    // Before ADR 059 the store's share went back to escrow here, where a cancelled order holds it for ever.
    expect(row.figures).toMatchObject({ due: 0, escrowDue: 0, payableDue: 0, commission: 0, refunded: 0 });
    expect(row.figures.goodsKept).toBe(0);
    expect(await keptOf(paid.orderId)).toBe(order.totalKobo);
    expect(await balances(store)).toEqual({ escrow: 0, payable: 0 });
    expect(await unbalancedMovements(test)).toBe(0);
  });

  it('paid another way: it counts as refunded, nothing is due and nothing kept', async () => {
    const { store, paid, refund, order } = await failedCancellation();
    const decided = await call(
      'POST',
      urlOf(adminReturnEndpoints.rejectRefund, { params: { id: refund.id } }),
      setup.admin.accessToken,
      {
        outcome: 'paid_another_way',
        note: 'Sent by bank transfer from the operations account.',
      },
    );
    expect(decided.statusCode, decided.body).toBe(200);

    const row = await orderRow(test, paid.orderId);
    expect(row.figures).toMatchObject({ due: 0, escrowDue: 0, commission: 0, refunded: order.totalKobo });
    expect(await keptOf(paid.orderId)).toBe(0);
    expect(await balances(store)).toEqual({ escrow: 0, payable: 0 });
  });

  it('rejected on an order still going: the store keeps its share in escrow until the order completes', async () => {
    const store = await sellingStore(test, setup);
    const paid = await deliveredOrder(test, setup, store, dispatcher, { quantity: 2 });
    const before = await orderRow(test, paid.orderId);
    const created = await call('POST', urlOf(customerReturnEndpoints.create), paid.customer.token, {
      orderId: paid.orderId,
      type: 'return',
      reason: 'One of them does not charge.',
      items: [{ productId: paid.productId, quantity: 1 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const ret = json(created).data;
    for (const status of ['approved', 'item_received']) {
      const moved = await call(
        'PATCH',
        urlOf(merchantReturnEndpoints.updateStatus, { params: { id: ret.id } }),
        store.accessToken,
        {
          status,
        },
      );
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const [tracker] = await test.deps.db
      .select()
      .from(orderTrackers)
      .where(eq(orderTrackers.id, before.trackerId));
    await test.deps.db
      .update(sandboxCharges)
      .set({ refundedKobo: tracker!.amountDueKobo })
      .where(eq(sandboxCharges.reference, tracker!.reference));
    const refunded = await call(
      'PATCH',
      urlOf(merchantReturnEndpoints.refundDecision, { params: { id: ret.id } }),
      store.accessToken,
      {
        decision: 'refund',
        note: 'Refunding the one that does not charge.',
      },
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    const [refund] = await test.deps.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, paid.orderId));
    expect(refund!.status).toBe('failed');
    const decided = await call(
      'POST',
      urlOf(adminReturnEndpoints.rejectRefund, { params: { id: refund!.id } }),
      setup.admin.accessToken,
      {
        outcome: 'rejected',
        note: 'The unit came back working; no refund is owed.',
      },
    );
    expect(decided.statusCode, decided.body).toBe(200);
    const row = await orderRow(test, paid.orderId);
    expect(row.status).toBe('delivered');
    expect(row.figures).toMatchObject({
      due: before.figures.due,
      escrowDue: before.figures.due,
      refunded: 0,
    });
    expect(await keptOf(paid.orderId)).toBe(0);
  });
});

/** A delivered order of a new store, returned whole: approved, received; the caller decides. */
async function receivedWholeReturn(type: 'return' | 'replace') {
  const store = await sellingStore(test, setup);
  await saveBankAccount(test, store.storeId, store.merchantId);
  const paid = await deliveredOrder(test, setup, store, dispatcher, { quantity: 2 });
  const before = await orderRow(test, paid.orderId);
  expect(before.figures.escrowDue).toBeGreaterThan(0);
  const created = await call('POST', urlOf(customerReturnEndpoints.create), paid.customer.token, {
    orderId: paid.orderId,
    type,
    reason: 'Both arrived in the wrong colour.',
    items: [{ productId: paid.productId, quantity: 2 }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const ret = json(created).data;
  for (const status of ['approved', 'item_received']) {
    const moved = await call(
      'PATCH',
      urlOf(merchantReturnEndpoints.updateStatus, { params: { id: ret.id } }),
      store.accessToken,
      {
        status,
      },
    );
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return { store, paid, before, returnId: ret.id as string };
}

describe('an order returned whole', () => {
  it('the platform bears its refund: the store keeps its due, payable at once, and is paid it', async () => {
    const { store, paid, before, returnId } = await receivedWholeReturn('return');
    const refunded = await call(
      'PATCH',
      urlOf(merchantReturnEndpoints.refundDecision, { params: { id: returnId } }),
      store.accessToken,
      {
        decision: 'refund',
        note: 'Refunding both.',
      },
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    let row = await orderRow(test, paid.orderId);
    expect(row.status).toBe('returned');
    expect(row.figures).toMatchObject({ due: 0, escrowDue: 0, commission: 0 });

    const charged = await call(
      'PATCH',
      urlOf(adminReturnEndpoints.chargebackDecision, { params: { id: returnId } }),
      setup.admin.accessToken,
      {
        decision: 'platform',
        note: 'Our courier swapped the parcels: the platform bears it.',
      },
    );
    expect(charged.statusCode, charged.body).toBe(200);
    row = await orderRow(test, paid.orderId);
    // Before ADR 059 the store's share went back to escrow, where a returned order holds it for ever.
    expect(row.figures).toMatchObject({
      due: before.figures.due,
      escrowDue: 0,
      payableDue: before.figures.due,
      commission: before.figures.commission,
    });
    expect(row.payableAt).not.toBeNull();
    expect(await balances(store)).toEqual({ escrow: 0, payable: before.figures.due });

    const payout = await call(
      'POST',
      urlOf(adminPayoutEndpoints.approvePayout, { params: { storeId: store.storeId } }),
      setup.admin.accessToken,
    );
    expect(payout.statusCode, payout.body).toBe(200);
    expect(kobo(json(payout).data.amount)).toBe(before.figures.due);
    expect(await unbalancedMovements(test)).toBe(0);
  });

  it('replaced: the store is owed its original due, payable when the order becomes Returned', async () => {
    const { store, paid, before, returnId } = await receivedWholeReturn('replace');
    const replaced = await call(
      'PATCH',
      urlOf(merchantReturnEndpoints.refundDecision, { params: { id: returnId } }),
      store.accessToken,
      {
        decision: 'replace',
        note: 'Sending the right colour.',
      },
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    const row = await orderRow(test, paid.orderId);
    expect(row.status).toBe('returned');
    // Before ADR 059 the due stayed in escrow: the store fulfilled the order twice and was never paid.
    expect(row.figures).toMatchObject({
      due: before.figures.due,
      escrowDue: 0,
      payableDue: before.figures.due,
      refunded: 0,
    });
    expect(await balances(store)).toEqual({ escrow: 0, payable: before.figures.due });
    const payout = await call(
      'POST',
      urlOf(adminPayoutEndpoints.approvePayout, { params: { storeId: store.storeId } }),
      setup.admin.accessToken,
    );
    expect(payout.statusCode, payout.body).toBe(200);
    expect(kobo(json(payout).data.amount)).toBe(before.figures.due);
  });
});
