import { planPublicEndpoints, subscriptionMerchantEndpoints } from '@market/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTransactions } from '../../src/modules/payments/payments.schema.js';
import {
  storeSubscriptions,
  subscriptionInvoices,
} from '../../src/modules/subscriptions/subscriptions.schema.js';
import { createPaystackProvider } from '../../src/platform/payments/paystack.js';
import { createMerchantWithStore, type TestMerchant } from '../support/catalog-factory.js';
import { requestOf } from '../support/contract-requests.js';
import { type FakePaystack, startFakePaystack } from '../support/payments.fake-paystack.js';
import { bearer, createTestApp, json, type TestApp } from '../support/test-app.js';

// Issue 29, ADR 071: a subscription renewal charges the saved card with three outcomes. A charge_authorization
// whose answer is lost leaves the invoice pending and its payment initialized; it is settled only by verifying the
// reference (GET /transaction/verify/:reference) once the charge has had time to land, and sent again, under the
// same reference, only when Paystack says it never received it. Against the local stand-in, made late, silent and
// repetitive: one charge at Paystack and one paid month, whatever happened.

const SECRET = 'sk_test_renewal_unknown';
const TIMEOUT_MS = 600;
const HOUR = 60 * 60 * 1000;
const CHARGE = 'POST /transaction/charge_authorization';
let fake: FakePaystack;
let test: TestApp;
let growthId: string;
let minutesAhead = 0;

beforeAll(async () => {
  fake = await startFakePaystack(SECRET);
  test = await createTestApp({
    now: () => new Date(Date.now() + minutesAhead * 60_000),
    env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: fake.url },
    paymentProvider: createPaystackProvider({ secretKey: SECRET, baseUrl: fake.url, timeoutMs: TIMEOUT_MS }),
  });
  const plans = json(await test.app.inject(requestOf(planPublicEndpoints.list))).data as {
    id: string;
    code: string;
  }[];
  growthId = plans.find((plan) => plan.code === 'growth')!.id;
}, 120_000);
afterAll(async () => {
  await test.close();
  await fake.close();
});

/** A store on Growth, paid at the stand-in with a reusable card, its period ending in 12 hours (renewal due). */
async function subscribedStore(): Promise<{ merchant: TestMerchant; end: Date }> {
  const merchant = await createMerchantWithStore(test);
  const started = await test.app.inject({
    ...requestOf(subscriptionMerchantEndpoints.subscribe),
    headers: bearer(merchant.token),
    payload: { planId: growthId },
  });
  expect(started.statusCode, started.body).toBe(201);
  const reference = json(started).data.invoice.reference as string;
  fake.pay(reference);
  const verified = await test.app.inject({
    ...requestOf(subscriptionMerchantEndpoints.verify),
    headers: bearer(merchant.token),
    payload: { reference },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  expect(json(verified).data).toMatchObject({ status: 'paid' });
  const end = new Date(Date.now() + 12 * HOUR);
  await test.deps.db
    .update(storeSubscriptions)
    .set({ currentPeriodEnd: end })
    .where(eq(storeSubscriptions.storeId, merchant.storeId));
  return { merchant, end };
}

const renewals = (storeId: string) =>
  test.deps.db
    .select()
    .from(subscriptionInvoices)
    .where(and(eq(subscriptionInvoices.storeId, storeId), isNotNull(subscriptionInvoices.renewsPeriodEnd)));
const payment = async (reference: string) =>
  (
    await test.deps.db.select().from(paymentTransactions).where(eq(paymentTransactions.reference, reference))
  )[0];
const periodEnd = async (storeId: string) =>
  (await test.deps.db.select().from(storeSubscriptions).where(eq(storeSubscriptions.storeId, storeId)))[0]!
    .currentPeriodEnd;
const chargesSent = (reference: string) =>
  fake.requests.filter(
    (request) => request.url === '/transaction/charge_authorization' && request.body?.reference === reference,
  );
/** The renewal job, `minutes` later (the clock of the app only). */
async function renewLater(minutes: number) {
  minutesAhead = minutes;
  try {
    return await test.jobs.renewSubscriptions();
  } finally {
    minutesAhead = 0;
  }
}

describe('a renewal charge whose answer is lost', () => {
  it('answered late: pending, not charged again, settled by verify as one paid month', async () => {
    const { merchant, end } = await subscribedStore();
    fake.state.late = { on: CHARGE, ms: TIMEOUT_MS * 3, once: true };
    expect(await renewLater(0)).toMatchObject({ pending: 1 });
    const [invoice] = await renewals(merchant.storeId);
    expect(invoice).toMatchObject({ status: 'pending' });
    expect(await payment(invoice!.reference)).toMatchObject({ status: 'initialized' });
    // The job runs again at once and again later: nothing is sent again while the charge may still land.
    await renewLater(1);
    expect(chargesSent(invoice!.reference)).toHaveLength(1);
    await renewLater(11);
    expect((await renewals(merchant.storeId))[0]).toMatchObject({ status: 'paid' });
    expect(await payment(invoice!.reference)).toMatchObject({ status: 'success' });
    expect((await periodEnd(merchant.storeId)).getTime()).toBeGreaterThan(end.getTime() + 27 * 24 * HOUR);
    await renewLater(30);
    expect(chargesSent(invoice!.reference)).toHaveLength(1);
    expect(await renewals(merchant.storeId)).toHaveLength(1);
  });

  it('never reached Paystack: verify says so, and the charge is sent again under the same reference, once', async () => {
    const { merchant, end } = await subscribedStore();
    fake.state.silent = { on: CHARGE, work: false, once: true };
    expect(await renewLater(0)).toMatchObject({ pending: 1 });
    const [invoice] = await renewals(merchant.storeId);
    expect(fake.transactions.has(invoice!.reference)).toBe(false);
    await renewLater(11);
    const [paid, ...more] = await renewals(merchant.storeId);
    expect(more).toHaveLength(0);
    expect(paid).toMatchObject({ status: 'paid', reference: invoice!.reference });
    expect(chargesSent(invoice!.reference)).toHaveLength(2);
    expect((await periodEnd(merchant.storeId)).getTime()).toBeGreaterThan(end.getTime() + 27 * 24 * HOUR);
  });

  it('made, answered 5xx, and verify silent too: still pending and nothing sent; the next run settles it once', async () => {
    const { merchant } = await subscribedStore();
    fake.state.failAfterWork = { on: CHARGE, status: 502, once: true };
    await renewLater(0);
    const [invoice] = await renewals(merchant.storeId);
    fake.state.silent = { on: `GET /transaction/verify/${invoice!.reference}`, work: false, once: true };
    await renewLater(11);
    expect((await renewals(merchant.storeId))[0]).toMatchObject({ status: 'pending' });
    expect(chargesSent(invoice!.reference)).toHaveLength(1);
    await renewLater(12);
    expect((await renewals(merchant.storeId))[0]).toMatchObject({ status: 'paid' });
    expect(chargesSent(invoice!.reference)).toHaveLength(1);
  });
});

describe('a process that dies between raising the renewal invoice and recording its charge (ADR 071)', () => {
  it('the next run finds no payment recorded, so none sent: the invoice fails and the back-off applies; nothing charged', async () => {
    const { merchant } = await subscribedStore();
    fake.state.silent = { on: CHARGE, work: false, once: true };
    await renewLater(0);
    const [invoice] = await renewals(merchant.storeId);
    // What the raise's transaction leaves when the process dies before `chargeSaved` records the payment.
    await test.deps.db
      .delete(paymentTransactions)
      .where(eq(paymentTransactions.reference, invoice!.reference));
    await renewLater(11);
    expect((await renewals(merchant.storeId))[0]).toMatchObject({ status: 'failed' });
    const [subscription] = await test.deps.db
      .select()
      .from(storeSubscriptions)
      .where(eq(storeSubscriptions.storeId, merchant.storeId));
    expect(subscription!.renewalAttempts).toBe(1);
    expect(fake.transactions.has(invoice!.reference)).toBe(false);
  });
});
