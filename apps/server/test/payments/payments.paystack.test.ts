import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateReference } from '../../src/modules/payments/payments.service.js';
import { AppError } from '../../src/platform/errors.js';
import { createPaystackProvider, parsePaystackWebhook } from '../../src/platform/payments/paystack.js';
import { signPaystackBody, verifyPaystackSignature } from '../../src/platform/payments/signature.js';
import { type FakePaystack, startFakePaystack } from '../support/payments.fake-paystack.js';

const SECRET = 'sk_test_adapter_0123456789';
let paystack: FakePaystack;
const provider = () => createPaystackProvider({ secretKey: SECRET, baseUrl: paystack.url, timeoutMs: 300 });

beforeAll(async () => {
  paystack = await startFakePaystack(SECRET);
});
afterAll(() => paystack.close());
beforeEach(() => {
  paystack.state.mode = 'normal';
  paystack.requests.length = 0;
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('Paystack adapter', () => {
  it('initialises in kobo with our reference, callback, NGN and the secret key as bearer', async () => {
    const reference = generateReference('TST');
    const result = await provider().initialize({
      reference,
      amountKobo: 1_250_000,
      email: 'ada@example.ng',
      callbackUrl: 'https://shop.example.ng/checkout/complete',
      metadata: { trackerId: 'abc' },
    });
    expect(result.authorizationUrl).toMatch(/^https:\/\/checkout\.paystack\.com\//);
    expect(result.accessCode).toBeTruthy();
    expect(paystack.requests).toEqual([
      {
        method: 'POST',
        url: '/transaction/initialize',
        authorization: `Bearer ${SECRET}`,
        body: {
          amount: 1_250_000,
          email: 'ada@example.ng',
          reference,
          callback_url: 'https://shop.example.ng/checkout/complete',
          currency: 'NGN',
          metadata: { trackerId: 'abc' },
        },
      },
    ]);
  });

  it('maps a successful verification to the Transaction fields', async () => {
    const reference = generateReference('TST');
    await provider().initialize({
      reference,
      amountKobo: 500_000,
      email: 'b@example.ng',
      callbackUrl: 'http://x/',
    });
    paystack.pay(reference);
    const verification = await provider().verify(reference);
    expect(verification).toEqual({
      reference,
      status: 'success',
      amountKobo: 500_000,
      requestedAmountKobo: null,
      currency: 'NGN',
      paidAt: new Date('2026-11-02T10:15:30.000Z'),
      channel: 'card',
      providerTransactionId: String(paystack.transactions.get(reference)?.id),
      feesKobo: 28_750,
      customerEmail: 'b@example.ng',
      ipAddress: '102.89.1.7',
      card: { type: 'visa ', last4: '4081', bank: 'TEST BANK', countryCode: 'NG' },
      gatewayResponse: 'Successful',
      reusableAuthorization: `AUTH_fake${reference.slice(-6).toLowerCase()}`,
    });
    expect(paystack.requests.at(-1)).toMatchObject({
      method: 'GET',
      url: `/transaction/verify/${reference}`,
      authorization: `Bearer ${SECRET}`,
    });
  });

  it('reads the authorization only when Paystack says it is reusable', async () => {
    const reference = generateReference('TST');
    await provider().initialize({
      reference,
      amountKobo: 10_000,
      email: 'r@example.ng',
      callbackUrl: 'http://x/',
    });
    paystack.pay(reference, {
      authorization: { card_type: 'visa', last4: '4081', authorization_code: 'AUTH_once', reusable: false },
    });
    expect((await provider().verify(reference)).reusableAuthorization).toBeNull();
  });

  it('charges a saved authorization with POST /transaction/charge_authorization and reads the answer', async () => {
    paystack.state.declineRecurring = false;
    const first = generateReference('TST');
    await provider().initialize({
      reference: first,
      amountKobo: 10_000,
      email: 's@example.ng',
      callbackUrl: 'http://x/',
    });
    paystack.pay(first);
    const code = (await provider().verify(first)).reusableAuthorization!;
    const next = generateReference('TST');
    const charged = await provider().chargeAuthorization({
      reference: next,
      amountKobo: 1_500_000,
      email: 's@example.ng',
      authorizationCode: code,
      metadata: { renewal: true },
    });
    expect(charged).toMatchObject({ reference: next, status: 'success', amountKobo: 1_500_000 });
    expect(paystack.requests.at(-1)).toEqual({
      method: 'POST',
      url: '/transaction/charge_authorization',
      authorization: `Bearer ${SECRET}`,
      body: {
        authorization_code: code,
        email: 's@example.ng',
        amount: 1_500_000,
        reference: next,
        currency: 'NGN',
        metadata: { renewal: true },
      },
    });
    paystack.state.declineRecurring = true;
    const declined = await provider().chargeAuthorization({
      reference: generateReference('TST'),
      amountKobo: 1_500_000,
      email: 's@example.ng',
      authorizationCode: code,
    });
    expect(declined).toMatchObject({ status: 'failed', gatewayResponse: 'Insufficient Funds' });
    paystack.state.declineRecurring = false;
    // An unknown authorization (or another customer's) is refused as a bad request.
    const refused = await failure(
      provider().chargeAuthorization({
        reference: generateReference('TST'),
        amountKobo: 1_500_000,
        email: 'other@example.ng',
        authorizationCode: code,
      }),
    );
    expect(refused.code).toBe('BAD_REQUEST');
  });

  it('maps failed, abandoned and ongoing statuses', async () => {
    const reference = generateReference('TST');
    await provider().initialize({
      reference,
      amountKobo: 10_000,
      email: 'c@example.ng',
      callbackUrl: 'http://x/',
    });
    expect((await provider().verify(reference)).status).toBe('abandoned');
    paystack.pay(reference, { status: 'failed', gateway_response: 'Declined', paid_at: null });
    expect(await provider().verify(reference)).toMatchObject({
      status: 'failed',
      gatewayResponse: 'Declined',
    });
    paystack.pay(reference, { status: 'ongoing' });
    expect((await provider().verify(reference)).status).toBe('pending');
  });

  it('refunds by transaction reference and amount', async () => {
    const reference = generateReference('TST');
    await provider().initialize({
      reference,
      amountKobo: 90_000,
      email: 'd@example.ng',
      callbackUrl: 'http://x/',
    });
    paystack.pay(reference);
    expect(await provider().refund(reference, 40_000)).toEqual({
      status: 'pending',
      amountKobo: 40_000,
      providerReference: expect.stringMatching(/^\d+$/),
    });
    expect(paystack.requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/refund',
      authorization: `Bearer ${SECRET}`,
      body: { transaction: reference, amount: 40_000 },
    });
  });

  it('answers clear errors and never leaks the secret', async () => {
    const refused = await failure(
      provider().initialize({
        reference: generateReference('TST'),
        amountKobo: 100,
        email: 'nope',
        callbackUrl: 'http://x/',
      }),
    );
    expect(refused.code).toBe('BAD_REQUEST');
    expect(refused.message).toContain('Invalid Email Address Passed');

    expect((await failure(provider().verify('TST-UNKNOWN'))).code).toBe('NOT_FOUND');

    const wrongKey = createPaystackProvider({ secretKey: 'sk_test_wrong', baseUrl: paystack.url });
    const unauthorised = await failure(wrongKey.verify('TST-X'));
    expect(unauthorised.code).toBe('SERVICE_UNAVAILABLE');
    expect(unauthorised.message).not.toContain('sk_test');

    paystack.state.mode = 'error500';
    expect((await failure(provider().verify('TST-X'))).message).toBe(
      'The payment provider is not answering. Please try again.',
    );
    paystack.state.mode = 'not-json';
    expect((await failure(provider().verify('TST-X'))).code).toBe('SERVICE_UNAVAILABLE');
  });

  it('gives up after its timeout', async () => {
    paystack.state.mode = 'hang';
    const started = Date.now();
    const error = await failure(provider().verify('TST-X'));
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('says the provider is not answering when nothing listens', async () => {
    const closed = createPaystackProvider({
      secretKey: SECRET,
      baseUrl: 'http://127.0.0.1:1',
      timeoutMs: 2_000,
    });
    const error = await failure(closed.verify('TST-X'));
    expect(error.message).toBe('The payment provider is not answering. Please try again.');
    expect(JSON.stringify(error)).not.toContain(SECRET);
  });
});

describe('webhook signature', () => {
  const body = Buffer.from(JSON.stringify({ event: 'charge.success', data: { id: 42, reference: 'TST-1' } }));

  it('accepts the HMAC-SHA512 hex of the raw body with the secret key', () => {
    const signature = signPaystackBody(SECRET, body);
    expect(signature).toMatch(/^[0-9a-f]{128}$/);
    expect(verifyPaystackSignature(SECRET, body, signature)).toBe(true);
    expect(provider().verifySignature(body, signature)).toBe(true);
  });

  it('refuses a missing, short, long, wrong-key or tampered signature without throwing', () => {
    const signature = signPaystackBody(SECRET, body);
    expect(verifyPaystackSignature(SECRET, body, undefined)).toBe(false);
    expect(verifyPaystackSignature(SECRET, body, '')).toBe(false);
    expect(verifyPaystackSignature(SECRET, body, signature.slice(0, 64))).toBe(false);
    expect(verifyPaystackSignature(SECRET, body, `${signature}00`)).toBe(false);
    expect(verifyPaystackSignature(SECRET, body, signPaystackBody('sk_test_other', body))).toBe(false);
    expect(verifyPaystackSignature(SECRET, Buffer.from(`${body.toString()} `), signature)).toBe(false);
    // Same length, multi-byte characters: compared as bytes, so a length check on characters is not enough.
    expect(verifyPaystackSignature(SECRET, body, 'é'.repeat(64))).toBe(false);
  });

  it('reads the event and keys it by event and transaction id', () => {
    expect(parsePaystackWebhook(body)).toEqual({
      event: 'charge.success',
      reference: 'TST-1',
      eventKey: 'charge.success:42',
    });
    expect(() => parsePaystackWebhook(Buffer.from('{'))).toThrow(AppError);
    expect(() => parsePaystackWebhook(Buffer.from('{"event":"x"}'))).toThrow(AppError);
  });
});

describe('references', () => {
  it('are the prefix and 26 base32 characters, unique', () => {
    const references = new Set(Array.from({ length: 500 }, () => generateReference('CHK')));
    expect(references.size).toBe(500);
    for (const reference of references) expect(reference).toMatch(/^CHK-[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(() => generateReference('chk')).toThrow();
  });
});
