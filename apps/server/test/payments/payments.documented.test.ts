import { readdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYSTACK_WEBHOOK_PATH } from '../../src/modules/payments/payments.routes.js';
import {
  paymentDisputes,
  paymentTransactions,
  webhookEvents,
} from '../../src/modules/payments/payments.schema.js';
import type { Db } from '../../src/platform/db/client.js';
import { createPaystackBankDirectory } from '../../src/platform/payments/banks.js';
import type { PaymentPurpose } from '../../src/platform/payments/provider.js';
import { signPaystackBody } from '../../src/platform/payments/signature.js';
import { type FakePaystack, paystackFixture, startFakePaystack } from '../support/payments.fake-paystack.js';
import { createConfirmedAccount, createTestApp, json, type TestApp } from '../support/test-app.js';

// Paystack as its documentation has it (ADR 044), with the documentation's sample payloads
// (test/support/paystack-fixtures): every documented webhook event answers 2xx, disputes of our payments are
// recorded from their documented payload, fees passed to the customer settle, and the bank list is read to its end.

const SECRET = 'sk_test_documented_0123456789';
let paystack: FakePaystack;
let test: TestApp;
let payerEmail: string;
const expected = new Map<string, number>();
const paid: string[] = [];

const purpose: PaymentPurpose = {
  prefix: 'DOC',
  expectedAmountKobo: async (_: Db, reference: string) => expected.get(reference),
  onPaid: async (_: Db, reference: string) => {
    paid.push(reference);
  },
};

beforeAll(async () => {
  paystack = await startFakePaystack(SECRET);
  test = await createTestApp({ env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: paystack.url } });
  test.deps.payments.registerPurpose(purpose);
  payerEmail = (await createConfirmedAccount(test, 'customer')).email;
});
afterAll(async () => {
  await test.close();
  await paystack.close();
});

function deliver(payload: unknown) {
  const body = JSON.stringify(payload);
  return test.app.inject({
    method: 'POST',
    url: PAYSTACK_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystackBody(SECRET, body) },
    payload: body,
  });
}

async function start(amountKobo: number) {
  const reference = test.deps.payments.newReference('DOC');
  expected.set(reference, amountKobo);
  await test.deps.payments.start(test.deps.db, {
    reference,
    amountKobo,
    email: payerEmail,
    callbackPath: '/checkout/complete',
  });
  return reference;
}

type Sample = { event: string; data: Record<string, unknown> };
const documented = readdirSync(new URL('../support/paystack-fixtures/webhooks/', import.meta.url))
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.replace(/\.json$/, ''))
  .sort();

describe('every documented webhook event', () => {
  it('the fixtures hold the 24 documented events and refund.needs-attention', () => {
    expect(documented).toHaveLength(25);
    for (const name of documented) expect(paystackFixture<Sample>(`webhooks/${name}`).event).toBe(name);
  });

  it.each(documented)('%s answers 200 and is recorded once', async (name) => {
    const sample = paystackFixture<Sample>(`webhooks/${name}`);
    const first = await deliver(sample);
    expect(first.statusCode).toBe(200);
    expect(json(first).message).toBe('Webhook received');
    // None of the samples names one of our payments, refunds or payouts: acknowledged, acted on by no one.
    expect(json(first).data.outcome).toMatch(
      /^(ignored|unknown-reference|dispute:unknown-reference|refund:unknown|transfer:unknown)$/,
    );
    const again = await deliver(sample);
    expect(again.statusCode).toBe(200);
    expect(json(again).data).toEqual({ outcome: 'duplicate' });
    const rows = await test.deps.db.select().from(webhookEvents).where(eq(webhookEvents.event, name));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.processedAt).not.toBeNull();
  });

  it('a forged delivery of a documented event is still refused', async () => {
    const body = JSON.stringify(paystackFixture('webhooks/subscription.disable'));
    const forged = await test.app.inject({
      method: 'POST',
      url: PAYSTACK_WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': signPaystackBody('sk_wrong', body),
      },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe('disputes (charge.dispute.*) with the documented payload', () => {
  it('create, remind and resolve of a dispute of our payment are recorded against it', async () => {
    const reference = await start(5_800);
    paystack.pay(reference, { amount: 5_800, fees: 53 });
    await test.deps.payments.settle(reference);
    const ours = (name: string) => {
      const sample = paystackFixture<Sample>(`webhooks/${name}`);
      const transaction = sample.data.transaction as Record<string, unknown>;
      // The documented payload names the disputed payment in data.transaction.reference: ours here.
      return {
        ...sample,
        data: { ...sample.data, id: 9_000_001, transaction: { ...transaction, reference } },
      };
    };
    expect(json(await deliver(ours('charge.dispute.create'))).data).toEqual({ outcome: 'dispute:create' });
    const [opened] = await test.deps.db
      .select()
      .from(paymentDisputes)
      .where(eq(paymentDisputes.paymentReference, reference));
    expect(opened).toMatchObject({
      provider: 'paystack',
      providerDisputeId: '9000001',
      stage: 'create',
      status: 'awaiting-merchant-feedback',
      category: 'chargeback',
      refundAmountKobo: 5_800,
      currency: 'NGN',
      dueAt: new Date('2020-11-25T18:00:00.000Z'),
      resolution: null,
    });
    expect(json(await deliver(ours('charge.dispute.remind'))).data).toEqual({ outcome: 'dispute:remind' });
    const resolved = await deliver(ours('charge.dispute.resolve'));
    // Accepted, but for less than the card payment (5,700 of 5,800 kobo): left for an admin (ADR 049).
    expect(json(resolved).data).toEqual({ outcome: 'dispute:needs-review' });
    expect(json(await deliver(ours('charge.dispute.resolve'))).data).toEqual({ outcome: 'duplicate' });
    const rows = await test.deps.db
      .select()
      .from(paymentDisputes)
      .where(eq(paymentDisputes.paymentReference, reference));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      stage: 'resolve',
      status: 'resolved',
      resolution: 'auto-accepted',
      refundAmountKobo: 5_700,
      resolvedAt: new Date('2020-11-24T14:00:02.000Z'),
    });
  });
});

describe("Paystack's fee passed to the customer", () => {
  it('settles when the excess is exactly the reported fee; any other excess is a mismatch', async () => {
    const passed = await start(500_000);
    // Paystack adds its fee for the customer: amount = requested + fees.
    paystack.pay(passed, { amount: 507_600, fees: 7_600, requested_amount: 500_000 });
    expect(await test.deps.payments.settle(passed)).toEqual({ status: 'success', reference: passed });
    expect(paid).toContain(passed);
    const [row] = await test.deps.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.reference, passed));
    expect(row).toMatchObject({ amountKobo: 500_000, feesKobo: 7_600 });

    const odd = await start(500_000);
    paystack.pay(odd, { amount: 507_601, fees: 7_600, requested_amount: 500_000 });
    expect(await test.deps.payments.settle(odd)).toEqual({ status: 'mismatch', reference: odd });
    const short = await start(500_000);
    paystack.pay(short, { amount: 492_400, fees: 7_600 });
    expect(await test.deps.payments.settle(short)).toEqual({ status: 'mismatch', reference: short });
    const otherRequest = await start(500_000);
    paystack.pay(otherRequest, { amount: 507_600, fees: 7_600, requested_amount: 400_000 });
    expect(await test.deps.payments.settle(otherRequest)).toEqual({
      status: 'mismatch',
      reference: otherRequest,
    });
    expect(paid).not.toContain(odd);
  });
});

describe('banks', () => {
  it('the bank list follows meta.next to the end (cursor pagination), without inactive banks', async () => {
    const before = paystack.requests.length;
    const directory = createPaystackBankDirectory({ secretKey: SECRET, baseUrl: paystack.url });
    const banks = await directory.listBanks();
    const pages = paystack.requests.slice(before).filter((request) => request.url.startsWith('/bank?'));
    expect(pages).toHaveLength(3);
    expect(pages[0]!.url).toContain('use_cursor=true');
    expect(pages[0]!.url).toContain('perPage=100');
    expect(pages[1]!.url).toContain(`next=${encodeURIComponent(Buffer.from('bank:100').toString('base64'))}`);
    // 230 listed, one in fifty inactive.
    expect(banks).toHaveLength(226);
    expect(banks.map((bank) => bank.code)).toContain('100229');
    expect(banks.map((bank) => bank.code)).not.toContain('100049');
    // Cached for a day: a second read asks nothing.
    await directory.listBanks();
    expect(paystack.requests.length - before).toBe(3);
  });

  it('an account resolves to the name Paystack answers; an unknown one to none', async () => {
    const directory = createPaystackBankDirectory({ secretKey: SECRET, baseUrl: paystack.url });
    expect(await directory.resolveAccount('100001', '0022728151')).toBe('WES GIBBONS');
    expect(await directory.resolveAccount('100001', '0022728150')).toBeNull();
  });
});
