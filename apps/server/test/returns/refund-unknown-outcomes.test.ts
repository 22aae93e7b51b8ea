import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminReturnEndpoints, fulfilmentEndpoints, paymentEndpoints } from '@market/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppJobs, buildApp } from '../../src/app.js';
import { ledgerEntries } from '../../src/modules/ledger/ledger.schema.js';
import { orderRefunds, orders, orderTrackers } from '../../src/modules/orders/orders.schema.js';
import { REFUND_UNSENT_AFTER_MS } from '../../src/modules/orders/refunds.service.js';
import { PAYSTACK_WEBHOOK_PATH } from '../../src/modules/payments/payments.routes.js';
import { paymentTransactions, webhookEvents } from '../../src/modules/payments/payments.schema.js';
import { loadConfig } from '../../src/platform/config.js';
import { type Database, openDatabase } from '../../src/platform/db/client.js';
import { createPaystackProvider } from '../../src/platform/payments/paystack.js';
import { signPaystackBody } from '../../src/platform/payments/signature.js';
import { caller } from '../returns/returns-support.js';
import {
  addToCart,
  type CommerceSetup,
  checkout,
  commerceSetup,
  listedProduct,
  type SellingStore,
  sellingStore,
  shopper,
} from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { type FakePaystack, startFakePaystack } from '../support/payments.fake-paystack.js';
import { pglite } from '../support/postgres-proofs.js';
import { bearer, json, openTestDatabase, type TestApp } from '../support/test-app.js';

// Issue 29, ADR 061: a refund whose answer is lost is paid once. The app talks to a local stand-in for Paystack
// (its documented POST /refund, GET /refund?transaction=, refund.* webhooks) that can do the work and answer after
// the client's timeout, never answer, or answer 5xx after the work. The late-refund sequence: a merchant cancels
// one store's order of a two-store payment, so the refund is partial; the provider makes it but answers late; its
// refund.processed webhook arrives; the retry job runs. One refund at the provider, one in the books. A process that
// dies between the call and its booking is finished by the next one on the same database, once.

const SECRET = 'sk_test_unknown_outcomes';
/** The adapter's timeout in this file: the stand-in answers "late" after LATE_MS. */
const TIMEOUT_MS = 1_500;
const LATE_MS = 2_500;

let fake: FakePaystack;
let test: TestApp;
let setup: CommerceSetup;
let stores: [SellingStore, SellingStore];
let call: ReturnType<typeof caller>;
let dropDatabase: () => Promise<void>;
let databaseUrl: string | undefined;
const dataDirs: string[] = [];
/** Minutes the app's clock is ahead of the wall clock: the resume job's waits pass without sleeping. */
let minutesAhead = 0;
const now = () => new Date(Date.now() + minutesAhead * 60_000);

/** An app on `database` talking to the stand-in, as a process of the marketplace would. */
async function appOn(database: Database, timeoutMs = TIMEOUT_MS): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-test-'));
  dataDirs.push(dataDir);
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', DATA_DIR: dataDir });
  const built = await buildApp({
    config,
    database,
    logger: false,
    responseCache: false,
    now,
    paymentProvider: createPaystackProvider({ secretKey: SECRET, baseUrl: fake.url, timeoutMs }),
  });
  await built.app.ready();
  return { ...built, database, close: () => built.app.close() };
}

beforeAll(async () => {
  fake = await startFakePaystack(SECRET);
  const opened = await openTestDatabase();
  dropDatabase = opened.drop;
  databaseUrl = opened.url;
  test = await appOn(opened.database);
  setup = await commerceSetup(test);
  stores = [await sellingStore(test, setup), await sellingStore(test, setup)];
  call = caller(test);
}, 240_000);
afterAll(async () => {
  await test.app.close();
  await fake.close();
  await dropDatabase();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A paid checkout of one product of each store, paid at the stand-in: two orders, one payment. */
async function twoStorePayment() {
  const customer = await shopper(test);
  for (const store of stores) {
    const product = await listedProduct(test, setup, store, {
      quantity: 50,
      pricing: [{ costPrice: 1, sellingPrice: 26_950, price: 27_950 }],
    });
    expect((await addToCart(test, customer, product.id, 1)).statusCode).toBe(200);
  }
  const answered = await checkout(test, customer);
  expect(answered.statusCode, answered.body).toBe(201);
  const created = json(answered).data;
  const reference = created.tracker.reference as string;
  fake.pay(reference, { amount: Number(fake.transactions.get(reference)?.amount) });
  const verified = await call(
    'GET',
    urlOf(paymentEndpoints.verify, { params: { reference } }),
    customer.token,
  );
  expect(verified.statusCode).toBe(200);
  const orderIds = (created.tracker.orders as { id: string; storeId?: string }[]).map((order) => order.id);
  const rows = await test.deps.db.select().from(orders).where(eq(orders.trackerId, created.tracker.id));
  const orderOf = (store: SellingStore) => rows.find((row) => row.storeId === store.storeId)!.id;
  expect(orderIds).toHaveLength(2);
  return { customer, reference, orderA: orderOf(stores[0]), orderB: orderOf(stores[1]) };
}

async function cancelByStore(orderId: string) {
  const cancelled = await call(
    'PATCH',
    urlOf(fulfilmentEndpoints.updateOrder, { params: { id: orderId } }),
    stores[0].accessToken,
    {
      status: 'cancelled',
    },
  );
  expect(cancelled.statusCode).toBe(200);
  const [refund] = await test.deps.db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.destination, 'provider')));
  return refund!;
}

const refundRow = async (id: string) =>
  (await test.deps.db.select().from(orderRefunds).where(eq(orderRefunds.id, id)))[0]!;
const reservedOn = async (reference: string) =>
  (
    await test.deps.db
      .select({ refundedKobo: paymentTransactions.refundedKobo })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.reference, reference))
  )[0]!.refundedKobo;
const madeAtProvider = (reference: string) =>
  fake.refunds.filter((one) => one.transaction_reference === reference && one.status !== 'failed');
/** Refund movements the books hold for an order (the ledger's refund postings, one movement each). */
async function bookedRefunds(orderId: string) {
  const rows = await test.deps.db
    .select({ movementId: ledgerEntries.movementId })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, 'refund')));
  return [...new Set(rows.map((row) => row.movementId))];
}

function webhook(app: TestApp, payload: unknown) {
  const body = Buffer.from(JSON.stringify(payload));
  return app.app.inject({
    method: 'POST',
    url: PAYSTACK_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystackBody(SECRET, body) },
    payload: body,
  });
}

pglite.describe('the late refund (issue 29)', () => {
  it('a partial refund answered after the timeout is unknown, refused to retry, settled by its webhook, sent once', async () => {
    minutesAhead = 0;
    const paid = await twoStorePayment();
    fake.state.late = { on: 'POST /refund', ms: LATE_MS, once: true };
    const refund = await cancelByStore(paid.orderA);

    // Unknown, never failed: the reservation stays, nothing is due to be sent again.
    expect(refund).toMatchObject({ status: 'unknown', attempts: 1 });
    expect(refund.amountKobo).toBeGreaterThanOrEqual(2_695_000);
    expect(await reservedOn(paid.reference)).toBe(refund.amountKobo);
    await new Promise((resolve) => setTimeout(resolve, LATE_MS + 100));
    expect(madeAtProvider(paid.reference)).toHaveLength(1);

    // The admin sees it under its own filter, and retry, reject and "paid another way" answer 409 saying why.
    const listed = json(
      await call(
        'GET',
        urlOf(adminReturnEndpoints.refunds, { query: { status: 'unknown', limit: 100 } }),
        setup.admin.accessToken,
      ),
    ).data.refunds;
    expect(listed.map((one: { id: string }) => one.id)).toContain(refund.id);
    const retried = await call(
      'POST',
      urlOf(adminReturnEndpoints.retryRefund, { params: { id: refund.id } }),
      setup.admin.accessToken,
    );
    expect(retried.statusCode).toBe(409);
    expect(json(retried).message).toContain('has not told us whether this refund was made');
    for (const outcome of ['rejected', 'paid_another_way']) {
      const decided = await call(
        'POST',
        urlOf(adminReturnEndpoints.rejectRefund, { params: { id: refund.id } }),
        setup.admin.accessToken,
        { outcome, note: 'Customer asked for store credit instead' },
      );
      expect(decided.statusCode).toBe(409);
      expect(json(decided).message).toContain('has not told us whether this refund was made');
    }

    // The provider's refund.processed for that first refund settles the unknown row.
    const [made] = madeAtProvider(paid.reference);
    const delivered = await webhook(test, fake.refundEvent(made!.id, 'processed'));
    expect(delivered.statusCode).toBe(200);
    expect(json(delivered).data).toMatchObject({ outcome: 'refund:processed' });
    expect(await refundRow(refund.id)).toMatchObject({ status: 'processed' });

    // The retry job, well past every wait: nothing more is sent.
    minutesAhead = 24 * 60;
    await test.jobs.retryFailedRefunds();
    minutesAhead = 0;
    expect(madeAtProvider(paid.reference)).toHaveLength(1);
    expect(await reservedOn(paid.reference)).toBe(refund.amountKobo);
    const row = await refundRow(refund.id);
    expect(row).toMatchObject({ status: 'processed', attempts: 1 });
    expect(await bookedRefunds(paid.orderA)).toHaveLength(1);
    expect(await bookedRefunds(paid.orderB)).toHaveLength(0);
  });

  it('with no webhook, the job asks the provider and finds the refund it made: nothing is sent again', async () => {
    minutesAhead = 0;
    const paid = await twoStorePayment();
    fake.state.failAfterWork = { on: 'POST /refund', status: 502, once: true };
    const refund = await cancelByStore(paid.orderA);
    expect(refund.status).toBe('unknown');
    expect(madeAtProvider(paid.reference)).toHaveLength(1);

    // Not yet due to be asked: the job leaves it alone.
    await test.jobs.retryFailedRefunds();
    expect(fake.requests.filter((one) => one.url.startsWith('/refund?'))).toBeDefined();
    expect((await refundRow(refund.id)).status).toBe('unknown');

    minutesAhead = 5;
    await test.jobs.retryFailedRefunds();
    await test.jobs.retryFailedRefunds();
    minutesAhead = 0;
    expect(madeAtProvider(paid.reference)).toHaveLength(1);
    const [made] = madeAtProvider(paid.reference);
    expect(await refundRow(refund.id)).toMatchObject({
      status: 'processing',
      providerReference: String(made!.id),
    });
    expect(await reservedOn(paid.reference)).toBe(refund.amountKobo);
  });

  it('a request the provider never received is found missing, released and sent once more', async () => {
    minutesAhead = 0;
    const paid = await twoStorePayment();
    fake.state.silent = { on: 'POST /refund', work: false, once: true };
    const refund = await cancelByStore(paid.orderA);
    expect(refund.status).toBe('unknown');
    expect(madeAtProvider(paid.reference)).toHaveLength(0);

    minutesAhead = 5;
    await test.jobs.retryFailedRefunds();
    minutesAhead = 0;
    expect(madeAtProvider(paid.reference)).toHaveLength(1);
    expect(await refundRow(refund.id)).toMatchObject({ status: 'processing', attempts: 2 });
    expect(await reservedOn(paid.reference)).toBe(refund.amountKobo);
  });
});

// Each test waits out the adapter's timeout and runs the sweep several times: more than the default 30 s on a busy machine.
pglite.describe("a late payment's refund by the checkout sweep (ADR 080)", { timeout: 120_000 }, () => {
  /** A one-store checkout left to expire, then paid at the stand-in: its money is due back. */
  async function latePayment() {
    minutesAhead = 0;
    const customer = await shopper(test);
    const product = await listedProduct(test, setup, stores[0], {
      quantity: 50,
      pricing: [{ costPrice: 1, sellingPrice: 26_950, price: 27_950 }],
    });
    expect((await addToCart(test, customer, product.id, 1)).statusCode).toBe(200);
    const answered = await checkout(test, customer);
    expect(answered.statusCode, answered.body).toBe(201);
    const created = json(answered).data;
    const reference = created.tracker.reference as string;
    minutesAhead = 31;
    await test.jobs.sweepCheckouts();
    minutesAhead = 0;
    const amountKobo = Number(fake.transactions.get(reference)?.amount);
    fake.pay(reference, { amount: amountKobo });
    expect(
      (await call('GET', urlOf(paymentEndpoints.verify, { params: { reference } }), customer.token))
        .statusCode,
    ).toBe(200);
    expect(await trackerOf(reference)).toMatchObject({ status: 'expired', refundStatus: 'due' });
    return { reference, amountKobo };
  }
  const trackerOf = async (reference: string) =>
    (await test.deps.db.select().from(orderTrackers).where(eq(orderTrackers.reference, reference)))[0]!;

  it('made at the provider but answered after the timeout: asked, never sent again, one refund', async () => {
    const late = await latePayment();
    fake.state.late = { on: 'POST /refund', ms: LATE_MS, once: true };
    expect((await test.jobs.sweepCheckouts()).refunded).toBe(0);
    expect(madeAtProvider(late.reference)).toHaveLength(1);
    expect(await trackerOf(late.reference)).toMatchObject({ refundStatus: 'sending', refundedAt: null });
    expect(await reservedOn(late.reference)).toBe(late.amountKobo);
    // Paystack's list of a transaction's refunds (GET /refund?transaction=…).
    const lists = () => fake.requests.filter((one) => one.url.startsWith('/refund?')).length;
    const listedBefore = lists();
    const asked = () => lists() - listedBefore;
    // Before the wait the sweep leaves it alone; after it, it asks the provider and finds the refund made.
    await test.jobs.sweepCheckouts();
    expect(madeAtProvider(late.reference)).toHaveLength(1);
    expect(asked()).toBe(0);
    minutesAhead = 5;
    expect((await test.jobs.sweepCheckouts()).refunded).toBe(1);
    expect(asked()).toBe(1);
    expect((await test.jobs.sweepCheckouts()).refunded).toBe(0);
    minutesAhead = 0;
    expect(madeAtProvider(late.reference)).toHaveLength(1);
    expect(await trackerOf(late.reference)).toMatchObject({
      refundStatus: 'refunded',
      refundedKobo: late.amountKobo,
    });
    expect(await reservedOn(late.reference)).toBe(late.amountKobo);
  });

  it('never received: found missing by asking, released and sent once more under the same transaction', async () => {
    const late = await latePayment();
    fake.state.silent = { on: 'POST /refund', work: false, once: true };
    await test.jobs.sweepCheckouts();
    expect(madeAtProvider(late.reference)).toHaveLength(0);
    expect((await trackerOf(late.reference)).refundStatus).toBe('sending');
    minutesAhead = 5;
    expect((await test.jobs.sweepCheckouts()).refunded).toBe(1);
    await test.jobs.sweepCheckouts();
    minutesAhead = 0;
    expect(madeAtProvider(late.reference)).toHaveLength(1);
    expect(await trackerOf(late.reference)).toMatchObject({ refundStatus: 'refunded' });
    expect(await reservedOn(late.reference)).toBe(late.amountKobo);
  });

  it("a 5xx after the work, then the provider's webhook settles it before anyone asks", async () => {
    const late = await latePayment();
    fake.state.failAfterWork = { on: 'POST /refund', status: 502, once: true };
    await test.jobs.sweepCheckouts();
    const [made] = madeAtProvider(late.reference);
    expect(made).toBeDefined();
    expect((await trackerOf(late.reference)).refundStatus).toBe('sending');
    expect(json(await webhook(test, fake.refundEvent(made!.id, 'processed'))).data.outcome).toBe(
      'late-refund:refunded',
    );
    minutesAhead = 5;
    await test.jobs.sweepCheckouts();
    minutesAhead = 0;
    expect(madeAtProvider(late.reference)).toHaveLength(1);
    expect(await trackerOf(late.reference)).toMatchObject({ refundStatus: 'refunded' });
    expect(await reservedOn(late.reference)).toBe(late.amountKobo);
  });
  it('refused by the provider: due again after a back-off of 5, then 30 minutes, not every sweep (ADR 088)', async () => {
    const late = await latePayment();
    const sends = () => fake.requests.filter((one) => one.method === 'POST' && one.url === '/refund').length;
    const sentBefore = sends();
    // Paystack busy past the adapter's retries: a 429 is a refusal (nothing made), every time it is sent.
    const refuseNextSend = () =>
      Object.assign(fake.state, { rateLimited: 4, rateLimitOn: '/refund', retryAfter: '0' });
    refuseNextSend();
    expect((await test.jobs.sweepCheckouts()).refunded).toBe(0);
    Object.assign(fake.state, { rateLimited: 0, rateLimitOn: null });
    const sentOnce = sends();
    expect(sentOnce).toBeGreaterThan(sentBefore);
    const refused = await trackerOf(late.reference);
    expect(refused).toMatchObject({ refundStatus: 'due', refundedKobo: 0, refundAttempts: 1 });
    expect(refused.refundRetryAt!.getTime() - refused.updatedAt.getTime()).toBe(5 * 60_000);
    expect(await reservedOn(late.reference)).toBe(0);
    // Sweeps inside the back-off leave it alone: nothing sent.
    for (const minutes of [1, 4]) {
      minutesAhead = minutes;
      await test.jobs.sweepCheckouts();
    }
    expect(sends()).toBe(sentOnce);
    // After it, sent again; refused again, the next wait is 30 minutes.
    minutesAhead = 6;
    refuseNextSend();
    await test.jobs.sweepCheckouts();
    Object.assign(fake.state, { rateLimited: 0, rateLimitOn: null });
    const again = await trackerOf(late.reference);
    expect(sends()).toBeGreaterThan(sentOnce);
    expect(again).toMatchObject({ refundStatus: 'due', refundAttempts: 2 });
    expect(again.refundRetryAt!.getTime() - again.updatedAt.getTime()).toBe(30 * 60_000);
    const sentTwice = sends();
    minutesAhead = 30;
    await test.jobs.sweepCheckouts();
    expect(sends()).toBe(sentTwice);
    minutesAhead = 37;
    expect((await test.jobs.sweepCheckouts()).refunded).toBe(1);
    minutesAhead = 0;
    expect(madeAtProvider(late.reference)).toHaveLength(1);
    expect(await trackerOf(late.reference)).toMatchObject({
      refundStatus: 'refunded',
      refundedKobo: late.amountKobo,
    });
  });
});

describe('a process that dies between the call and its booking', () => {
  it('the next process on the same database settles the intent by asking, and sends nothing twice', async () => {
    minutesAhead = 0;
    const paid = await twoStorePayment();
    // The first process: its call is taken and the work done, and it never hears back (it "dies" waiting: its
    // request is left unanswered and the process is never asked again).
    const first = await appOn(test.database, 60_000);
    fake.state.silent = { on: 'POST /refund', work: true, once: true };
    const cancelling = caller(first)(
      'PATCH',
      urlOf(fulfilmentEndpoints.updateOrder, { params: { id: paid.orderA } }),
      stores[0].accessToken,
      { status: 'cancelled' },
    );
    let intent: typeof orderRefunds.$inferSelect | undefined;
    for (let wait = 0; wait < 100 && madeAtProvider(paid.reference).length === 0; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    [intent] = await test.deps.db
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, paid.orderA), eq(orderRefunds.destination, 'provider')));
    // The intent is recorded, with the reservation, and no outcome.
    expect(intent).toMatchObject({ status: 'processing', providerReference: null, attempts: 1 });
    expect(await reservedOn(paid.reference)).toBe(intent!.amountKobo);

    // A second process on the same database (its own connections on PostgreSQL).
    const database = databaseUrl
      ? await openDatabase({ driver: 'postgres', url: databaseUrl, max: 5 })
      : test.database;
    const second = await appOn(database);
    try {
      // While its call could still be in flight, nobody touches it.
      await (second.jobs as AppJobs).retryFailedRefunds();
      expect((await refundRow(intent!.id)).status).toBe('processing');
      minutesAhead = 5;
      await second.jobs.retryFailedRefunds();
      await second.jobs.retryFailedRefunds();
      minutesAhead = 0;
      const [made] = madeAtProvider(paid.reference);
      expect(madeAtProvider(paid.reference)).toHaveLength(1);
      expect(await refundRow(intent!.id)).toMatchObject({
        status: 'processing',
        providerReference: String(made!.id),
        attempts: 1,
      });
      expect(await reservedOn(paid.reference)).toBe(intent!.amountKobo);
      // Its webhook finishes it once.
      expect(json(await webhook(second, fake.refundEvent(made!.id, 'processed'))).data.outcome).toBe(
        'refund:processed',
      );
      expect((await refundRow(intent!.id)).status).toBe('processed');
    } finally {
      await second.app.close();
      if (databaseUrl) await database.close();
    }
    void cancelling.catch(() => undefined);
    expect(bearer).toBeDefined();
  });
});

describe('a process that dies between booking a refund and sending it (ADR 071)', () => {
  it('the booked refund is sent by the next process once it is REFUND_UNSENT_AFTER_MS old, and only once', async () => {
    minutesAhead = 0;
    const paid = await twoStorePayment();
    // Paystack busy (429 past the adapter's retries): the send is refused, nothing made, the reservation freed.
    Object.assign(fake.state, { rateLimited: 4, rateLimitOn: '/refund', retryAfter: '0' });
    const refused = await cancelByStore(paid.orderA);
    Object.assign(fake.state, { rateLimited: 0, rateLimitOn: null });
    expect(refused.status).toBe('failed');
    expect(madeAtProvider(paid.reference)).toHaveLength(0);
    // What the booking's transaction leaves when the process dies before `refunds.send` claims the row.
    await test.deps.db
      .update(orderRefunds)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: null, failureReason: null, updatedAt: now() })
      .where(eq(orderRefunds.id, refused.id));
    // Young: the booking process may still be sending it.
    await test.jobs.retryFailedRefunds();
    expect(await refundRow(refused.id)).toMatchObject({ status: 'pending', attempts: 0 });
    minutesAhead = REFUND_UNSENT_AFTER_MS / 60_000 + 1;
    await Promise.all([test.jobs.retryFailedRefunds(), test.jobs.retryFailedRefunds()]);
    await test.jobs.retryFailedRefunds();
    minutesAhead = 0;
    expect(madeAtProvider(paid.reference)).toHaveLength(1);
    expect(await refundRow(refused.id)).toMatchObject({ status: 'processing', attempts: 1 });
    expect(await reservedOn(paid.reference)).toBe(refused.amountKobo);
  });
});

describe('a process that dies between receiving a webhook and acting on it', () => {
  it("Paystack's retry of the delivery is acted on once; a delivery acted on stays a duplicate", async () => {
    minutesAhead = 0;
    const paid = await twoStorePayment();
    fake.state.late = { on: 'POST /refund', ms: LATE_MS, once: true };
    const refund = await cancelByStore(paid.orderA);
    expect(refund.status).toBe('unknown');
    await new Promise((resolve) => setTimeout(resolve, LATE_MS + 100));
    const [made] = madeAtProvider(paid.reference);
    const delivery = fake.refundEvent(made!.id, 'processed');
    // The first delivery was recorded five minutes ago and the process died before acting on it.
    await test.deps.db.insert(webhookEvents).values({
      provider: 'paystack',
      eventKey: `refund.processed:${delivery.data.refund_reference}`,
      reference: paid.reference,
      event: 'refund.processed',
      receivedAt: new Date(Date.now() - 5 * 60_000),
    });
    const retried = await webhook(test, delivery);
    expect(json(retried).data).toEqual({ outcome: 'refund:processed' });
    expect(await refundRow(refund.id)).toMatchObject({ status: 'processed' });
    expect(json(await webhook(test, delivery)).data).toEqual({ outcome: 'duplicate' });
  });
});
