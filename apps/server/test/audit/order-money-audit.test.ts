import {
  adminPayoutEndpoints,
  auditEndpoints,
  customerReturnEndpoints,
  fulfilmentEndpoints,
  merchantReturnEndpoints,
} from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../../src/modules/ledger/ledger.schema.js';
import { orders } from '../../src/modules/orders/orders.schema.js';
import { auditLog } from '../../src/platform/audit/audit.schema.js';
import { orderRow, saveBankAccount } from '../ledger/ledger-support.js';
import {
  caller,
  type Dispatcher,
  deliveredDaysAgo,
  deliveredOrder,
  paidOrder,
} from '../returns/returns-support.js';
import type { CommerceSetup, SellingStore } from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { createAdmin, json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// Issue 33: an order's audit trail shows its money, not only its moves. A refund booked of an order (here a return
// of one unit of two, refunded by the store) and a payout that carries the order's money each write a line whose
// subject is the order, in the same transaction, so `subjectType=order&subjectId=…` reads the order's whole life.

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let otherStore: SellingStore;
let dispatcher: Dispatcher;
let superadmin: { id: string; accessToken: string };
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  const market = await world({ stores: 2, customers: 0, dispatchers: 1 });
  ({ test, setup } = market);
  [store, otherStore] = market.stores;
  [dispatcher] = market.dispatchers;
  await saveBankAccount(test, store.storeId, store.id);
  superadmin = await createAdmin(test, 'superadmin');
  call = caller(test);
}, 240_000);
afterAll(() => test.close());

interface Line {
  action: string;
  actor: { id: string; kind: string | null } | null;
  subjectType: string;
  subjectId: string;
  storeId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
}

/** The order's trail as an admin reads it, oldest first. */
async function orderTrail(orderId: string): Promise<Line[]> {
  const answer = await call(
    'GET',
    urlOf(auditEndpoints.list, { query: { subjectType: 'order', subjectId: orderId } }),
    superadmin.accessToken,
  );
  expect(answer.statusCode).toBe(200);
  return (json(answer).data.entries as Line[]).reverse();
}

describe("an order's money in its audit trail", () => {
  it('records a refund in part, with its amount and reason, and the payout of what is left, with the order as subject', async () => {
    const paid = await deliveredOrder(test, setup, store, dispatcher, { quantity: 2 });
    const [order] = await test.deps.db.select().from(orders).where(eq(orders.id, paid.orderId));
    const unitKobo = order!.subtotalKobo / 2;

    // The customer returns one unit of two; the store approves, receives it and refunds it.
    const created = await call('POST', urlOf(customerReturnEndpoints.create), paid.customer.token, {
      orderId: paid.orderId,
      type: 'return',
      reason: 'One of the two power banks does not charge.',
      items: [{ productId: paid.productId, quantity: 1 }],
    });
    expect(created.statusCode).toBe(201);
    const returnId = json(created).data.id as string;
    for (const status of ['approved', 'item_received'])
      expect(
        (
          await call(
            'PATCH',
            urlOf(merchantReturnEndpoints.updateStatus, { params: { id: returnId } }),
            store.accessToken,
            { status },
          )
        ).statusCode,
      ).toBe(200);
    const refunded = await call(
      'PATCH',
      urlOf(merchantReturnEndpoints.refundDecision, { params: { id: returnId } }),
      store.accessToken,
      {
        decision: 'refund',
      },
    );
    expect(refunded.statusCode).toBe(200);

    const refundLine = (await orderTrail(paid.orderId)).filter((line) => line.action === 'order.refund');
    expect(refundLine).toHaveLength(1);
    expect(refundLine[0]).toMatchObject({
      actor: { id: store.id, kind: 'merchant' },
      subjectType: 'order',
      subjectId: paid.orderId,
      storeId: store.storeId,
      before: { refund: 'nothing', refundedKobo: 0 },
      after: { refund: 'in part', refundedKobo: unitKobo, amountKobo: unitKobo, kind: 'return' },
      reason: expect.stringContaining('One of the two power banks does not charge.'),
    });

    // Deciding the same return again is refused and leaves no second line.
    const again = await call(
      'PATCH',
      urlOf(merchantReturnEndpoints.refundDecision, { params: { id: returnId } }),
      store.accessToken,
      {
        decision: 'refund',
      },
    );
    expect(again.statusCode).toBe(409);
    expect((await orderTrail(paid.orderId)).filter((line) => line.action === 'order.refund')).toHaveLength(1);

    // The return window closes, the order completes; an admin approves the store's payout.
    await deliveredDaysAgo(test, paid.orderId, 30);
    await test.jobs.completeAfterReturnWindow();
    const due = (await orderRow(test, paid.orderId)).dueToMerchantKobo!;
    const approved = await call(
      'POST',
      urlOf(adminPayoutEndpoints.approvePayout, { params: { storeId: store.storeId } }),
      setup.admin.accessToken,
    );
    expect(approved.statusCode).toBe(200);
    const [payout] = await test.deps.db.select().from(payouts).where(eq(payouts.storeId, store.storeId));

    const trail = await orderTrail(paid.orderId);
    // Paid and each move to the door, then the refund, the completion and the payout, in that order.
    const actions = trail.map((line) => line.action);
    expect(actions.slice(-3)).toEqual(['order.refund', 'order.status', 'order.payout']);
    expect(actions.slice(0, -3).every((action) => action === 'order.status')).toBe(true);
    expect(actions.length).toBeGreaterThanOrEqual(9);
    expect(trail.at(-4)).toMatchObject({ after: { status: 'delivered' } });
    expect(trail.at(-2)).toMatchObject({ before: { status: 'delivered' }, after: { status: 'completed' } });
    expect(trail.at(-1)).toMatchObject({
      actor: { id: setup.admin.id, kind: 'admin' },
      storeId: store.storeId,
      before: { storeMoney: 'payable' },
      after: {
        storeMoney: 'approved for payout',
        amountKobo: due,
        payoutReference: payout!.reference,
        payoutAmountKobo: payout!.amountKobo,
      },
    });
    // The payout's own line is still there, once.
    const payoutLines = await test.deps.db.select().from(auditLog).where(eq(auditLog.subjectId, payout!.id));
    expect(payoutLines.map((line) => line.action)).toEqual(['payout.approve']);

    // The store reads its order's money lines; another store reads none of them.
    const own = await call(
      'GET',
      urlOf(auditEndpoints.store, { query: { subjectType: 'order', subjectId: paid.orderId } }),
      store.accessToken,
    );
    expect(json(own).data.entries.map((line: Line) => line.action)).toEqual(
      expect.arrayContaining(['order.refund', 'order.payout']),
    );
    const other = await call(
      'GET',
      urlOf(auditEndpoints.store, { query: { subjectType: 'order', subjectId: paid.orderId } }),
      otherStore.accessToken,
    );
    expect(other.statusCode).toBe(200);
    expect(json(other).data.entries).toEqual([]);
    expect(
      (
        await call(
          'GET',
          urlOf(auditEndpoints.list, { query: { subjectId: paid.orderId } }),
          paid.customer.token,
        )
      ).statusCode,
    ).toBe(403);
  }, 120_000);

  it('a whole refund (a paid order its store cancels) reads as refunded in whole, by the store', async () => {
    const paid = await paidOrder(test, setup, otherStore, { quantity: 3 });
    const [order] = await test.deps.db.select().from(orders).where(eq(orders.id, paid.orderId));
    const cancelled = await call(
      'PATCH',
      urlOf(fulfilmentEndpoints.updateOrder, { params: { id: paid.orderId } }),
      otherStore.accessToken,
      { status: 'cancelled' },
    );
    expect(cancelled.statusCode).toBe(200);
    const refund = (await orderTrail(paid.orderId)).filter((line) => line.action === 'order.refund');
    expect(refund).toHaveLength(1);
    expect(refund[0]).toMatchObject({
      actor: { id: otherStore.id, kind: 'merchant' },
      storeId: otherStore.storeId,
      before: { refund: 'nothing', refundedKobo: 0 },
      after: { refund: 'in whole', refundedKobo: order!.totalKobo, kind: 'cancellation' },
    });
  });
});
