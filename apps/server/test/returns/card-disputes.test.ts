import { adminReturnEndpoints, customerOrderEndpoints, customerReturnEndpoints } from '@market/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../src/modules/ledger/ledger.schema.js';
import { orderRefunds, orders, orderTrackers } from '../../src/modules/orders/orders.schema.js';
import { PAYSTACK_WEBHOOK_PATH } from '../../src/modules/payments/payments.routes.js';
import { paymentDisputes } from '../../src/modules/payments/payments.schema.js';
import { sandboxSecret } from '../../src/platform/payments/sandbox.js';
import { signPaystackBody } from '../../src/platform/payments/signature.js';
import { type CommerceSetup, type SellingStore, shopper } from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { documentedDispute } from '../support/payments.fake-paystack.js';
import { createAdmin, createPartner, json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';
import { caller, paidOrder } from './returns-support.js';

// ADR 049, issue 22 item 5 (disputes): Paystack's charge.dispute.create / .remind / .resolve, in their documented
// shape, feed the chargeback flow. Admins see each dispute with its orders and decide who bears it (an internal
// reason is required); an accepted resolution books the bank's reversal as refunds of the payment's orders, borne as
// decided; a declined one moves nothing; one that is not the whole card payment waits for an admin.

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let otherStore: SellingStore;
let call: ReturnType<typeof caller>;
let nextDisputeId = 7_100_000;

beforeAll(async () => {
  const market = await world({ stores: 2, customers: 0 });
  ({ test, setup } = market);
  [store, otherStore] = market.stores;
  call = caller(test);
}, 240_000);
afterAll(() => test.close());

async function deliver(payload: unknown) {
  const body = JSON.stringify(payload);
  const answer = await test.app.inject({
    method: 'POST',
    url: PAYSTACK_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': signPaystackBody(sandboxSecret(test.deps.config.dataDir), body),
    },
    payload: body,
  });
  expect(answer.statusCode).toBe(200);
  return json(answer).data.outcome as string;
}

async function paidByCard() {
  const paid = await paidOrder(test, setup, store);
  const [order] = await test.deps.db.select().from(orders).where(eq(orders.id, paid.orderId));
  const [tracker] = await test.deps.db
    .select()
    .from(orderTrackers)
    .where(eq(orderTrackers.id, order!.trackerId));
  return { ...paid, order: order!, tracker: tracker!, disputeId: nextDisputeId++ };
}

const listed = async (disputeId: number) =>
  (
    json(
      await call(
        'GET',
        urlOf(adminReturnEndpoints.cardDisputes, { query: { limit: 100 } }),
        setup.admin.accessToken,
      ),
    ).data.disputes as { providerDisputeId: string; [key: string]: unknown }[]
  ).find((dispute) => dispute.providerDisputeId === String(disputeId));

const refundsOf = (orderId: string) =>
  test.deps.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));

describe('card disputes from Paystack feed the chargeback flow', () => {
  it('create and remind open a dispute admins see with its orders; only admins see it or decide who bears it', async () => {
    const paid = await paidByCard();
    const reference = paid.tracker.reference;
    expect(await deliver(documentedDispute('create', reference, { disputeId: paid.disputeId }))).toBe(
      'dispute:create',
    );
    expect(await deliver(documentedDispute('remind', reference, { disputeId: paid.disputeId }))).toBe(
      'dispute:remind',
    );
    const seen = await listed(paid.disputeId);
    expect(seen).toMatchObject({
      paymentReference: reference,
      orders: [{ id: paid.orderId, orderName: paid.order.orderName, storeName: paid.order.storeName }],
      stage: 'remind',
      category: 'chargeback',
      bearer: null,
      outcome: null,
    });
    // Nothing moved before a resolution.
    expect(await refundsOf(paid.orderId)).toEqual([]);

    const stranger = await shopper(test);
    const partner = await createPartner(test);
    const dispatcher = await createAdmin(test, 'dispatcher');
    const outsiders: [string, string | undefined, number][] = [
      ['the store', store.accessToken, 403],
      ['another store', otherStore.accessToken, 403],
      ['the customer', paid.customer.token, 403],
      ['another customer', stranger.token, 403],
      ['a partner', partner.accessToken, 403],
      ['a dispatcher', dispatcher.accessToken, 403],
      ['nobody', undefined, 401],
    ];
    const id = seen!.id as string;
    for (const [who, token, status] of outsiders) {
      const list = await call('GET', urlOf(adminReturnEndpoints.cardDisputes), token);
      const decide = await call(
        'PATCH',
        urlOf(adminReturnEndpoints.cardDisputeBearer, { params: { id } }),
        token,
        {
          decision: 'platform',
          note: 'Not mine to decide.',
        },
      );
      expect({ who, list: list.statusCode, decide: decide.statusCode }).toEqual({
        who,
        list: status,
        decide: status,
      });
    }
    // A chargeback decision without its reason is refused and changes nothing.
    for (const body of [{ decision: 'platform' }, { decision: 'platform', note: '  ' }]) {
      const refused = await call(
        'PATCH',
        urlOf(adminReturnEndpoints.cardDisputeBearer, { params: { id } }),
        setup.admin.accessToken,
        body,
      );
      expect(refused.statusCode).toBe(422);
      expect(json(refused).details?.[0]?.path).toBe('note');
    }
    expect((await listed(paid.disputeId))!.bearer).toBeNull();
    const decided = await call(
      'PATCH',
      urlOf(adminReturnEndpoints.cardDisputeBearer, { params: { id } }),
      setup.admin.accessToken,
      {
        decision: 'platform',
        note: 'Our courier lost the parcel; the store is not at fault.',
      },
    );
    expect(decided.statusCode).toBe(200);
    expect(json(decided).data).toMatchObject({
      bearer: 'platform',
      bearerNote: 'Our courier lost the parcel; the store is not at fault.',
    });
    // The customer never reads it.
    const mine = await call(
      'GET',
      urlOf(customerOrderEndpoints.one, { params: { id: paid.orderId } }),
      paid.customer.token,
    );
    expect(mine.body).not.toContain('courier lost the parcel');
  });

  it('an accepted resolution books the reversal as processed refunds borne as decided, once', async () => {
    const paid = await paidByCard();
    const reference = paid.tracker.reference;
    await deliver(documentedDispute('create', reference, { disputeId: paid.disputeId }));
    const id = (await listed(paid.disputeId))!.id as string;
    await call(
      'PATCH',
      urlOf(adminReturnEndpoints.cardDisputeBearer, { params: { id } }),
      setup.admin.accessToken,
      {
        decision: 'platform',
        note: 'Card fraud; the store shipped as asked.',
      },
    );
    const resolve = documentedDispute('resolve', reference, {
      disputeId: paid.disputeId,
      resolution: 'merchant-accepted',
      refundAmountKobo: paid.tracker.amountDueKobo,
    });
    expect(await deliver(resolve)).toBe('dispute:refund-booked');
    expect(await deliver(resolve)).toBe('duplicate');

    const refunds = await refundsOf(paid.orderId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      kind: 'chargeback',
      destination: 'provider',
      status: 'processed',
      amountKobo: paid.tracker.amountDueKobo,
      chargedTo: 'platform',
      attempts: 0,
    });
    const [tracker] = await test.deps.db
      .select()
      .from(orderTrackers)
      .where(eq(orderTrackers.id, paid.tracker.id));
    expect(tracker).toMatchObject({ refundedKobo: paid.tracker.amountDueKobo, refundStatus: 'refunded' });
    expect(await listed(paid.disputeId)).toMatchObject({ stage: 'resolve', outcome: 'refund-booked' });
    // The books: a refund and the platform's chargeback, every movement summing to zero.
    const lines = await test.deps.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, paid.orderId));
    expect(lines.some((line) => line.kind === 'refund')).toBe(true);
    expect(lines.some((line) => line.kind === 'chargeback')).toBe(true);
    expect(lines.reduce((sum, line) => sum + line.amountKobo, 0)).toBe(0);
    // The customer sees the money back on the order; nothing is sent to Paystack (the bank already reversed it).
    const [seen] = json(
      await call(
        'GET',
        urlOf(customerReturnEndpoints.orderRefunds, { params: { orderId: paid.orderId } }),
        paid.customer.token,
      ),
    ).data.refunds;
    expect(seen).toMatchObject({ kind: 'chargeback', status: 'processed' });

    // Deciding afterwards that the store bears it moves the booked refund with it.
    const moved = await call(
      'PATCH',
      urlOf(adminReturnEndpoints.cardDisputeBearer, { params: { id } }),
      setup.admin.accessToken,
      {
        decision: 'merchant',
        note: 'The store could not show proof of delivery.',
      },
    );
    expect(moved.statusCode).toBe(200);
    const [after] = await refundsOf(paid.orderId);
    expect(after!.chargedTo).toBe('merchant');
  });

  it('a declined resolution moves nothing; a partial reversal waits for an admin', async () => {
    const won = await paidByCard();
    expect(
      await deliver(
        documentedDispute('resolve', won.tracker.reference, {
          disputeId: won.disputeId,
          resolution: 'declined',
          refundAmountKobo: won.tracker.amountDueKobo,
        }),
      ),
    ).toBe('dispute:nothing-moved');
    expect(await refundsOf(won.orderId)).toEqual([]);
    expect(await listed(won.disputeId)).toMatchObject({ outcome: 'nothing-moved' });

    const partial = await paidByCard();
    expect(
      await deliver(
        documentedDispute('resolve', partial.tracker.reference, {
          disputeId: partial.disputeId,
          resolution: 'merchant-accepted',
          refundAmountKobo: Math.floor(partial.tracker.amountDueKobo / 2),
        }),
      ),
    ).toBe('dispute:needs-review');
    expect(await refundsOf(partial.orderId)).toEqual([]);
    const [row] = await test.deps.db
      .select()
      .from(paymentDisputes)
      .where(
        and(
          eq(paymentDisputes.paymentReference, partial.tracker.reference),
          eq(paymentDisputes.providerDisputeId, String(partial.disputeId)),
        ),
      );
    expect(row!.outcome).toBe('needs-review');
  });
});
