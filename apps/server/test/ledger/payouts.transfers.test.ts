import { adminPayoutEndpoints, merchantPayoutEndpoints } from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../../src/modules/ledger/ledger.schema.js';
import { PAYOUT_CONFIRM_AFTER_MINUTES } from '../../src/modules/ledger/ledger.service.js';
import { PAYSTACK_WEBHOOK_PATH } from '../../src/modules/payments/payments.routes.js';
import { sandboxSecret } from '../../src/platform/payments/index.js';
import { signPaystackBody } from '../../src/platform/payments/signature.js';
import { createPaystackTransfers } from '../../src/platform/payments/transfers.js';
import { caller, type Dispatcher } from '../returns/returns-support.js';
import { type CommerceSetup, type SellingStore, sellingStore } from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { type FakePaystack, startFakePaystack } from '../support/payments.fake-paystack.js';
import { pglite } from '../support/postgres-proofs.js';
import { json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';
import {
  ledgerTotal,
  orderRow,
  payableOrder,
  saveBankAccount,
  unbalancedMovements,
} from './ledger-support.js';

// Payouts through the Paystack Transfers adapter (against a local stand-in for api.paystack.co that queues every
// transfer, as Paystack does): many approvals at once make one payout and one transfer; transfer.success,
// transfer.failed and transfer.reversed settle it through the signed webhook, each once however often delivered.
// Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

const SECRET = 'sk_test_transfers';
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

const approve = (storeId: string) =>
  call('POST', urlOf(adminPayoutEndpoints.approvePayout, { params: { storeId } }), setup.admin.accessToken);

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
  const store: SellingStore = await sellingStore(test, setup);
  await saveBankAccount(test, store.storeId, store.id);
  const order = await payableOrder(test, setup, store, dispatcher, { price: 6_000 });
  return { store, orderId: order.orderId };
}

const transfersTo = (reference: string) =>
  fake.requests.filter((request) => request.url === '/transfer' && request.body?.reference === reference);

describe('approvePayout under concurrency', () => {
  it('ten approvals at once make exactly one payout and one transfer', async () => {
    const { store, orderId } = await payableStore();
    const due = (await orderRow(test, orderId)).dueToMerchantKobo!;
    const before = fake.requests.filter((request) => request.url === '/transfer').length;
    const answers = await Promise.all(Array.from({ length: 10 }, () => approve(store.storeId)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(9);
    const rows = await test.deps.db.select().from(payouts).where(eq(payouts.storeId, store.storeId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountKobo: due, status: 'processing', orderCount: 1 });
    expect(fake.requests.filter((request) => request.url === '/transfer').length - before).toBe(1);
    expect(transfersTo(rows[0]!.reference)[0]?.body).toMatchObject({
      amount: due,
      recipient: 'RCP_fake4579',
      currency: 'NGN',
    });
    expect((await orderRow(test, orderId)).payoutId).toBe(rows[0]!.id);

    // The queued transfer succeeds: the payout is processed and posted once, however often Paystack tells it.
    const data = { reference: rows[0]!.reference, transfer_code: 'TRF_concurrent', amount: due };
    const first = await webhook('transfer.success', data);
    expect(first.statusCode).toBe(200);
    expect(json(first).data).toEqual({ outcome: 'transfer:processed' });
    expect(json(await webhook('transfer.success', data)).data).toEqual({ outcome: 'duplicate' });
    const [paid] = await test.deps.db.select().from(payouts).where(eq(payouts.id, rows[0]!.id));
    expect(paid).toMatchObject({ status: 'processed', transferCode: 'TRF_concurrent' });
    expect((await orderRow(test, orderId)).paidOutAt).not.toBeNull();
    expect(await ledgerTotal(test)).toBe(0);
  });
});

pglite.describe('transfer webhooks', () => {
  it('a failed transfer puts the money back to payable, and a new approval pays it', async () => {
    const { store, orderId } = await payableStore();
    const approved = json(await approve(store.storeId)).data;
    expect(approved.status).toBe('processing');
    const failed = await webhook('transfer.failed', {
      reference: approved.reference,
      transfer_code: 'TRF_failed',
      reason: 'Account could not be credited',
    });
    expect(json(failed).data).toEqual({ outcome: 'transfer:failed' });
    const [row] = await test.deps.db.select().from(payouts).where(eq(payouts.id, approved.id));
    expect(row).toMatchObject({ status: 'failed', failureReason: 'Account could not be credited' });
    expect((await orderRow(test, orderId)).payoutId).toBeNull();
    const balances = json(await call('GET', urlOf(merchantPayoutEndpoints.balances), store.accessToken)).data;
    expect(balances).toMatchObject({ approved: 0, processed: 0, payable: approved.amount });
    // A late success of the failed transfer changes nothing.
    expect(
      json(await webhook('transfer.success', { reference: approved.reference, transfer_code: 'TRF_x' })).data,
    ).toEqual({ outcome: 'transfer:failed' });

    const again = json(await approve(store.storeId)).data;
    expect(again.id).not.toBe(approved.id);
    expect(again.amount).toBe(approved.amount);
    await webhook('transfer.success', { reference: again.reference, transfer_code: 'TRF_again' });
    expect(
      json(await call('GET', urlOf(merchantPayoutEndpoints.history), store.accessToken)).data.payouts,
    ).toMatchObject([
      { id: again.id, status: 'processed' },
      { id: approved.id, status: 'failed' },
    ]);
    expect(await ledgerTotal(test)).toBe(0);
  });

  it('a reversed transfer after success gives the money back to payable and undoes the payout in the books', async () => {
    const { store, orderId } = await payableStore();
    const approved = json(await approve(store.storeId)).data;
    await webhook('transfer.success', { reference: approved.reference, transfer_code: 'TRF_rev' });
    const reversed = await webhook('transfer.reversed', {
      reference: approved.reference,
      transfer_code: 'TRF_rev',
    });
    expect(json(reversed).data).toEqual({ outcome: 'transfer:reversed' });
    expect(await orderRow(test, orderId)).toMatchObject({ payoutId: null, paidOutAt: null });
    const balances = json(await call('GET', urlOf(merchantPayoutEndpoints.balances), store.accessToken)).data;
    expect(balances).toMatchObject({ payable: approved.amount, processed: 0 });
    expect(await ledgerTotal(test)).toBe(0);
    expect(await unbalancedMovements(test)).toBe(0);
  });

  it('refuses forged deliveries and ignores unknown references and wrong amounts', async () => {
    const body = Buffer.from(JSON.stringify({ event: 'transfer.success', data: { reference: 'PAY-X' } }));
    const forged = await test.app.inject({
      method: 'POST',
      url: PAYSTACK_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': 'f'.repeat(128) },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    expect(json(await webhook('transfer.success', { reference: 'PAY-UNKNOWN1' })).data).toEqual({
      outcome: 'transfer:unknown',
    });
    const { store } = await payableStore();
    const approved = json(await approve(store.storeId)).data;
    const wrong = await webhook('transfer.success', {
      reference: approved.reference,
      transfer_code: 'TRF_wrong',
      amount: 1,
    });
    expect(json(wrong).data).toEqual({ outcome: 'transfer:mismatch' });
    const [row] = await test.deps.db.select().from(payouts).where(eq(payouts.id, approved.id));
    expect(row!.status).toBe('processing');
  });
});

describe('payouts whose webhook is late (the payouts.confirm-late job)', () => {
  /** Moves a payout's last change back past PAYOUT_CONFIRM_AFTER_MINUTES, as if its webhook had been lost. */
  async function makeLate(payoutId: string, status?: 'approved') {
    const longAgo = new Date(Date.now() - (PAYOUT_CONFIRM_AFTER_MINUTES + 1) * 60_000);
    await test.deps.db
      .update(payouts)
      .set({ updatedAt: longAgo, ...(status ? { status } : {}) })
      .where(eq(payouts.id, payoutId));
  }
  const payoutOf = async (id: string) =>
    (await test.deps.db.select().from(payouts).where(eq(payouts.id, id)))[0]!;

  pglite.it(
    'waits while the provider is on it, then settles from its answer once, whatever the webhook does after',
    async () => {
      const { store, orderId } = await payableStore();
      const approved = json(await approve(store.storeId)).data;
      // Not late yet: the provider is not asked.
      const asked = () =>
        fake.requests.filter((request) => request.url === `/transfer/verify/${approved.reference}`);
      expect(await test.jobs.confirmLatePayouts()).toEqual({ sent: 0, settled: 0, waiting: 0 });
      expect(asked()).toHaveLength(0);

      await makeLate(approved.id);
      expect(await test.jobs.confirmLatePayouts()).toEqual({ sent: 0, settled: 0, waiting: 1 });
      expect(asked()).toHaveLength(1);
      expect((await payoutOf(approved.id)).status).toBe('processing');

      const transfer = fake.transfers.get(approved.reference)!;
      transfer.status = 'success';
      expect(await test.jobs.confirmLatePayouts()).toEqual({ sent: 0, settled: 1, waiting: 0 });
      expect(await payoutOf(approved.id)).toMatchObject({
        status: 'processed',
        transferCode: transfer.transfer_code,
      });
      expect((await orderRow(test, orderId)).paidOutAt).not.toBeNull();
      expect(await ledgerTotal(test)).toBe(0);
      const balances = json(
        await call('GET', urlOf(merchantPayoutEndpoints.balances), store.accessToken),
      ).data;
      expect(balances).toMatchObject({ processed: approved.amount, approved: 0, payable: 0 });

      // The lost webhook turns up after all, and the job runs again: nothing is posted twice.
      const late = await webhook('transfer.success', {
        reference: approved.reference,
        transfer_code: transfer.transfer_code,
        amount: transfer.amount,
      });
      expect(json(late).data).toEqual({ outcome: 'transfer:processed' });
      expect(await test.jobs.confirmLatePayouts()).toEqual({ sent: 0, settled: 0, waiting: 0 });
      expect(await ledgerTotal(test)).toBe(0);
      expect(await unbalancedMovements(test)).toBe(0);
      expect(
        json(await call('GET', urlOf(merchantPayoutEndpoints.balances), store.accessToken)).data,
      ).toMatchObject({
        processed: approved.amount,
        payable: 0,
      });
    },
  );

  pglite.it(
    'a transfer the provider failed, or never received, fails the payout and frees its orders for the next',
    async () => {
      const failedAtProvider = await payableStore();
      const first = json(await approve(failedAtProvider.store.storeId)).data;
      fake.transfers.get(first.reference)!.status = 'failed';

      // The second payout's requests are cut off after the balance check: it waits for a webhook that cannot come.
      const neverSent = await payableStore();
      fake.state.error500On = '/transferrecipient';
      const second = json(await approve(neverSent.store.storeId)).data;
      fake.state.error500On = null;
      expect(second).toMatchObject({ status: 'processing' });
      expect(fake.transfers.has(second.reference)).toBe(false);

      await makeLate(first.id);
      await makeLate(second.id);
      expect(await test.jobs.confirmLatePayouts()).toEqual({ sent: 0, settled: 2, waiting: 0 });
      expect(await payoutOf(first.id)).toMatchObject({
        status: 'failed',
        failureReason: 'The transfer failed',
      });
      expect(await payoutOf(second.id)).toMatchObject({
        status: 'failed',
        failureReason: 'The transfer never reached the payment provider',
      });
      for (const { orderId } of [failedAtProvider, neverSent])
        expect((await orderRow(test, orderId)).payoutId).toBeNull();
      expect(await ledgerTotal(test)).toBe(0);

      // The money is payable again, and a new approval sends it.
      const again = json(await approve(neverSent.store.storeId)).data;
      expect(again).toMatchObject({ status: 'processing', amount: second.amount });
      expect(transfersTo(again.reference)).toHaveLength(1);
    },
  );

  pglite.it('a provider not answering leaves the payout for the next run', async () => {
    const { store } = await payableStore();
    const approved = json(await approve(store.storeId)).data;
    await makeLate(approved.id);
    fake.state.mode = 'not-json';
    try {
      expect(await test.jobs.confirmLatePayouts()).toEqual({ sent: 0, settled: 0, waiting: 1 });
    } finally {
      fake.state.mode = 'normal';
    }
    expect((await payoutOf(approved.id)).status).toBe('processing');
    fake.transfers.get(approved.reference)!.status = 'reversed';
    expect(await test.jobs.confirmLatePayouts()).toEqual({ sent: 0, settled: 1, waiting: 0 });
    expect(await payoutOf(approved.id)).toMatchObject({ status: 'reversed' });
  });

  it('an approved payout that was never sent (the process stopped) is sent once, however many runs at once', async () => {
    const { store } = await payableStore();
    const approved = json(await approve(store.storeId)).data;
    fake.transfers.delete(approved.reference);
    const before = transfersTo(approved.reference).length;
    await makeLate(approved.id, 'approved');
    const runs = await Promise.all(Array.from({ length: 4 }, () => test.jobs.confirmLatePayouts()));
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBeGreaterThanOrEqual(1);
    expect(transfersTo(approved.reference).length - before).toBe(1);
    expect((await payoutOf(approved.id)).status).toBe('processing');
  });
});
