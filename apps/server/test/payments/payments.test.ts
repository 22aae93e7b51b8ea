import { authEndpoints, paymentEndpoints } from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYSTACK_WEBHOOK_PATH } from '../../src/modules/payments/payments.routes.js';
import { paymentTransactions, webhookEvents } from '../../src/modules/payments/payments.schema.js';
import type { Db } from '../../src/platform/db/client.js';
import type { PaymentPurpose, Verification } from '../../src/platform/payments/provider.js';
import { SANDBOX_CARDS } from '../../src/platform/payments/sandbox.js';
import { signPaystackBody } from '../../src/platform/payments/signature.js';
import { requestOf } from '../support/contract-requests.js';
import { type FakePaystack, paystackFixture, startFakePaystack } from '../support/payments.fake-paystack.js';
import {
  bearer,
  createConfirmedAccount,
  createTestApp,
  json,
  login,
  type TestApp,
} from '../support/test-app.js';

const SECRET = 'sk_test_service_0123456789';

/** A domain of the test's own under the TST prefix, recording what the payments service told it. */
function testPurpose() {
  const expected = new Map<string, number>();
  const paid: string[] = [];
  const failed: string[] = [];
  const purpose: PaymentPurpose = {
    prefix: 'TST',
    expectedAmountKobo: async (_: Db, reference: string) => expected.get(reference),
    onPaid: async (_: Db, reference: string, verification: Verification) => {
      expect(verification.status).toBe('success');
      paid.push(reference);
    },
    onFailed: async (_: Db, reference: string) => {
      failed.push(reference);
    },
  };
  return { purpose, expected, paid, failed };
}

async function customer(test: TestApp) {
  const account = await createConfirmedAccount(test, 'customer');
  const session = await login(test, 'customer', account.email);
  return { id: account.id, email: account.email, token: session.accessToken };
}

async function row(test: TestApp, reference: string) {
  const [found] = await test.deps.db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.reference, reference));
  return found!;
}

const count = <T>(values: T[], value: T) => values.filter((entry) => entry === value).length;

describe('payments with Paystack (a local stand-in for its API)', () => {
  let paystack: FakePaystack;
  let test: TestApp;
  let payer: Awaited<ReturnType<typeof customer>>;
  const domain = testPurpose();

  beforeAll(async () => {
    paystack = await startFakePaystack(SECRET);
    test = await createTestApp({ env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: paystack.url } });
    test.deps.payments.registerPurpose(domain.purpose);
    payer = await customer(test);
  });
  afterAll(async () => {
    await test.close();
    await paystack.close();
  });

  async function start(amountKobo = 1_250_000) {
    const reference = test.deps.payments.newReference('TST');
    domain.expected.set(reference, amountKobo);
    const started = await test.deps.payments.start(test.deps.db, {
      reference,
      amountKobo,
      email: payer.email,
      callbackPath: '/checkout/complete',
      customerId: payer.id,
    });
    expect(started.reference).toBe(reference);
    return reference;
  }

  function deliver(reference: string, options: { signature?: string; id?: number } = {}) {
    const body = JSON.stringify({
      event: 'charge.success',
      data: {
        id: options.id ?? paystack.transactions.get(reference)?.id,
        reference,
        status: 'success',
        amount: 1,
        currency: 'NGN',
      },
    });
    return test.app.inject({
      method: 'POST',
      url: PAYSTACK_WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': options.signature ?? signPaystackBody(SECRET, body),
      },
      payload: body,
    });
  }

  const verifyAsPayer = (reference: string, token = payer.token) =>
    test.app.inject({
      ...requestOf(paymentEndpoints.verify, { params: { reference } }),
      headers: bearer(token),
    });

  it('records the payment before Paystack hears of it, with the callback on our public URL', async () => {
    const reference = await start(500_000);
    expect(await row(test, reference)).toMatchObject({
      status: 'initialized',
      amountKobo: 500_000,
      purpose: 'TST',
    });
    expect(paystack.requests.at(-1)?.body).toMatchObject({
      reference,
      amount: 500_000,
      callback_url: 'http://localhost:3000/checkout/complete',
      currency: 'NGN',
    });
  });

  it('settles once on a valid signed webhook, storing the Transaction fields; the return is then a no-op', async () => {
    const reference = await start();
    paystack.pay(reference, { amount: 1_250_000 });
    const response = await deliver(reference);
    expect(response.statusCode).toBe(200);
    expect(json(response).data).toEqual({ outcome: 'settled:success' });
    expect(await row(test, reference)).toMatchObject({
      status: 'success',
      providerTransactionId: String(paystack.transactions.get(reference)?.id),
      feesKobo: 28_750,
      cardLast4: '4081',
      bank: 'TEST BANK',
      country: 'NG',
      ipAddress: '102.89.1.7',
      channel: 'card',
      gatewayResponse: 'Successful',
      paidAt: new Date('2026-11-02T10:15:30.000Z'),
    });
    const back = await verifyAsPayer(reference);
    expect(back.statusCode).toBe(200);
    expect(json(back).data).toEqual({ status: 'success', reference });
    expect(count(domain.paid, reference)).toBe(1);
  });

  it('treats the same delivery twice as one payment', async () => {
    const reference = await start();
    paystack.pay(reference, { amount: 1_250_000 });
    expect((await deliver(reference)).statusCode).toBe(200);
    const replay = await deliver(reference);
    expect(replay.statusCode).toBe(200);
    expect(json(replay).data).toEqual({ outcome: 'duplicate' });
    expect(count(domain.paid, reference)).toBe(1);
    const events = await test.deps.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.reference, reference));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event: 'charge.success', outcome: 'settled:success' });
    expect(events[0]!.processedAt).toBeInstanceOf(Date);
  });

  it('refuses a forged signature with 401 and changes nothing', async () => {
    const reference = await start();
    paystack.pay(reference, { amount: 1_250_000 });
    const forged = await deliver(reference, { signature: signPaystackBody('sk_test_attacker', 'x') });
    expect(forged.statusCode).toBe(401);
    expect(json(forged).error).toBe('UNAUTHORIZED');
    const missing = await test.app.inject({
      method: 'POST',
      url: PAYSTACK_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ event: 'charge.success', data: { reference } }),
    });
    expect(missing.statusCode).toBe(401);
    expect((await row(test, reference)).status).toBe('initialized');
    expect(
      await test.deps.db.select().from(webhookEvents).where(eq(webhookEvents.reference, reference)),
    ).toEqual([]);
    expect(count(domain.paid, reference)).toBe(0);
  });

  it('does not mark paid a payment of the wrong amount or currency', async () => {
    const short = await start(1_250_000);
    paystack.pay(short, { amount: 1_249_900 });
    expect(json(await deliver(short, { id: 1 })).data).toEqual({ outcome: 'settled:mismatch' });
    expect((await row(test, short)).status).toBe('mismatch');

    const dollars = await start(1_250_000);
    paystack.pay(dollars, { amount: 1_250_000, currency: 'USD' });
    expect(json(await verifyAsPayer(dollars)).data).toEqual({ status: 'mismatch', reference: dollars });
    // A mismatch is final: a later delivery does not turn it into a payment.
    expect(json(await deliver(dollars, { id: 2 })).data).toEqual({ outcome: 'settled:mismatch' });
    expect(count(domain.paid, short) + count(domain.paid, dollars)).toBe(0);
  });

  it('pays once when the webhook and the return race', async () => {
    const references = await Promise.all([start(), start(), start()]);
    for (const reference of references) paystack.pay(reference, { amount: 1_250_000 });
    const answers = await Promise.all(
      references.flatMap((reference) => [deliver(reference), verifyAsPayer(reference), deliver(reference)]),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    for (const reference of references) {
      expect(count(domain.paid, reference)).toBe(1);
      expect((await row(test, reference)).status).toBe('success');
    }
  });

  it('tells the domain of a failure once, and still honours money that arrives later', async () => {
    const reference = await start();
    const pending = await verifyAsPayer(reference);
    expect(json(pending).data).toEqual({ status: 'abandoned', reference });
    paystack.pay(reference, { status: 'failed', gateway_response: 'Declined', paid_at: null });
    expect(json(await verifyAsPayer(reference)).data).toEqual({ status: 'failed', reference });
    expect(json(await verifyAsPayer(reference)).data).toEqual({ status: 'failed', reference });
    expect(count(domain.failed, reference)).toBe(1);
    paystack.pay(reference, { amount: 1_250_000 });
    expect(json(await deliver(reference)).data).toEqual({ outcome: 'settled:success' });
    expect(count(domain.paid, reference)).toBe(1);
  });

  it('answers the status only to the customer who pays', async () => {
    const reference = await start();
    const other = await customer(test);
    expect((await verifyAsPayer(reference, other.token)).statusCode).toBe(404);
    expect(
      (await test.app.inject(requestOf(paymentEndpoints.verify, { params: { reference } }))).statusCode,
    ).toBe(401);
    expect((await verifyAsPayer('not-a-reference')).statusCode).toBe(422);
  });

  it('lets Paystack retry a delivery it could not complete', async () => {
    const reference = await start();
    paystack.pay(reference, { amount: 1_250_000 });
    paystack.state.mode = 'error500';
    const failedDelivery = await deliver(reference);
    paystack.state.mode = 'normal';
    expect(failedDelivery.statusCode).toBe(503);
    expect(count(domain.paid, reference)).toBe(0);
    const retry = await deliver(reference);
    expect(json(retry).data).toEqual({ outcome: 'settled:success' });
    expect(count(domain.paid, reference)).toBe(1);
  });

  it('acknowledges events it does not act on, and unknown references', async () => {
    // Paystack's documented samples (ADR 044): an event no module acts on is acknowledged and ignored; a dispute
    // of a payment that is not ours is acknowledged too (its documented `transaction.reference` is not one of ours).
    const send = (body: string) =>
      test.app.inject({
        method: 'POST',
        url: PAYSTACK_WEBHOOK_PATH,
        headers: {
          'content-type': 'application/json',
          'x-paystack-signature': signPaystackBody(SECRET, body),
        },
        payload: body,
      });
    const other = await send(JSON.stringify(paystackFixture('webhooks/subscription.create')));
    expect(json(other).data).toEqual({ outcome: 'ignored' });
    const dispute = await send(JSON.stringify(paystackFixture('webhooks/charge.dispute.create')));
    expect(json(dispute).data).toEqual({ outcome: 'dispute:unknown-reference' });
    expect(json(await deliver('TST-NOTOURS', { id: 78 })).data).toEqual({ outcome: 'unknown-reference' });
  });

  it('refunds no more than was paid', async () => {
    const reference = await start(90_000);
    await expect(test.deps.payments.refund(reference)).rejects.toMatchObject({ code: 'CONFLICT' });
    paystack.pay(reference, { amount: 90_000 });
    await deliver(reference);
    expect(await test.deps.payments.refund(reference, 40_000)).toEqual({
      status: 'pending',
      amountKobo: 40_000,
      providerReference: expect.stringMatching(/^\d+$/),
    });
    expect(paystack.requests.at(-1)?.body).toEqual({ transaction: reference, amount: 40_000 });
    await expect(test.deps.payments.refund(reference, 50_001)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await test.deps.payments.refund(reference)).toMatchObject({
      status: 'pending',
      amountKobo: 50_000,
    });
    expect((await row(test, reference)).refundedKobo).toBe(90_000);
  });
});

describe('the built-in sandbox', () => {
  let test: TestApp;
  let payer: Awaited<ReturnType<typeof customer>>;
  const domain = testPurpose();

  beforeAll(async () => {
    test = await createTestApp();
    test.deps.payments.registerPurpose(domain.purpose);
    payer = await customer(test);
  });
  afterAll(() => test.close());

  async function start(amountKobo = 1_250_000) {
    const reference = test.deps.payments.newReference('TST');
    domain.expected.set(reference, amountKobo);
    // Inside a transaction, as checkout calls it: the sandbox writes through the same transaction.
    const started = await test.deps.db.transaction((tx) =>
      test.deps.payments.start(tx, {
        reference,
        amountKobo,
        email: payer.email,
        callbackPath: '/checkout/complete',
        customerId: payer.id,
      }),
    );
    const url = new URL(started.authorizationUrl);
    expect(url.origin).toBe('http://localhost:3000');
    return { reference, path: url.pathname };
  }

  const post = (url: string, form: Record<string, string>) =>
    test.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
  const card = (cardNumber: string) => ({ cardNumber, expiry: '12/39', cvv: '123' });
  const verify = (reference: string) =>
    test.app.inject({
      ...requestOf(paymentEndpoints.verify, { params: { reference } }),
      headers: bearer(payer.token),
    });
  const expectReturn = (
    response: { statusCode: number; headers: Record<string, unknown> },
    reference: string,
  ) => {
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      `http://localhost:3000/checkout/complete?reference=${reference}&trxref=${reference}`,
    );
  };

  it('serves a checkout page with the amount in naira, under a strict CSP', async () => {
    const { reference, path } = await start();
    expect(json(await verify(reference)).data).toEqual({ status: 'initialized', reference });
    const page = await test.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('₦12,500.00');
    expect(page.body).toContain('Naija Market');
    expect(page.body).toContain('autocomplete="cc-number"');
    expect(page.body).not.toContain('<script');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://localhost:3000");
    const stylesheet = await test.app.inject({
      method: 'GET',
      url: '/api/payments/sandbox/assets/checkout.css',
    });
    expect(stylesheet.statusCode).toBe(200);
    expect(stylesheet.headers['content-type']).toContain('text/css');
  });

  it('pays with the success card: signed webhook processed, then back to the shop', async () => {
    const { reference, path } = await start();
    expectReturn(await post(path, card('4084 0840 8408 4081')), reference);
    expect(count(domain.paid, reference)).toBe(1);
    expect(await row(test, reference)).toMatchObject({
      status: 'success',
      provider: 'sandbox',
      cardLast4: '4081',
      cardType: 'visa',
      channel: 'card',
      feesKobo: 28_750,
    });
    const [event] = await test.deps.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.reference, reference));
    expect(event).toMatchObject({ provider: 'sandbox', outcome: 'settled:success' });
    expect(json(await verify(reference)).data).toEqual({ status: 'success', reference });
    expect(count(domain.paid, reference)).toBe(1);
    // Paying again is refused; the page says it is done.
    expect((await post(path, card(SANDBOX_CARDS.success))).statusCode).toBe(409);
    expect((await test.app.inject({ method: 'GET', url: path })).body).toContain(
      'This payment has been made.',
    );
  });

  it('declines the declined card; the return tells the domain', async () => {
    const { reference, path } = await start();
    expectReturn(await post(path, card(SANDBOX_CARDS.declined)), reference);
    expect(json(await verify(reference)).data).toEqual({ status: 'failed', reference });
    expect(count(domain.failed, reference)).toBe(1);
    expect(count(domain.paid, reference)).toBe(0);
  });

  it('asks for an OTP: the right one pays, a wrong one declines', async () => {
    const right = await start();
    const otpForm = await post(right.path, card(SANDBOX_CARDS.otp));
    expect(otpForm.statusCode).toBe(200);
    expect(otpForm.body).toContain('autocomplete="one-time-code"');
    expect(otpForm.body).toContain('ending in 6666');
    expectReturn(await post(`${right.path}/otp`, { otp: '123456' }), right.reference);
    expect(count(domain.paid, right.reference)).toBe(1);

    const wrong = await start();
    await post(wrong.path, card(SANDBOX_CARDS.otp));
    expectReturn(await post(`${wrong.path}/otp`, { otp: '654321' }), wrong.reference);
    expect(json(await verify(wrong.reference)).data).toEqual({
      status: 'failed',
      reference: wrong.reference,
    });
    expect(count(domain.paid, wrong.reference)).toBe(0);
    expect(count(domain.failed, wrong.reference)).toBe(1);
  });

  it('shows field errors for a malformed card without recording an attempt', async () => {
    const { reference, path } = await start();
    const badNumber = await post(path, card('1234'));
    expect(badNumber.statusCode).toBe(422);
    expect(badNumber.body).toContain('Enter the card number');
    const expired = await post(path, { ...card(SANDBOX_CARDS.success), expiry: '01/20' });
    expect(expired.body).toContain('This card has expired');
    const unknown = await post(path, card('5399838383838381'));
    expect(unknown.body).toContain('Use one of the sandbox test cards');
    expect(json(await verify(reference)).data).toEqual({ status: 'initialized', reference });
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout/TST-NONE' })).statusCode,
    ).toBe(404);
  });

  it('refuses a webhook not signed with the sandbox key', async () => {
    const body = JSON.stringify({ event: 'charge.success', data: { id: 1, reference: 'TST-X' } });
    const response = await test.app.inject({
      method: 'POST',
      url: PAYSTACK_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystackBody(SECRET, body) },
      payload: body,
    });
    expect(response.statusCode).toBe(401);
  });

  it('keeps the JSON parser of the other routes', async () => {
    const response = await test.app.inject({
      ...requestOf(authEndpoints.customer.login),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: payer.email, password: 'wrong-password-1A!' }),
    });
    expect(response.statusCode).not.toBe(500);
    expect(json(response).error).not.toBe('BAD_REQUEST');
  });
});
