import { adminPayoutEndpoints } from '@market/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, payouts } from '../../src/modules/ledger/ledger.schema.js';
import {
  PAYOUT_CONFIRM_AFTER_MINUTES,
  PAYOUT_OUTCOME_UNKNOWN,
} from '../../src/modules/ledger/ledger.service.js';
import { PAYSTACK_WEBHOOK_PATH } from '../../src/modules/payments/payments.routes.js';
import { notificationEvents } from '../../src/platform/notify/events.schema.js';
import { sandboxSecret } from '../../src/platform/payments/index.js';
import { signPaystackBody } from '../../src/platform/payments/signature.js';
import { createPaystackTransfers } from '../../src/platform/payments/transfers.js';
import { caller, type Dispatcher } from '../returns/returns-support.js';
import { type CommerceSetup, sellingStore } from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import {
  FAKE_TRANSFER_OTP,
  type FakePaystack,
  startFakePaystack,
} from '../support/payments.fake-paystack.js';
import { pglite } from '../support/postgres-proofs.js';
import { json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';
import { ledgerTotal, payableOrder, saveBankAccount } from './ledger-support.js';

// Issue 29, ADR 061: a payout whose transfer (or OTP finalise) is answered after the client's timeout is "unknown",
// never failed: it stays open, nothing is sent again, the OTP cannot be entered again, the admin sees it under its own
// filter, and the provider's webhook or its transfer verify settles it. One transfer at the provider, one payout in
// the books. Against the local stand-in for api.paystack.co, which does the work and answers late.

const SECRET = 'sk_test_payout_unknown';
const TIMEOUT_MS = 1_500;
const LATE_MS = 2_500;
let fake: FakePaystack;
let test: TestApp;
let setup: CommerceSetup;
let dispatcher: Dispatcher;
let call: ReturnType<typeof caller>;
let minutesAhead = 0;

beforeAll(async () => {
  fake = await startFakePaystack(SECRET);
  const market = await world({
    stores: 0,
    customers: 0,
    dispatchers: 1,
    app: {
      now: () => new Date(Date.now() + minutesAhead * 60_000),
      transferProvider: createPaystackTransfers({
        secretKey: SECRET,
        baseUrl: fake.url,
        timeoutMs: TIMEOUT_MS,
      }),
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

const approve = (storeId: string) =>
  call('POST', urlOf(adminPayoutEndpoints.approvePayout, { params: { storeId } }), setup.admin.accessToken);
const finalize = (payoutId: string) =>
  call('POST', urlOf(adminPayoutEndpoints.finalizeOtp, { params: { payoutId } }), setup.admin.accessToken, {
    otp: FAKE_TRANSFER_OTP,
  });

/** A transfer.* delivery signed like the provider's (the app's payments run on the sandbox, so with its key). */
function webhook(event: string, data: Record<string, unknown>) {
  const body = Buffer.from(JSON.stringify({ event, data }));
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
  const store = await sellingStore(test, setup);
  await saveBankAccount(test, store.storeId, store.id);
  await payableOrder(test, setup, store, dispatcher, { price: 6_000 });
  return store;
}

const payoutRow = async (id: string) =>
  (await test.deps.db.select().from(payouts).where(eq(payouts.id, id)))[0]!;
const requestsTo = (url: string, match: (body: Record<string, unknown> | undefined) => boolean) =>
  fake.requests.filter((request) => request.url === url && match(request.body));
/** Payout movements the books hold for one payout. */
async function bookedPayouts(payoutId: string) {
  const rows = await test.deps.db
    .select({ movementId: ledgerEntries.movementId })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.payoutId, payoutId), eq(ledgerEntries.kind, 'payout')));
  return new Set(rows.map((row) => row.movementId)).size;
}
const listedUnknown = async () =>
  json(
    await call(
      'GET',
      urlOf(adminPayoutEndpoints.payouts, { query: { status: 'unknown', limit: 100 } }),
      setup.admin.accessToken,
    ),
  ).data.payouts.map((payout: { id: string }) => payout.id);
const settle = async () => {
  minutesAhead = 5;
  try {
    return await test.jobs.confirmLatePayouts();
  } finally {
    minutesAhead = 0;
  }
};

describe('a late transfer', () => {
  pglite.it(
    'is unknown, open, listed under its own filter, and settled once by asking the provider',
    async () => {
      fake.state.transferOtp = false;
      const store = await payableStore();
      fake.state.late = { on: 'POST /transfer', ms: LATE_MS, once: true };
      const approved = await approve(store.storeId);
      expect(approved.statusCode).toBe(200);
      const payout = json(approved).data;
      expect(payout).toMatchObject({ status: 'processing', outcomeUnknown: true });
      expect((await payoutRow(payout.id)).outcomeUnknownSince).not.toBeNull();
      expect(await listedUnknown()).toContain(payout.id);
      // Still open: a second approval is refused, nothing is sent again.
      expect((await approve(store.storeId)).statusCode).toBe(409);

      await new Promise((resolve) => setTimeout(resolve, LATE_MS + 100));
      expect(fake.transfers.get(payout.reference)).toMatchObject({ status: 'pending' });
      // Asked while Paystack still works on it: it waits.
      await settle();
      expect((await payoutRow(payout.id)).status).toBe('processing');
      // Paystack finished it; its webhook is lost: the job's transfer verify settles it once.
      fake.transfers.get(payout.reference)!.status = 'success';
      await settle();
      expect(await payoutRow(payout.id)).toMatchObject({ status: 'processed', outcomeUnknownSince: null });
      // The webhook comes after all: nothing moves twice.
      const late = await webhook('transfer.success', {
        reference: payout.reference,
        transfer_code: fake.transfers.get(payout.reference)!.transfer_code,
        amount: fake.transfers.get(payout.reference)!.amount,
      });
      expect(json(late).data).toEqual({ outcome: 'transfer:processed' });
      expect(requestsTo('/transfer', (body) => body?.reference === payout.reference)).toHaveLength(1);
      expect(await bookedPayouts(payout.id)).toBe(1);
      expect(await listedUnknown()).not.toContain(payout.id);
      expect(await ledgerTotal(test)).toBe(0);
    },
  );
});

describe('a late OTP finalise', () => {
  pglite.it(
    'is unknown; the OTP cannot be entered again (409, saying why); the webhook settles it once',
    async () => {
      fake.state.transferOtp = true;
      const store = await payableStore();
      const payout = json(await approve(store.storeId)).data;
      expect(payout).toMatchObject({ status: 'processing', needsOtp: true });
      fake.state.late = { on: 'POST /transfer/finalize_transfer', ms: LATE_MS, once: true };
      const entered = await finalize(payout.id);
      expect(entered.statusCode).toBe(200);
      expect(json(entered).data).toMatchObject({
        status: 'processing',
        needsOtp: false,
        outcomeUnknown: true,
      });
      const again = await finalize(payout.id);
      expect(again.statusCode).toBe(409);
      expect(json(again).message).toBe(PAYOUT_OUTCOME_UNKNOWN);

      await new Promise((resolve) => setTimeout(resolve, LATE_MS + 100));
      const made = fake.transfers.get(payout.reference)!;
      made.status = 'success';
      const delivered = await webhook('transfer.success', {
        reference: payout.reference,
        transfer_code: made.transfer_code,
        amount: made.amount,
      });
      expect(json(delivered).data).toEqual({ outcome: 'transfer:processed' });
      await settle();
      expect(await payoutRow(payout.id)).toMatchObject({ status: 'processed', outcomeUnknownSince: null });
      expect(
        requestsTo('/transfer/finalize_transfer', (body) => body?.transfer_code === made.transfer_code),
      ).toHaveLength(1);
      expect(await bookedPayouts(payout.id)).toBe(1);
    },
  );

  pglite.it(
    'a finalise that never reached Paystack is found still waiting for its OTP, which may then be entered',
    async () => {
      fake.state.transferOtp = true;
      const store = await payableStore();
      const payout = json(await approve(store.storeId)).data;
      fake.state.silent = { on: 'POST /transfer/finalize_transfer', work: false, once: true };
      expect(json(await finalize(payout.id)).data).toMatchObject({ outcomeUnknown: true, needsOtp: false });
      await settle();
      expect(await payoutRow(payout.id)).toMatchObject({ needsOtp: true, outcomeUnknownSince: null });
      const entered = await finalize(payout.id);
      expect(entered.statusCode).toBe(200);
      expect(fake.transfers.get(payout.reference)).toMatchObject({ status: 'pending' });
    },
  );

  it('a process that died between claiming the OTP and sending it: the next asks the admins for the OTP again (ADR 071)', async () => {
    fake.state.transferOtp = true;
    const store = await payableStore();
    const payout = json(await approve(store.storeId)).data;
    expect(payout).toMatchObject({ needsOtp: true });
    // What `finalizeOtp` commits before it calls Paystack (the claim); the process dies before the call leaves.
    await test.deps.db
      .update(payouts)
      .set({ needsOtp: false, updatedAt: test.deps.now() })
      .where(eq(payouts.id, payout.id));
    // Nobody can enter the OTP now, and nothing says the outcome is unknown: only the resume step can free it.
    expect((await finalize(payout.id)).statusCode).toBe(409);
    minutesAhead = PAYOUT_CONFIRM_AFTER_MINUTES + 1;
    try {
      await test.jobs.confirmLatePayouts();
    } finally {
      minutesAhead = 0;
    }
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'processing', needsOtp: true });
    const asked = await test.deps.db
      .select({ key: notificationEvents.key })
      .from(notificationEvents)
      .where(eq(notificationEvents.kind, 'payout.needs-otp'));
    expect(asked.filter((event) => event.key.startsWith(`payout.needs-otp:${payout.id}:`))).toHaveLength(2);
    const entered = await finalize(payout.id);
    expect(entered.statusCode).toBe(200);
    const made = fake.transfers.get(payout.reference)!;
    expect(made.status).not.toBe('otp');
    expect(requestsTo('/transfer', (body) => body?.reference === payout.reference)).toHaveLength(1);
  });
});
