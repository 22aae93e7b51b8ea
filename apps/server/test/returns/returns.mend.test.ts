import {
  adminOrderEndpoints,
  adminReturnEndpoints,
  customerReturnEndpoints,
  koboToNaira,
  merchantOrderEndpoints,
  merchantReturnEndpoints,
} from '@market/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/modules/catalog/catalog.schema.js';
import { orderRefunds, orders, orderTrackers } from '../../src/modules/orders/orders.schema.js';
import { PAYSTACK_WEBHOOK_PATH } from '../../src/modules/payments/payments.routes.js';
import { paymentTransactions } from '../../src/modules/payments/payments.schema.js';
import { outboxMails } from '../../src/platform/mail/mail.schema.js';
import { sandboxSecret } from '../../src/platform/payments/sandbox.js';
import { sandboxCharges } from '../../src/platform/payments/sandbox.schema.js';
import { signPaystackBody } from '../../src/platform/payments/signature.js';
import type { CommerceSetup, SellingStore } from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { pglite } from '../support/postgres-proofs.js';
import { json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';
import { caller, type Dispatcher, deliveredOrder } from './returns-support.js';

// Issue 8, the mend (ADR 031): received goods go back into stock exactly once, the customer hears of every decision
// by mail, and a refund the provider reports failed frees what it reserved so an admin can send it again.

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let dispatcher: Dispatcher;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  const market = await world({ customers: 0, dispatchers: 1 });
  ({ test, setup } = market);
  [store] = market.stores;
  [dispatcher] = market.dispatchers;
  call = caller(test);
}, 240_000);
afterAll(() => test.close());

const setStatus = (id: string, token: string, body: Record<string, unknown>) =>
  call('PATCH', urlOf(merchantReturnEndpoints.updateStatus, { params: { id } }), token, body);
const decide = (id: string, token: string, body: Record<string, unknown>) =>
  call('PATCH', urlOf(merchantReturnEndpoints.refundDecision, { params: { id } }), token, body);

async function returnOf(paid: Awaited<ReturnType<typeof deliveredOrder>>, quantity: number, type = 'return') {
  const created = await call('POST', urlOf(customerReturnEndpoints.create), paid.customer.token, {
    orderId: paid.orderId,
    type,
    reason: 'The stitching came apart on the first wash.',
    items: [{ productId: paid.productId, quantity }],
  });
  expect(created.statusCode).toBe(201);
  return json(created).data.id as string;
}

async function stockOf(productId: string) {
  const [row] = await test.deps.db.select().from(products).where(eq(products.id, productId));
  return row!.quantity;
}

async function mailsTo(email: string, subject: string) {
  return test.deps.db
    .select()
    .from(outboxMails)
    .where(and(eq(outboxMails.to, email), like(outboxMails.subject, `${subject}%`)));
}

describe('received goods go back into stock once', () => {
  it('marking the items received restocks their units once, however many calls come at once or after', async () => {
    const paid = await deliveredOrder(test, setup, store, dispatcher, { quantity: 3 });
    const id = await returnOf(paid, 2);
    expect((await setStatus(id, store.accessToken, { status: 'approved' })).statusCode).toBe(200);
    const before = await stockOf(paid.productId);

    const answers = await Promise.all(
      Array.from({ length: 8 }, () => setStatus(id, store.accessToken, { status: 'item_received' })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(7);
    expect(await stockOf(paid.productId)).toBe(before + 2);

    // Said again later: refused, nothing more comes back.
    const repeated = await setStatus(id, store.accessToken, { status: 'item_received' });
    expect(repeated.statusCode).toBe(409);
    expect(await stockOf(paid.productId)).toBe(before + 2);
    // The refund that follows does not touch stock either.
    expect((await decide(id, store.accessToken, { decision: 'refund' })).statusCode).toBe(200);
    expect(await stockOf(paid.productId)).toBe(before + 2);
  });

  pglite.it('a return refunded without the goods coming back leaves stock alone', async () => {
    const paid = await deliveredOrder(test, setup, store, dispatcher, { quantity: 1 });
    const id = await returnOf(paid, 1);
    await setStatus(id, store.accessToken, { status: 'approved' });
    const before = await stockOf(paid.productId);
    expect((await decide(id, store.accessToken, { decision: 'refund' })).statusCode).toBe(200);
    expect(await stockOf(paid.productId)).toBe(before);
  });
});

pglite.describe('the customer hears of each decision', () => {
  it('mails the customer when the store approves, rejects, refunds or sends a replacement', async () => {
    const refunded = await deliveredOrder(test, setup, store, dispatcher, { quantity: 1 });
    const first = await returnOf(refunded, 1);
    await setStatus(first, store.accessToken, { status: 'approved', note: 'Use the courier we send.' });
    const approved = await mailsTo(refunded.customer.email, 'Your return is approved');
    expect(approved).toHaveLength(1);
    expect(approved[0]!.text).toContain('Use the courier we send.');
    await decide(first, store.accessToken, { decision: 'refund' });
    const money = await mailsTo(refunded.customer.email, 'Your return is refunded');
    expect(money).toHaveLength(1);
    expect(money[0]!.subject).toContain(
      json(
        await call('GET', urlOf(merchantReturnEndpoints.one, { params: { id: first } }), store.accessToken),
      ).data.orderName,
    );

    const rejected = await deliveredOrder(test, setup, store, dispatcher, { quantity: 1 });
    const second = await returnOf(rejected, 1);
    await setStatus(second, store.accessToken, { status: 'rejected', note: 'The seal is broken.' });
    const refusal = await mailsTo(rejected.customer.email, 'Your return was not accepted');
    expect(refusal).toHaveLength(1);
    expect(refusal[0]!.text).toContain('The seal is broken.');

    const replaced = await deliveredOrder(test, setup, store, dispatcher, { quantity: 1 });
    const third = await returnOf(replaced, 1, 'replace');
    await setStatus(third, store.accessToken, { status: 'approved' });
    await decide(third, store.accessToken, { decision: 'replace' });
    expect(await mailsTo(replaced.customer.email, 'Your replacement is on its way')).toHaveLength(1);

    // A decision that is refused sends nothing.
    expect((await setStatus(second, store.accessToken, { status: 'approved' })).statusCode).toBe(409);
    expect(await mailsTo(rejected.customer.email, 'Your return is approved')).toHaveLength(0);
  });
});

pglite.describe('a refund the provider reports failed', () => {
  it('frees what it reserved on the payment, is listed for admins, and is sent again by a retry', async () => {
    const paid = await deliveredOrder(test, setup, store, dispatcher, { quantity: 1 });
    const id = await returnOf(paid, 1);
    await setStatus(id, store.accessToken, { status: 'approved' });
    expect((await decide(id, store.accessToken, { decision: 'refund' })).statusCode).toBe(200);
    const [order] = await test.deps.db.select().from(orders).where(eq(orders.id, paid.orderId));
    const [tracker] = await test.deps.db
      .select()
      .from(orderTrackers)
      .where(eq(orderTrackers.id, order!.trackerId));
    const [refund] = await test.deps.db.select().from(orderRefunds).where(eq(orderRefunds.returnId, id));
    // As Paystack does for a bank refund: accepted (the payment's amount is reserved), then failed at the bank, so
    // no money moved at the provider.
    await test.deps.db
      .update(orderRefunds)
      .set({ status: 'processing', providerReference: 'RF_FAIL_1', processedAt: null })
      .where(eq(orderRefunds.id, refund!.id));
    await test.deps.db
      .update(sandboxCharges)
      .set({ refundedKobo: 0 })
      .where(eq(sandboxCharges.reference, tracker!.reference));
    const reserved = async () =>
      (
        await test.deps.db
          .select()
          .from(paymentTransactions)
          .where(eq(paymentTransactions.reference, tracker!.reference))
      )[0]!.refundedKobo;
    expect(await reserved()).toBe(refund!.amountKobo);

    const body = Buffer.from(
      JSON.stringify({
        event: 'refund.failed',
        data: {
          status: 'failed',
          transaction_reference: tracker!.reference,
          refund_reference: 'RF_FAIL_1',
          amount: String(refund!.amountKobo),
          currency: 'NGN',
        },
      }),
    );
    const delivered = await test.app.inject({
      method: 'POST',
      url: PAYSTACK_WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': signPaystackBody(sandboxSecret(test.deps.config.dataDir), body),
      },
      payload: body,
    });
    expect(json(delivered).data).toEqual({ outcome: 'refund:failed' });
    expect(await reserved()).toBe(0);
    // The store's and the admin's order money call it owed, not refunded (issue 34 item 14).
    const owed = async () =>
      json(
        await call(
          'GET',
          urlOf(merchantOrderEndpoints.one, { params: { id: paid.orderId } }),
          store.accessToken,
        ),
      ).data as {
        refunded: number;
        refundOwed: number;
      };
    expect(await owed()).toMatchObject({ refundOwed: koboToNaira(refund!.amountKobo) });
    expect(
      json(
        await call(
          'GET',
          urlOf(adminOrderEndpoints.one, { params: { id: paid.orderId } }),
          setup.admin.accessToken,
        ),
      ).data.refundOwed,
    ).toBe(koboToNaira(refund!.amountKobo));

    const listed = json(
      await call(
        'GET',
        urlOf(adminReturnEndpoints.refunds, { query: { status: 'failed', limit: 100 } }),
        setup.admin.accessToken,
      ),
    ).data.refunds.find((row: { id: string }) => row.id === refund!.id);
    expect(listed).toMatchObject({ status: 'failed', kind: 'return', orderName: order!.orderName });
    // Other account types do not see the list.
    for (const token of [store.accessToken, paid.customer.token]) {
      const refused = await call(
        'GET',
        urlOf(adminReturnEndpoints.refunds, { query: { status: 'failed' } }),
        token,
      );
      expect([403, 404]).toContain(refused.statusCode);
    }

    const retried = await call(
      'POST',
      urlOf(adminReturnEndpoints.retryRefund, { params: { id: refund!.id } }),
      setup.admin.accessToken,
    );
    expect(retried.statusCode).toBe(200);
    expect(json(retried).data).toMatchObject({ status: 'processed' });
    expect(await reserved()).toBe(refund!.amountKobo);
    const [charge] = await test.deps.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.reference, tracker!.reference));
    expect(charge!.refundedKobo).toBe(refund!.amountKobo);
    expect((await owed()).refundOwed).toBe(0);
  });

  it('an admin rejects a failed refund request with a reason: no longer owed, the return is closed', async () => {
    const paid = await deliveredOrder(test, setup, store, dispatcher, { quantity: 1 });
    const id = await returnOf(paid, 1);
    await setStatus(id, store.accessToken, { status: 'approved' });
    const [order] = await test.deps.db.select().from(orders).where(eq(orders.id, paid.orderId));
    const [tracker] = await test.deps.db
      .select()
      .from(orderTrackers)
      .where(eq(orderTrackers.id, order!.trackerId));
    // The provider refuses the call itself: the refund is failed at once and the payment keeps nothing reserved.
    await test.deps.db
      .update(sandboxCharges)
      .set({ refundedKobo: tracker!.amountDueKobo })
      .where(eq(sandboxCharges.reference, tracker!.reference));
    expect((await decide(id, store.accessToken, { decision: 'refund' })).statusCode).toBe(200);
    const [refund] = await test.deps.db.select().from(orderRefunds).where(eq(orderRefunds.returnId, id));
    expect(refund!.status).toBe('failed');
    const [payment] = await test.deps.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.reference, tracker!.reference));
    expect(payment!.refundedKobo).toBe(0);

    const rejected = await call(
      'POST',
      urlOf(adminReturnEndpoints.rejectRefund, { params: { id: refund!.id } }),
      setup.admin.accessToken,
      {
        note: 'Paid back in cash at the store.',
      },
    );
    expect(rejected.statusCode).toBe(200);
    expect(json(rejected).data).toMatchObject({ status: 'rejected' });
    expect(json(rejected).data.decision).toMatchObject({
      outcome: 'rejected',
      reason: 'Paid back in cash at the store.',
    });
    const [after] = await test.deps.db.select().from(orderTrackers).where(eq(orderTrackers.id, tracker!.id));
    expect(after!.refundedKobo).toBe(0);
    const view = json(
      await call('GET', urlOf(adminReturnEndpoints.one, { params: { id } }), setup.admin.accessToken),
    ).data;
    expect(view.status.code_name).toBe('closed');
  });
});
