import {
  adminPayoutEndpoints,
  adminReturnEndpoints,
  fulfilmentEndpoints,
  PAYOUT_NEEDS_OTP,
} from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../../src/modules/ledger/ledger.schema.js';
import { orderRefunds } from '../../src/modules/orders/orders.schema.js';
import { PAYSTACK_WEBHOOK_PATH } from '../../src/modules/payments/payments.routes.js';
import { sandboxSecret } from '../../src/platform/payments/index.js';
import { signPaystackBody } from '../../src/platform/payments/signature.js';
import { createPaystackTransfers } from '../../src/platform/payments/transfers.js';
import { caller, type Dispatcher, paidOrder } from '../returns/returns-support.js';
import { type CommerceSetup, type SellingStore, sellingStore, shopper } from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import {
  FAKE_TRANSFER_OTP,
  type FakePaystack,
  paystackFixture,
  startFakePaystack,
} from '../support/payments.fake-paystack.js';
import { pglite } from '../support/postgres-proofs.js';
import { createAdmin, createPartner, json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';
import { ledgerTotal, orderRow, payableOrder, saveBankAccount } from './ledger-support.js';

// Paystack as documented for payouts (ADR 044), against the local stand-in for api.paystack.co with transfer OTPs
// on (Paystack's default): approval says an OTP is needed, the admin resends and enters it, two finalises at once
// pay once; a balance too low refuses approval and changes nothing; a 429 is retried and never fails a payout;
// references are in Paystack's alphabet. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

const SECRET = 'sk_test_transfer_otp';
let fake: FakePaystack;
let test: TestApp;
let setup: CommerceSetup;
let dispatcher: Dispatcher;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  fake = await startFakePaystack(SECRET);
  const market = await world({
    stores: 0,
    customers: 0,
    dispatchers: 1,
    app: {
      transferProvider: createPaystackTransfers({ secretKey: SECRET, baseUrl: fake.url }),
    },
  });
  ({ test, setup } = market);
  [dispatcher] = market.dispatchers;
  call = caller(test);
}, 240_000);
afterAll(async () => {
  await test.close();
  await fake.close();
});

const approve = (storeId: string, token = setup.admin.accessToken) =>
  call('POST', urlOf(adminPayoutEndpoints.approvePayout, { params: { storeId } }), token);
const finalize = (payoutId: string, otp: string, token = setup.admin.accessToken) =>
  call('POST', urlOf(adminPayoutEndpoints.finalizeOtp, { params: { payoutId } }), token, { otp });
const resend = (payoutId: string, token = setup.admin.accessToken) =>
  call('POST', urlOf(adminPayoutEndpoints.resendOtp, { params: { payoutId } }), token);

/** A delivery signed like the provider's (the app's payments run on the sandbox, so with its key). */
function webhook(payload: unknown) {
  const body = Buffer.from(JSON.stringify(payload));
  return test.app.inject({
    method: 'POST',
    url: PAYSTACK_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': signPaystackBody(sandboxSecret(test.deps.config.dataDir), body),
    },
    payload: body,
  });
}

async function payableStore() {
  const store: SellingStore = await sellingStore(test, setup);
  await saveBankAccount(test, store.storeId, store.id);
  const order = await payableOrder(test, setup, store, dispatcher, { price: 6_000 });
  return { store, orderId: order.orderId };
}

const requestsTo = (url: string) => fake.requests.filter((request) => request.url === url);
const payoutRow = async (id: string) =>
  (await test.deps.db.select().from(payouts).where(eq(payouts.id, id)))[0]!;

describe('transfer OTP', () => {
  it('approval says an OTP is needed; resend and a wrong OTP change nothing; two finalises at once pay once', async () => {
    fake.state.transferOtp = true;
    try {
      const { store, orderId } = await payableStore();
      const approved = await approve(store.storeId);
      expect(approved.statusCode).toBe(200);
      expect(json(approved).message).toBe(PAYOUT_NEEDS_OTP);
      const payout = json(approved).data;
      expect(payout).toMatchObject({ status: 'processing', needsOtp: true });
      // Paystack's alphabet: lowercase letters, digits, - and _.
      expect(payout.reference).toMatch(/^pay_[0-9a-z]{16}$/);
      const transfer = fake.transfers.get(payout.reference)!;
      expect(transfer.status).toBe('otp');

      // The late-payout job asks Paystack, hears `otp` (still on its way) and leaves it for the admin.
      await test.deps.db
        .update(payouts)
        .set({ updatedAt: new Date(Date.now() - 3_600_000) })
        .where(eq(payouts.id, payout.id));
      expect(await test.jobs.confirmLatePayouts()).toMatchObject({ settled: 0 });
      expect(await payoutRow(payout.id)).toMatchObject({ status: 'processing', needsOtp: true });

      const resent = await resend(payout.id);
      expect(resent.statusCode).toBe(200);
      expect(requestsTo('/transfer/resend_otp').at(-1)?.body).toEqual({
        transfer_code: transfer.transfer_code,
        reason: 'transfer',
      });

      const wrong = await finalize(payout.id, '000000');
      expect(wrong.statusCode).toBe(422);
      expect(json(wrong).details).toEqual([{ path: 'otp', message: 'Paystack did not accept this OTP' }]);
      expect(await payoutRow(payout.id)).toMatchObject({ status: 'processing', needsOtp: true });
      expect((await finalize(payout.id, 'abc')).statusCode).toBe(422);

      const before = requestsTo('/transfer/finalize_transfer').length;
      const answers = await Promise.all([
        finalize(payout.id, FAKE_TRANSFER_OTP),
        finalize(payout.id, FAKE_TRANSFER_OTP),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      // One of the two reached Paystack (the wrong OTP before it was the other request).
      expect(requestsTo('/transfer/finalize_transfer').length - before).toBe(1);
      expect(fake.transfers.get(payout.reference)!.status).toBe('pending');
      expect(await payoutRow(payout.id)).toMatchObject({ status: 'processing', needsOtp: false });
      expect((await resend(payout.id)).statusCode).toBe(409);

      // Paystack's transfer.success (its documented payload, with our reference and amount) pays it once.
      const sample = paystackFixture<{ event: string; data: Record<string, unknown> }>(
        'webhooks/transfer.success',
      );
      const success = {
        ...sample,
        data: {
          ...sample.data,
          reference: payout.reference,
          amount: (await payoutRow(payout.id)).amountKobo,
          transfer_code: transfer.transfer_code,
        },
      };
      expect(json(await webhook(success)).data).toEqual({ outcome: 'transfer:processed' });
      expect(json(await webhook(success)).data).toEqual({ outcome: 'duplicate' });
      expect(await payoutRow(payout.id)).toMatchObject({ status: 'processed', needsOtp: false });
      expect((await orderRow(test, orderId)).paidOutAt).not.toBeNull();
      expect((await finalize(payout.id, FAKE_TRANSFER_OTP)).statusCode).toBe(409);
      expect(await ledgerTotal(test)).toBe(0);
    } finally {
      fake.state.transferOtp = false;
    }
  });

  pglite.it(
    'only admins who may pay out reach the OTP endpoints; others get 403, no one signed in 401',
    async () => {
      fake.state.transferOtp = true;
      try {
        const { store } = await payableStore();
        const payout = json(await approve(store.storeId)).data;
        const other: SellingStore = await sellingStore(test, setup);
        const customer = await shopper(test);
        const partner = await createPartner(test, { approved: true });
        const scheduler = await createAdmin(test, 'scheduler');
        for (const token of [
          store.accessToken,
          other.accessToken,
          customer.token,
          partner.accessToken,
          dispatcher.accessToken,
          scheduler.accessToken,
        ]) {
          expect((await finalize(payout.id, FAKE_TRANSFER_OTP, token)).statusCode).toBe(403);
          expect((await resend(payout.id, token)).statusCode).toBe(403);
        }
        expect(
          (await call('POST', urlOf(adminPayoutEndpoints.resendOtp, { params: { payoutId: payout.id } })))
            .statusCode,
        ).toBe(401);
        expect((await resend('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
        expect(await payoutRow(payout.id)).toMatchObject({ status: 'processing', needsOtp: true });
        expect(fake.transfers.get(payout.reference)!.status).toBe('otp');
      } finally {
        fake.state.transferOtp = false;
      }
    },
  );
});

pglite.describe('the Paystack balance before approval', () => {
  it('refuses with 409 and changes nothing when the balance is below the payout', async () => {
    const { store, orderId } = await payableStore();
    const transfersBefore = requestsTo('/transfer').length;
    fake.state.balanceKobo = 100;
    try {
      const refused = await approve(store.storeId);
      expect(refused.statusCode).toBe(409);
      expect(json(refused).message).toMatch(
        /^The Paystack balance \(₦1\.00\) is less than this payout \(₦[\d,.]+\)/,
      );
      expect(json(refused).error).toBe('CONFLICT');
    } finally {
      fake.state.balanceKobo = 2_910_971_757;
    }
    expect(await test.deps.db.select().from(payouts).where(eq(payouts.storeId, store.storeId))).toEqual([]);
    expect((await orderRow(test, orderId)).payoutId).toBeNull();
    expect(requestsTo('/transfer').length).toBe(transfersBefore);
    expect(json(await approve(store.storeId)).data.status).toBe('processing');
  });
});

pglite.describe('rate limits (429)', () => {
  it('a 429 is retried after what Retry-After says, and the transfer is sent once', async () => {
    const waits: number[] = [];
    const transfers = createPaystackTransfers({
      secretKey: SECRET,
      baseUrl: fake.url,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    fake.state.rateLimited = 2;
    fake.state.retryAfter = '3';
    try {
      expect(await transfers.balance()).toBe(2_910_971_757);
      expect(waits).toEqual([3000, 3000]);
      // Without Retry-After the adapter backs off exponentially.
      fake.state.rateLimited = 2;
      fake.state.retryAfter = null;
      waits.length = 0;
      expect(await transfers.balance()).toBe(2_910_971_757);
      expect(waits).toEqual([500, 1000]);
      // Still limited after the retries: "not answering", never a refusal.
      fake.state.rateLimited = 10;
      await expect(transfers.balance()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      fake.state.rateLimited = 0;
      fake.state.retryAfter = '0';
    }

    const { store } = await payableStore();
    fake.state.rateLimited = 2;
    const approved = json(await approve(store.storeId)).data;
    expect(fake.state.rateLimited).toBe(0);
    expect(approved).toMatchObject({ status: 'processing', failureReason: null });
    expect(fake.requests.filter((request) => request.body?.reference === approved.reference)).toHaveLength(1);
  });

  it('a 429 on the transfer that does not stop leaves the payout waiting, never failed', async () => {
    const { store, orderId } = await payableStore();
    fake.state.rateLimitOn = '/transfer';
    fake.state.rateLimited = 10;
    let approved: { id: string; status: string; failureReason: string | null };
    try {
      approved = json(await approve(store.storeId)).data;
    } finally {
      fake.state.rateLimitOn = null;
      fake.state.rateLimited = 0;
    }
    expect(approved).toMatchObject({
      status: 'processing',
      failureReason: 'Waiting for the payment provider to confirm',
    });
    expect((await orderRow(test, orderId)).payoutId).toBe(approved.id);
    // Four tries (one and three retries), none accepted: the late-payout job asks Paystack later.
    expect(fake.transfers.has((await payoutRow(approved.id)).reference)).toBe(false);
  });
});

pglite.describe('refund.needs-attention', () => {
  it('is flagged on the refund and shown to admins until the refund is finished', async () => {
    const store: SellingStore = await sellingStore(test, setup);
    const paid = await paidOrder(test, setup, store);
    expect(
      (
        await call(
          'PATCH',
          urlOf(fulfilmentEndpoints.updateOrder, { params: { id: paid.orderId } }),
          store.accessToken,
          {
            status: 'cancelled',
          },
        )
      ).statusCode,
    ).toBe(200);
    const [refund] = await test.deps.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, paid.orderId));
    // The sandbox finishes a refund at once; Paystack answers `pending` and keeps it while it works on it.
    await test.deps.db
      .update(orderRefunds)
      .set({ status: 'processing', processedAt: null })
      .where(eq(orderRefunds.id, refund!.id));
    const sample = paystackFixture<{ event: string; data: Record<string, unknown> }>(
      'webhooks/refund.needs-attention',
    );
    const data = {
      ...sample.data,
      transaction_reference: refund!.paymentReference,
      refund_reference: refund!.providerReference,
      amount: refund!.amountKobo,
    };
    expect(json(await webhook({ ...sample, data })).data).toEqual({ outcome: 'refund:needs-attention' });
    const listed = json(
      await call(
        'GET',
        urlOf(adminReturnEndpoints.refunds, { query: { limit: 100 } }),
        setup.admin.accessToken,
      ),
    ).data;
    const shown = listed.refunds.find((row: { id: string }) => row.id === refund!.id);
    expect(shown).toMatchObject({ status: 'processing', needsAttention: true });

    const processed = paystackFixture<{ event: string; data: Record<string, unknown> }>(
      'webhooks/refund.processed',
    );
    expect(
      json(await webhook({ ...processed, data: { ...processed.data, ...data, status: 'processed' } })).data,
    ).toEqual({ outcome: 'refund:processed' });
    const after = json(
      await call(
        'GET',
        urlOf(adminReturnEndpoints.refunds, { query: { limit: 100 } }),
        setup.admin.accessToken,
      ),
    ).data;
    expect(after.refunds.find((row: { id: string }) => row.id === refund!.id)).toMatchObject({
      status: 'processed',
      needsAttention: false,
    });
  });
});
