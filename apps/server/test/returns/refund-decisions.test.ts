import {
  adminReturnEndpoints,
  customerOrderEndpoints,
  customerReturnEndpoints,
  fulfilmentEndpoints,
  merchantReturnEndpoints,
} from '@market/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  orderActivities,
  orderRefunds,
  orders,
  orderTrackers,
} from '../../src/modules/orders/orders.schema.js';
import { orderReturns } from '../../src/modules/returns/returns.schema.js';
import { outboxMails } from '../../src/platform/mail/mail.schema.js';
import { sandboxCharges } from '../../src/platform/payments/sandbox.schema.js';
import { type CommerceSetup, type SellingStore, shopper } from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { createPartner, json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';
import { caller, type Dispatcher, deliveredOrder, paidOrder } from './returns-support.js';

// ADR 049, issue 22 item 4: a refund never disappears. A failed refund is sent again on its own after growing
// delays, then waits for an admin who decides it (rejected, or paid another way) with a reason the customer reads on
// the order page and by mail. Rejections and chargebacks need a reason on the server, and the customer's answers
// never carry the admin's internal chargeback note.

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let otherStore: SellingStore;
let dispatcher: Dispatcher;
let call: ReturnType<typeof caller>;
/** Minutes the app's clock is ahead of the wall clock: the retries' delays pass without waiting. */
let minutesAhead = 0;

beforeAll(async () => {
  const market = await world({
    stores: 2,
    customers: 0,
    dispatchers: 1,
    app: { now: () => new Date(Date.now() + minutesAhead * 60_000) },
  });
  ({ test, setup } = market);
  [store, otherStore] = market.stores;
  [dispatcher] = market.dispatchers;
  call = caller(test);
}, 240_000);
afterAll(() => test.close());

async function refundRow(id: string) {
  const [row] = await test.deps.db.select().from(orderRefunds).where(eq(orderRefunds.id, id));
  return row!;
}

/** A paid order cancelled by its store while the provider refuses the refund: one failed provider refund. */
async function failedCancellation() {
  const paid = await paidOrder(test, setup, store);
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
  expect(cancelled.statusCode).toBe(200);
  const [refund] = await test.deps.db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, paid.orderId), eq(orderRefunds.destination, 'provider')));
  expect(refund!.status).toBe('failed');
  return { ...paid, refund: refund!, reference: tracker!.reference, order: order! };
}

const customerRefunds = (orderId: string, token: string) =>
  call('GET', urlOf(customerReturnEndpoints.orderRefunds, { params: { orderId } }), token);

describe('a failed refund is retried on its own', () => {
  it('waits a growing delay, is sent again by the job, and stops after five sends for an admin to decide', async () => {
    minutesAhead = 0;
    const failed = await failedCancellation();
    expect(failed.refund.attempts).toBe(1);
    const firstDue = failed.refund.nextAttemptAt!;
    expect(firstDue.getTime() - failed.refund.updatedAt.getTime()).toBeGreaterThanOrEqual(5 * 60_000 - 1_000);

    // Not due yet: the job sends nothing.
    expect(await test.jobs.retryFailedRefunds()).toEqual({ sent: 0, failed: 0 });
    expect((await refundRow(failed.refund.id)).attempts).toBe(1);

    // Each retry that fails waits longer: 5, 30, 120, 720 minutes; after the fifth send none is due.
    const waits = [5, 30, 120, 720];
    for (const [index, minutes] of waits.entries()) {
      minutesAhead += minutes + 1;
      const retried = await test.jobs.retryFailedRefunds();
      expect(retried.failed).toBeGreaterThanOrEqual(1);
      const row = await refundRow(failed.refund.id);
      expect(row).toMatchObject({ status: 'failed', attempts: index + 2 });
      if (index < waits.length - 1) expect(row.nextAttemptAt).not.toBeNull();
      else expect(row.nextAttemptAt).toBeNull();
    }
    minutesAhead += 24 * 60;
    await test.jobs.retryFailedRefunds();
    expect((await refundRow(failed.refund.id)).attempts).toBe(5);

    // The admin's list says the retries are over; the customer reads that the team is deciding. (Back to the wall
    // clock first: the sessions' tokens would have expired 36 hours ahead.)
    minutesAhead = 0;
    const listed = json(
      await call(
        'GET',
        urlOf(adminReturnEndpoints.refunds, { query: { status: 'failed', limit: 100 } }),
        setup.admin.accessToken,
      ),
    ).data.refunds.find((refund: { id: string }) => refund.id === failed.refund.id);
    expect(listed).toMatchObject({ status: 'failed', attempts: 5, nextAttemptAt: null, decision: null });
    const seen = json(await customerRefunds(failed.orderId, failed.customer.token)).data.refunds;
    expect(seen).toHaveLength(1);
    expect(seen[0].statusText).toContain('Our team is deciding how to pay it');
  });

  it('a retry that goes through is processed, and the customer reads it', async () => {
    minutesAhead = 0;
    const failed = await failedCancellation();
    await test.deps.db
      .update(sandboxCharges)
      .set({ refundedKobo: 0 })
      .where(eq(sandboxCharges.reference, failed.reference));
    minutesAhead = 6;
    expect((await test.jobs.retryFailedRefunds()).sent).toBeGreaterThanOrEqual(1);
    expect(await refundRow(failed.refund.id)).toMatchObject({ status: 'processed', attempts: 2 });
    const [seen] = json(await customerRefunds(failed.orderId, failed.customer.token)).data.refunds;
    expect(seen.statusText).toBe('Refunded to your card or bank account');
  });
});

describe('an admin decides a failed refund with a reason the customer reads', () => {
  it('paid another way: processed as booked, on the order page, on the timeline and by mail', async () => {
    minutesAhead = 0;
    const failed = await failedCancellation();
    const reason = 'Sent to your GTBank account by transfer on 2 December.';
    const decided = await call(
      'POST',
      urlOf(adminReturnEndpoints.rejectRefund, { params: { id: failed.refund.id } }),
      setup.admin.accessToken,
      { outcome: 'paid_another_way', note: reason },
    );
    expect(decided.statusCode).toBe(200);
    expect(json(decided).message).toBe('Refund marked paid another way; the customer was told');
    expect(json(decided).data).toMatchObject({
      status: 'processed',
      nextAttemptAt: null,
      decision: { outcome: 'paid_another_way', reason },
    });
    // Still owed as booked: the checkout keeps the refund on its books.
    const [tracker] = await test.deps.db
      .select()
      .from(orderTrackers)
      .where(eq(orderTrackers.id, failed.order.trackerId));
    expect(tracker!.refundedKobo).toBe(failed.refund.amountKobo);

    const [seen] = json(await customerRefunds(failed.orderId, failed.customer.token)).data.refunds;
    expect(seen).toMatchObject({
      status: 'processed',
      statusText: `Refunded to you another way: ${reason}`,
      decision: { outcome: 'paid_another_way', reason },
    });
    expect(seen).not.toHaveProperty('chargedTo');
    expect(seen).not.toHaveProperty('failureReason');
    const timeline = await test.deps.db
      .select()
      .from(orderActivities)
      .where(eq(orderActivities.orderId, failed.orderId));
    expect(timeline.some((entry) => entry.activity.includes(reason))).toBe(true);
    const mails = await test.deps.db
      .select()
      .from(outboxMails)
      .where(
        and(
          eq(outboxMails.to, failed.customer.email),
          like(outboxMails.subject, 'Your refund was paid another way%'),
        ),
      );
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(mails[0])).toContain(reason);
    // Decided once: neither a second decision nor a retry changes it.
    const again = await call(
      'POST',
      urlOf(adminReturnEndpoints.rejectRefund, { params: { id: failed.refund.id } }),
      setup.admin.accessToken,
      { note: 'Changed my mind about it.' },
    );
    expect(again.statusCode).toBe(409);
  });

  it('rejected: no longer owed, the customer reads why; a pending refund cannot be paid another way', async () => {
    minutesAhead = 0;
    const failed = await failedCancellation();
    const reason = 'The customer already received a replacement in the shop.';
    const rejected = await call(
      'POST',
      urlOf(adminReturnEndpoints.rejectRefund, { params: { id: failed.refund.id } }),
      setup.admin.accessToken,
      // The specification's call carries only the note: without an outcome, the refund is rejected.
      { note: reason },
    );
    expect(rejected.statusCode).toBe(200);
    const [seen] = json(await customerRefunds(failed.orderId, failed.customer.token)).data.refunds;
    expect(seen).toMatchObject({ status: 'rejected', statusText: `Not refunded: ${reason}` });
    const mails = await test.deps.db
      .select()
      .from(outboxMails)
      .where(and(eq(outboxMails.to, failed.customer.email), like(outboxMails.subject, 'About your refund%')));
    expect(mails).toHaveLength(1);
    // The job never sends a decided refund again.
    minutesAhead = 60 * 24;
    await test.jobs.retryFailedRefunds();
    expect((await refundRow(failed.refund.id)).status).toBe('rejected');
  });

  it('needs a reason (422 on note) and changes nothing; other accounts get 401, 403 or 404', async () => {
    minutesAhead = 0;
    const failed = await failedCancellation();
    const before = await refundRow(failed.refund.id);
    for (const body of [{}, { note: '' }, { note: '   ' }, { note: 'no' }, { outcome: 'paid_another_way' }]) {
      const refused = await call(
        'POST',
        urlOf(adminReturnEndpoints.rejectRefund, { params: { id: failed.refund.id } }),
        setup.admin.accessToken,
        body,
      );
      expect(refused.statusCode).toBe(422);
      expect(json(refused).error).toBe('VALIDATION_ERROR');
      expect(json(refused).details?.[0]?.path).toBe('note');
    }
    const stranger = await shopper(test);
    const partner = await createPartner(test);
    const outsiders: [string, string | undefined, number][] = [
      ['the store', store.accessToken, 403],
      ['another store', otherStore.accessToken, 403],
      ['the customer', failed.customer.token, 403],
      ['another customer', stranger.token, 403],
      ['a partner', partner.accessToken, 403],
      ['a dispatcher', dispatcher.accessToken, 403],
      ['nobody', undefined, 401],
    ];
    for (const [who, token, status] of outsiders) {
      for (const action of ['reject', 'retry']) {
        const answer = await call('POST', `/api/returns/admin/refunds/${failed.refund.id}/${action}`, token, {
          outcome: 'rejected',
          note: 'Not yours to decide.',
        });
        expect({ who, action, status: answer.statusCode }).toEqual({ who, action, status });
      }
    }
    expect(await refundRow(failed.refund.id)).toEqual(before);

    // The order's refunds are its customer's only.
    expect((await customerRefunds(failed.orderId, stranger.token)).statusCode).toBe(404);
    expect((await customerRefunds(failed.orderId, store.accessToken)).statusCode).toBe(403);
    expect((await customerRefunds(failed.orderId, setup.admin.accessToken)).statusCode).toBe(403);
    expect((await customerRefunds(failed.orderId, undefined as unknown as string)).statusCode).toBe(401);
  });
});

describe('rejections and chargebacks need a reason; internal notes stay internal', () => {
  async function receivedReturn() {
    const paid = await deliveredOrder(test, setup, store, dispatcher, { quantity: 1 });
    const created = await call('POST', urlOf(customerReturnEndpoints.create), paid.customer.token, {
      orderId: paid.orderId,
      type: 'return',
      reason: 'The zip broke on the first day.',
      items: [{ productId: paid.productId, quantity: 1 }],
    });
    expect(created.statusCode).toBe(201);
    return { ...paid, returnId: json(created).data.id as string };
  }
  const returnRow = async (id: string) =>
    (await test.deps.db.select().from(orderReturns).where(eq(orderReturns.id, id)))[0]!;

  it('the store cannot reject a return without a reason', async () => {
    minutesAhead = 0;
    const asked = await receivedReturn();
    const before = await returnRow(asked.returnId);
    for (const body of [{ status: 'rejected' }, { status: 'rejected', note: ' ' }]) {
      const refused = await call(
        'PATCH',
        urlOf(merchantReturnEndpoints.updateStatus, { params: { id: asked.returnId } }),
        store.accessToken,
        body,
      );
      expect(refused.statusCode).toBe(422);
      expect(json(refused).details?.[0]?.path).toBe('note');
    }
    expect(await returnRow(asked.returnId)).toEqual(before);
  });

  it('a dismissed dispute tells the customer why (page and mail); the chargeback note never reaches them', async () => {
    minutesAhead = 0;
    const asked = await receivedReturn();
    const storeSays = 'The zip was forced; the tag is torn.';
    expect(
      (
        await call(
          'PATCH',
          urlOf(merchantReturnEndpoints.updateStatus, { params: { id: asked.returnId } }),
          store.accessToken,
          {
            status: 'rejected',
            note: storeSays,
          },
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(
          'POST',
          urlOf(customerReturnEndpoints.dispute, { params: { id: asked.returnId } }),
          asked.customer.token,
          {
            reason: 'It broke by itself, I have a video.',
          },
        )
      ).statusCode,
    ).toBe(200);

    // A chargeback needs its (internal) reason.
    for (const note of [undefined, '', '    ']) {
      const refused = await call(
        'PATCH',
        urlOf(adminReturnEndpoints.chargebackDecision, { params: { id: asked.returnId } }),
        setup.admin.accessToken,
        { decision: 'platform', ...(note === undefined ? {} : { note }) },
      );
      expect(refused.statusCode).toBe(422);
      expect(json(refused).details?.[0]?.path).toBe('note');
    }
    expect((await returnRow(asked.returnId)).chargeback).toBeNull();
    const internal = 'INTERNAL-7Q: store has three open disputes, watch it';
    const charged = await call(
      'PATCH',
      urlOf(adminReturnEndpoints.chargebackDecision, { params: { id: asked.returnId } }),
      setup.admin.accessToken,
      { decision: 'platform', note: internal },
    );
    expect(charged.statusCode).toBe(200);
    expect(json(charged).data.chargeback).toEqual({ decision: 'platform', note: internal });
    // Other stores and the customer cannot decide it.
    for (const token of [store.accessToken, otherStore.accessToken, asked.customer.token]) {
      expect(
        (
          await call(
            'PATCH',
            urlOf(adminReturnEndpoints.chargebackDecision, { params: { id: asked.returnId } }),
            token,
            {
              decision: 'merchant',
              note: 'Trying my luck here.',
            },
          )
        ).statusCode,
      ).toBe(403);
    }

    // Dismissing the dispute needs a reason, which the customer then reads.
    const silent = await call(
      'PATCH',
      urlOf(merchantReturnEndpoints.updateStatus, { params: { id: asked.returnId } }),
      setup.admin.accessToken,
      { status: 'closed' },
    );
    expect(silent.statusCode).toBe(422);
    expect((await returnRow(asked.returnId)).disputeStatus).toBe('open');
    const why = 'The photos show the zip was pulled apart with force.';
    expect(
      (
        await call(
          'PATCH',
          urlOf(merchantReturnEndpoints.updateStatus, { params: { id: asked.returnId } }),
          setup.admin.accessToken,
          {
            status: 'closed',
            note: why,
          },
        )
      ).statusCode,
    ).toBe(200);

    const answers = [
      await call(
        'GET',
        urlOf(customerReturnEndpoints.one, { params: { id: asked.returnId } }),
        asked.customer.token,
      ),
      await call(
        'GET',
        urlOf(customerReturnEndpoints.list, { query: { orderId: asked.orderId } }),
        asked.customer.token,
      ),
      await call('GET', urlOf(customerReturnEndpoints.list), asked.customer.token),
      await customerRefunds(asked.orderId, asked.customer.token),
      await call(
        'GET',
        urlOf(customerOrderEndpoints.one, { params: { id: asked.orderId } }),
        asked.customer.token,
      ),
      await call('GET', urlOf(customerOrderEndpoints.list), asked.customer.token),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain('INTERNAL-7Q');
      expect(answer.body).not.toContain('chargeback');
    }
    const mine = json(answers[0]!).data;
    expect(mine.dispute).toEqual({
      status: 'dismissed',
      reason: 'It broke by itself, I have a video.',
      decisionNote: why,
    });
    const mails = await test.deps.db
      .select()
      .from(outboxMails)
      .where(
        and(
          eq(outboxMails.to, asked.customer.email),
          like(outboxMails.subject, 'The platform reviewed your dispute%'),
        ),
      );
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(mails[0])).toContain(why);
    expect(JSON.stringify(mails[0])).not.toContain('INTERNAL-7Q');
  });
});
