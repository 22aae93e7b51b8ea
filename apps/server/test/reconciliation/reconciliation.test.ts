import { randomUUID } from 'node:crypto';
import { reconciliationEndpoints } from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeBankAccounts } from '../../src/modules/bank-accounts/bank-accounts.schema.js';
import { ledgerEntries, payouts } from '../../src/modules/ledger/ledger.schema.js';
import { orderRefunds, orders, orderTrackers } from '../../src/modules/orders/orders.schema.js';
import { paymentTransactions } from '../../src/modules/payments/payments.schema.js';
import { reconciliationRuns } from '../../src/modules/reconciliation/reconciliation.schema.js';
import {
  sandboxCharges,
  sandboxRefunds,
  sandboxTransfers,
} from '../../src/platform/payments/sandbox.schema.js';
import { createPaystackStatements } from '../../src/platform/payments/statements.js';
import { createMerchantWithStore } from '../support/catalog-factory.js';
import { requestOf } from '../support/contract-requests.js';
import { startFakePaystackLists } from '../support/reconciliation.fake-paystack.js';
import {
  bearer,
  createAdmin,
  createConfirmedAccount,
  createPartner,
  createTestApp,
  json,
  login,
  type TestApp,
} from '../support/test-app.js';

// Issue 29 item 2 (ADR 065): a run pages through the provider's lists for a window of Lagos days and reports every
// kind of difference with the books; nothing moves money; admins without the permission, and every other kind of
// account, are refused.

const SECRET = 'sk_test_reconciliation';
/** The window: the Lagos day 2026-11-20, [2026-11-19T23:00Z, 2026-11-20T23:00Z). */
const DAY = '2026-11-20';
const IN_WINDOW = '2026-11-20T10:00:00.000Z';
const BEFORE_WINDOW = '2026-11-19T10:00:00.000Z';

type Test = TestApp;

/** One checkout and order of the books, so refunds of the books have something to belong to. */
async function bookedOrder(test: Test, reference: string) {
  const customerId = randomUUID();
  const [tracker] = await test.deps.db
    .insert(orderTrackers)
    .values({
      reference,
      customerId,
      status: 'paid',
      itemsSubtotalKobo: 500_000,
      shippingTotalKobo: 0,
      discountTotalKobo: 0,
      amountDueKobo: 500_000,
      deliveryAddress: {} as never,
      expiresAt: new Date(IN_WINDOW),
      paidAt: new Date(IN_WINDOW),
    })
    .returning();
  const [order] = await test.deps.db
    .insert(orders)
    .values({
      trackerId: tracker!.id,
      orderName: `NM-${randomUUID().slice(0, 8).toUpperCase()}`,
      customerId,
      storeId: randomUUID(),
      merchantId: randomUUID(),
      storeName: 'Reconciled Store',
      subtotalKobo: 500_000,
      shippingFeeKobo: 0,
      discountKobo: 0,
      totalKobo: 500_000,
      deliveryAddress: {} as never,
    })
    .returning();
  return { trackerId: tracker!.id, orderId: order!.id };
}

async function bookPayment(
  test: Test,
  reference: string,
  values: { status: 'success' | 'initialized'; amountKobo: number; providerTransactionId?: string },
) {
  await test.deps.db.insert(paymentTransactions).values({
    reference,
    purpose: 'CHK',
    provider: 'paystack',
    customerEmail: 'ada@example.ng',
    createdAt: new Date(IN_WINDOW),
    ...values,
  });
}

describe('reconciliation against Paystack (a stand-in answering its documented list endpoints)', () => {
  let test: Test;
  let fake: Awaited<ReturnType<typeof startFakePaystackLists>>;
  let finance: { accessToken: string; id: string };

  beforeAll(async () => {
    fake = await startFakePaystackLists(SECRET);
    // Five rows a page, so every list of this window takes several pages.
    test = await createTestApp({
      providerStatements: createPaystackStatements({ secretKey: SECRET, baseUrl: fake.url, perPage: 5 }),
    });
    finance = await createAdmin(test, 'admin');

    // ---------- payments ----------
    await bookPayment(test, 'CHK-RECON-OK', {
      status: 'success',
      amountKobo: 500_000,
      providerTransactionId: '4100000001',
    });
    await bookPayment(test, 'CHK-RECON-AMOUNT', { status: 'success', amountKobo: 300_000 });
    await bookPayment(test, 'CHK-RECON-MISSING', { status: 'success', amountKobo: 200_000 });
    await bookPayment(test, 'CHK-RECON-UNPAID', { status: 'initialized', amountKobo: 150_000 });
    const listed = (id: number, reference: string, status: string, amount: number, at = IN_WINDOW) =>
      fake.transactions.push({ id, reference, status, amount, created_at: at });
    listed(4_100_000_001, 'CHK-RECON-OK', 'success', 500_000);
    listed(4_100_000_002, 'CHK-RECON-AMOUNT', 'success', 310_000);
    listed(4_100_000_004, 'CHK-RECON-UNPAID', 'success', 150_000);
    // Abandoned attempts fill pages: nothing to report of them.
    for (let index = 0; index < 17; index++)
      listed(4_100_001_000 + index, `CHK-ABANDON-${index}`, 'abandoned', 1_000);
    // Only the fourth page names it: a run that read one page would miss it.
    listed(4_100_000_005, 'CHK-RECON-STRANGER', 'success', 99_900);
    // Before the window, unknown to the books: only a match for the margin, never reported.
    listed(4_100_000_006, 'CHK-RECON-YESTERDAY', 'success', 12_300, BEFORE_WINDOW);

    // ---------- refunds ----------
    const { trackerId, orderId } = await bookedOrder(test, 'CHK-RECON-OK');
    const bookRefund = (reference: string, values: Partial<typeof orderRefunds.$inferInsert>) =>
      test.deps.db.insert(orderRefunds).values({
        reference,
        trackerId,
        orderId,
        kind: 'cancellation',
        destination: 'provider',
        paymentReference: 'CHK-RECON-OK',
        amountKobo: 100_000,
        reason: 'Cancelled',
        requestedByRole: 'merchant',
        createdAt: new Date(IN_WINDOW),
        processedAt: new Date(IN_WINDOW),
        ...values,
      });
    await bookRefund('RFD-RECON-OK', { status: 'processed', providerReference: '9001' });
    await bookRefund('RFD-RECON-NOT-AT-PAYSTACK', {
      status: 'processed',
      providerReference: '9002',
      amountKobo: 50_000,
    });
    // Issue 29's late refund: Paystack made it, the server timed out and marked it failed.
    await bookRefund('RFD-RECON-LATE', { status: 'failed', amountKobo: 26_950, processedAt: null });
    await bookRefund('RFD-RECON-AMOUNT', {
      status: 'processed',
      providerReference: '9005',
      amountKobo: 40_000,
    });
    const refunded = (id: number, amount: number, status = 'processed') =>
      fake.refunds.push({ id, transaction: 4_100_000_001, status, amount, createdAt: IN_WINDOW });
    refunded(9001, 100_000);
    refunded(9003, 26_950);
    // …and then the retry sent it again: a second refund of ₦269.50 the books never heard of.
    refunded(9004, 26_950);
    refunded(9005, 45_000);
    refunded(9006, 5_000, 'failed');

    // ---------- transfers ----------
    const storeId = randomUUID();
    const payout = (reference: string, status: 'processed' | 'failed', amountKobo: number) =>
      test.deps.db.insert(payouts).values({
        reference,
        storeId,
        storeName: 'Reconciled Store',
        amountKobo,
        status,
        approvedBy: finance.id,
        approvedAt: new Date(IN_WINDOW),
      });
    await payout('pay_recon_ok', 'processed', 700_000);
    await payout('pay_recon_missing', 'processed', 300_000);
    await payout('pay_recon_failed', 'failed', 80_000);
    await payout('pay_recon_amount', 'processed', 100_000);
    const transferred = (id: number, reference: string, status: string, amount: number) =>
      fake.transfers.push({
        id,
        reference,
        transfer_code: `TRF_${id}`,
        status,
        amount,
        createdAt: IN_WINDOW,
      });
    transferred(1, 'pay_recon_ok', 'success', 700_000);
    transferred(2, 'pay_recon_stranger', 'success', 90_000);
    transferred(3, 'pay_recon_failed', 'success', 80_000);
    transferred(4, 'pay_recon_amount', 'success', 120_000);
    transferred(5, 'pay_recon_refused', 'failed', 10_000);
  });

  afterAll(async () => {
    await test?.close();
    await fake?.close();
  });

  it('an admin runs it for a day: every page of every list is read, and each kind of difference is reported with what to do', async () => {
    const response = await test.app.inject({
      ...requestOf(reconciliationEndpoints.run),
      headers: bearer(finance.accessToken),
      payload: { from: DAY, to: DAY },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { run, differences } = json(response).data;
    expect(run).toMatchObject({
      from: DAY,
      to: DAY,
      status: 'done',
      trigger: 'admin',
      provider: 'paystack',
      startedBy: 'Test admin',
      listed: { transactions: 22, refunds: 5, transfers: 5, settlements: 0 },
    });
    // 22 transactions at 5 a page: pages 1 to 5 of /transaction, each with the window.
    const transactionPages = fake.requests.filter((url) => url.startsWith('/transaction?'));
    expect(transactionPages.map((url) => new URL(url, 'http://x').searchParams.get('page'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    const first = new URL(transactionPages[0]!, 'http://x').searchParams;
    expect(first.get('perPage')).toBe('5');
    expect(first.get('to')).toBe('2026-11-21T23:00:00.000Z');

    const found = (differences as { kind: string; reference: string }[])
      .map((one) => `${one.kind} ${one.reference}`)
      .sort();
    expect(found).toEqual(
      [
        'amount_differs CHK-RECON-AMOUNT',
        'amount_differs RFD-RECON-AMOUNT',
        'amount_differs pay_recon_amount',
        'payment_not_at_provider CHK-RECON-MISSING',
        'payment_not_in_books CHK-RECON-STRANGER',
        'payment_not_paid_in_books CHK-RECON-UNPAID',
        'payout_not_at_provider pay_recon_missing',
        'refund_not_at_provider RFD-RECON-NOT-AT-PAYSTACK',
        'refund_not_in_books 9004',
        'status_differs RFD-RECON-LATE',
        'status_differs pay_recon_failed',
        'transfer_without_payout pay_recon_stranger',
      ].sort(),
    );
    const late = differences.find((one: { reference: string }) => one.reference === 'RFD-RECON-LATE');
    expect(late).toMatchObject({
      subject: 'refund',
      providerId: '9003',
      booksStatus: 'failed',
      providerStatus: 'processed',
      booksAmountKobo: 26_950,
      providerAmountKobo: 26_950,
      title: 'Status differs',
      explainedAt: null,
    });
    const twice = differences.find((one: { kind: string }) => one.kind === 'refund_not_in_books');
    expect(twice.title).toBe('Refunded at Paystack, not in the books');
    expect(twice.action).toMatch(/do not refund again/);
    expect(twice.detail).toMatch(/CHK-RECON-OK/);
  });

  it('moves no money: the books are as they were', async () => {
    const [late] = await test.deps.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.reference, 'RFD-RECON-LATE'));
    expect(late).toMatchObject({ status: 'failed', providerReference: null });
    const [unpaid] = await test.deps.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.reference, 'CHK-RECON-UNPAID'));
    expect(unpaid!.status).toBe('initialized');
    const [failed] = await test.deps.db
      .select()
      .from(payouts)
      .where(eq(payouts.reference, 'pay_recon_failed'));
    expect(failed!.status).toBe('failed');
  });

  it('an admin marks a difference explained with a note; who and when are kept, and the next run carries it', async () => {
    const view = json(
      await test.app.inject({
        ...requestOf(reconciliationEndpoints.view),
        headers: bearer(finance.accessToken),
      }),
    ).data;
    expect(view.open).toBe(12);
    const target = view.differences.find(
      (one: { reference: string }) => one.reference === 'pay_recon_stranger',
    );
    const tooShort = await test.app.inject({
      ...requestOf(reconciliationEndpoints.explain, { params: { differenceId: target.id } }),
      headers: bearer(finance.accessToken),
      payload: { note: 'ok' },
    });
    expect(tooShort.statusCode).toBe(422);
    const explained = await test.app.inject({
      ...requestOf(reconciliationEndpoints.explain, { params: { differenceId: target.id } }),
      headers: bearer(finance.accessToken),
      payload: { note: 'Refund of a supplier overpayment, sent by hand from the dashboard.' },
    });
    expect(explained.statusCode, explained.body).toBe(200);
    expect(json(explained).data).toMatchObject({
      explainedBy: 'Test admin',
      explanation: 'Refund of a supplier overpayment, sent by hand from the dashboard.',
    });
    const again = await test.app.inject({
      ...requestOf(reconciliationEndpoints.explain, { params: { differenceId: target.id } }),
      headers: bearer(finance.accessToken),
      payload: { note: 'A second note must not overwrite the first.' },
    });
    expect(again.statusCode).toBe(409);
    const unknown = await test.app.inject({
      ...requestOf(reconciliationEndpoints.explain, { params: { differenceId: randomUUID() } }),
      headers: bearer(finance.accessToken),
      payload: { note: 'Nothing has this id at all.' },
    });
    expect(unknown.statusCode).toBe(404);

    // The daily job's run of the same day finds the same facts; the explained one stays explained.
    const rerun = await test.app.inject({
      ...requestOf(reconciliationEndpoints.run),
      headers: bearer(finance.accessToken),
      payload: { from: DAY, to: DAY },
    });
    const rerunView = json(rerun).data;
    expect(rerunView.open).toBe(11);
    expect(rerunView.explained).toBe(1);
    const open = json(
      await test.app.inject({
        ...requestOf(reconciliationEndpoints.view, { query: { show: 'open' } }),
        headers: bearer(finance.accessToken),
      }),
    ).data;
    expect(open.run.id).toBe(rerunView.run.id);
    expect(open.differences).toHaveLength(11);
    const runs = json(
      await test.app.inject({
        ...requestOf(reconciliationEndpoints.runs),
        headers: bearer(finance.accessToken),
      }),
    ).data;
    expect(runs.pagination.totalItems).toBe(2);
  });

  it('a provider that stops answering mid-way fails the run (kept, with why) and answers 503; a bad window is 422', async () => {
    fake.state.failOn = '/refund';
    try {
      const response = await test.app.inject({
        ...requestOf(reconciliationEndpoints.run),
        headers: bearer(finance.accessToken),
        payload: { from: DAY, to: DAY },
      });
      expect(response.statusCode).toBe(503);
      expect(json(response).message).toMatch(/not answering/);
      const [latest] = await test.deps.db
        .select()
        .from(reconciliationRuns)
        .orderBy(reconciliationRuns.startedAt)
        .then((rows) => rows.slice(-1));
      expect(latest).toMatchObject({ status: 'failed', differenceCount: 0 });
    } finally {
      fake.state.failOn = null;
    }
    for (const payload of [
      { from: '2026-11-20', to: '2026-11-19' },
      { from: '2026-10-01', to: '2026-11-20' },
      { from: 'yesterday', to: DAY },
    ]) {
      const refused = await test.app.inject({
        ...requestOf(reconciliationEndpoints.run),
        headers: bearer(finance.accessToken),
        payload,
      });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
    }
  });

  it('only admins with the finance permissions: dispatchers and schedulers get 403, merchants, customers and carriers 403, nobody 401', async () => {
    const dispatcher = await createAdmin(test, 'dispatcher');
    const scheduler = await createAdmin(test, 'scheduler');
    const customer = await createConfirmedAccount(test, 'customer');
    const merchant = await createConfirmedAccount(test, 'merchant');
    const partner = await createPartner(test);
    const tokens = [
      dispatcher.accessToken,
      scheduler.accessToken,
      (await login(test, 'customer', customer.email)).accessToken,
      (await login(test, 'merchant', merchant.email)).accessToken,
      partner.accessToken,
    ];
    const differenceId = randomUUID();
    const calls = [
      requestOf(reconciliationEndpoints.view),
      requestOf(reconciliationEndpoints.runs),
      { ...requestOf(reconciliationEndpoints.run), payload: { from: DAY, to: DAY } },
      {
        ...requestOf(reconciliationEndpoints.explain, { params: { differenceId } }),
        payload: { note: 'Trying without the permission.' },
      },
    ];
    const runsBefore = (await test.deps.db.select().from(reconciliationRuns)).length;
    for (const call of calls) {
      for (const token of tokens) {
        const response = await test.app.inject({ ...call, headers: bearer(token) });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
      }
      const anonymous = await test.app.inject(call);
      expect(anonymous.statusCode).toBe(401);
    }
    expect((await test.deps.db.select().from(reconciliationRuns)).length).toBe(runsBefore);
  });
});

describe('reconciliation on the built-in sandbox (the embedded default, no key)', () => {
  let test: Test;
  let admin: { accessToken: string; id: string };
  beforeAll(async () => {
    test = await createTestApp();
    admin = await createAdmin(test, 'admin');
  });
  afterAll(async () => {
    await test?.close();
  });

  it("lists the sandbox's own charges, refunds and transfers the way Paystack lists, and reports what the books lack", async () => {
    const at = new Date(IN_WINDOW);
    await test.deps.db.insert(sandboxCharges).values({
      reference: 'CHK-SBX-STRANGER',
      transactionId: '4200000001',
      amountKobo: 75_000,
      email: 'ada@example.ng',
      callbackUrl: 'http://localhost:3000/checkout',
      status: 'success',
      paidAt: at,
      createdAt: at,
    });
    await test.deps.db
      .insert(sandboxRefunds)
      .values({ id: 'RF_SBX_100000001', reference: 'CHK-SBX-STRANGER', amountKobo: 5_000, createdAt: at });
    await test.deps.db.insert(sandboxTransfers).values({
      reference: 'pay_sbx_stranger',
      transferCode: 'TRF_sandbox_1',
      amountKobo: 60_000,
      recipientCode: 'RCP_sandbox_058_1234',
      createdAt: at,
    });
    const response = await test.app.inject({
      ...requestOf(reconciliationEndpoints.run),
      headers: bearer(admin.accessToken),
      payload: { from: DAY, to: DAY },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { run, differences } = json(response).data;
    expect(run).toMatchObject({ provider: 'sandbox', listed: { transactions: 1, refunds: 1, transfers: 1 } });
    expect(differences.map((one: { kind: string }) => one.kind).sort()).toEqual([
      'payment_not_in_books',
      'refund_not_in_books',
      'transfer_without_payout',
    ]);
  });

  it('the daily job reconciles yesterday (Lagos) and records a scheduled run', async () => {
    const result = await test.jobs.reconcileWithProvider();
    const [run] = await test.deps.db
      .select()
      .from(reconciliationRuns)
      .where(eq(reconciliationRuns.id, result.runId));
    const yesterday = new Date(Date.now() + 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    expect(run).toMatchObject({ trigger: 'schedule', status: 'done', fromDay: yesterday, toDay: yesterday });
  });
});

describe('reconciliation of settlements (SETTLEMENT_MODE=subaccount, ADR 051) on the sandbox', () => {
  let test: Test;
  let admin: { accessToken: string; id: string };
  beforeAll(async () => {
    test = await createTestApp({ env: { SETTLEMENT_MODE: 'subaccount' } });
    admin = await createAdmin(test, 'admin');
  });
  afterAll(async () => {
    await test?.close();
  });

  it("compares what the sandbox settled on a day (T+1) with the books' settlement postings of the day before", async () => {
    const merchant = await createMerchantWithStore(test);
    await test.deps.db.insert(storeBankAccounts).values({
      storeId: merchant.storeId,
      bankCode: '058',
      bankName: 'Guaranty Trust Bank',
      accountNumber: '0123456785',
      accountName: 'Mama Nkechi Fabrics',
      subaccountCode: 'ACCT_sbxknown01',
      updatedBy: merchant.id,
    });
    // The books settled ₦1,000 of the 19th's payments to the store…
    const movementId = randomUUID();
    const postedAt = new Date(BEFORE_WINDOW);
    await test.deps.db.insert(ledgerEntries).values([
      {
        movementId,
        kind: 'settlement',
        account: 'merchant_payable',
        storeId: merchant.storeId,
        amountKobo: 100_000,
        memo: 'Settled by Paystack',
        createdAt: postedAt,
      },
      {
        movementId,
        kind: 'settlement',
        account: 'payments_clearing',
        amountKobo: -100_000,
        memo: 'Settled by Paystack',
        createdAt: postedAt,
      },
    ]);
    // …the sandbox split ₦900 of that day to it, and ₦50 to a subaccount no store has.
    const split = async (reference: string, shares: { subaccount: string; share: number }[]) =>
      test.deps.db.insert(sandboxCharges).values({
        reference,
        transactionId: String(4_300_000_000 + shares[0]!.share),
        amountKobo: 200_000,
        email: 'ada@example.ng',
        callbackUrl: 'http://localhost:3000/checkout',
        status: 'success',
        split: shares,
        paidAt: postedAt,
        createdAt: postedAt,
      });
    await split('CHK-SPLIT-1', [{ subaccount: 'ACCT_sbxknown01', share: 90_000 }]);
    await split('CHK-SPLIT-2', [{ subaccount: 'ACCT_sbxstranger', share: 5_000 }]);
    const response = await test.app.inject({
      ...requestOf(reconciliationEndpoints.run),
      headers: bearer(admin.accessToken),
      payload: { from: DAY, to: DAY },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { run, differences } = json(response).data;
    expect(run.listed.settlements).toBe(2);
    expect(
      differences.map((one: Record<string, unknown>) => [
        one.kind,
        one.reference,
        one.booksAmountKobo,
        one.providerAmountKobo,
      ]),
    ).toEqual([
      ['settlement_differs', `ACCT_sbxknown01 ${DAY}`, 100_000, 90_000],
      ['settlement_unknown_subaccount', 'SET_sbx_ACCT_sbxstranger_2026-11-20', null, 5_000],
    ]);
  });
});
