import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { financeEndpoints, storeProfileEndpoints } from '@market/contracts';
import { and, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildRollups } from '../../src/modules/ledger/index.js';
import { ledgerEntries, payoutOrders, payouts } from '../../src/modules/ledger/ledger.schema.js';
import { orderRefunds, orders, orderTrackers } from '../../src/modules/orders/orders.schema.js';
import { paymentTransactions } from '../../src/modules/payments/payments.schema.js';
import { stores } from '../../src/modules/stores/stores.schema.js';
import { csvCell } from '../../src/platform/csv.js';
import { createMerchantWithStore, type TestMerchant } from '../support/catalog-factory.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { pdfTextLines } from '../support/pdf-text.js';
import { placeOrder, reportCustomer } from '../support/report-factory.js';
import { storeMemberToken } from '../support/staff-factory.js';
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

// Finance reports (GET /api/admin/finance/reports, .csv), the store's payment report (GET /api/merchant/payment-report)
// and transactions (GET /api/admin/transactions, /:id) on a small dataset whose every figure is worked out by hand:
// orders booked by the ledger as the server books them at start (commission from the store's band, rounded half
// up), a refund and a rejected one, a cancelled order refunded in full, payable and paid-out amounts, the edges of
// the range at Lagos midnight, and an unpaid order that must never count.

let test: TestApp;
let storeA: TestMerchant;
let storeB: TestMerchant;
let storeC: TestMerchant;
let admin: string;
const ids: Record<string, string> = {};
const B_NAME = '=SUM(A1), "Best" Ltd';
const MARCH = 'from=2026-03-01&to=2026-03-31';
const product = () => randomUUID();

/**
 * A processed payout of the store that carried the order's payable amount, written as the ledger writes one (the
 * payout, its link to the order, the payout movement): what the report counts as paid out (ADR 047).
 */
async function paidOutByPayout(store: TestMerchant, orderId: string, amountKobo: number) {
  const at = new Date('2026-03-25T00:00:00Z');
  const [payout] = await test.deps.db
    .insert(payouts)
    .values({
      reference: `pay_${randomUUID().slice(0, 8)}`,
      storeId: store.storeId,
      storeName: 'Store A',
      amountKobo,
      status: 'processed',
      orderCount: 1,
      approvedBy: randomUUID(),
      approvedAt: at,
      processedAt: at,
      updatedAt: at,
    })
    .returning();
  await test.deps.db.insert(payoutOrders).values({ payoutId: payout!.id, orderId, amountKobo });
  const movementId = randomUUID();
  await test.deps.db.insert(ledgerEntries).values([
    {
      movementId,
      kind: 'payout',
      account: 'merchant_payable',
      storeId: store.storeId,
      payoutId: payout!.id,
      amountKobo,
      memo: 'Payout',
    },
    {
      movementId,
      kind: 'payout',
      account: 'payments_clearing',
      payoutId: payout!.id,
      amountKobo: -amountKobo,
      memo: 'Payout',
    },
  ]);
  // Written past the ledger's postings: the roll-ups are written again from the books, as after any such repair.
  await rebuildRollups(test.deps.db);
}

async function trackerOf(orderId: string) {
  const [row] = await test.deps.db
    .select({ id: orderTrackers.id, reference: orderTrackers.reference, orderName: orders.orderName })
    .from(orders)
    .innerJoin(orderTrackers, eq(orderTrackers.id, orders.trackerId))
    .where(eq(orders.id, orderId));
  return row!;
}

beforeAll(async () => {
  test = await createTestApp();
  [storeA, storeB] = await Promise.all([createMerchantWithStore(test), createMerchantWithStore(test)]);
  admin = (await createAdmin(test, 'admin')).accessToken;
  // Store B is in the premium band (7.5 %) and has a name a spreadsheet would run.
  await test.deps.db
    .update(stores)
    .set({ paymentCategory: 'premium', storeName: B_NAME })
    .where(eq(stores.id, storeB.storeId));
  const ada = await reportCustomer(test, 'Ada', 'Obi');
  const bola = await reportCustomer(test, 'Bola', 'Ade');
  ids.ada = ada;

  // A1, 2 March: 10 % of 2,500,000 = 250,000; due 2,500,000 − 250,000
  // discount − 250,000 = 2,000,000; not payable yet.
  ids.a1 = await placeOrder(test, {
    store: storeA,
    customerId: ada,
    createdAt: '2026-03-02T10:00:00Z',
    status: 'delivered',
    paid: true,
    discountKobo: 250_000,
    shippingKobo: 150_000,
    items: [
      { productId: product(), name: 'Ankara Dress', unitKobo: 1_000_000, quantity: 2 },
      { productId: product(), name: 'Fila Cap', unitKobo: 500_000, quantity: 1 },
    ],
  });
  // A2, 23:00 UTC on 28 Feb = Lagos midnight of 1 March (the first moment of the range); completed, and a payout
  // paid it (below, once the books have it).
  ids.a2 = await placeOrder(test, {
    store: storeA,
    customerId: bola,
    createdAt: '2026-02-28T23:00:00Z',
    status: 'completed',
    paid: true,
    shippingKobo: 100_000,
    items: [{ productId: product(), name: 'Aso Oke', unitKobo: 1_000_000, quantity: 1 }],
  });
  // A3, 10 March: returned and refunded in full (1,000,000) at the store's cost; a rejected refund does not count.
  // The refund failed at the provider: booked (the books count it), but owed to the customer (issue 34, item 14).
  // The books give the commission back with the refund (ADR 046): commission 0, due 0.
  ids.a3 = await placeOrder(test, {
    store: storeA,
    customerId: ada,
    createdAt: '2026-03-10T12:00:00Z',
    status: 'returned',
    paid: true,
    items: [{ productId: product(), name: 'Gele', unitKobo: 1_000_000, quantity: 1 }],
  });
  const a3 = await trackerOf(ids.a3);
  for (const [amountKobo, status] of [
    [1_000_000, 'failed'],
    [500_000, 'rejected'],
  ] as const)
    await test.deps.db.insert(orderRefunds).values({
      reference: `RFD-${randomUUID().slice(0, 8)}`,
      trackerId: a3.id,
      orderId: ids.a3,
      kind: 'return',
      destination: 'provider',
      paymentReference: a3.reference,
      amountKobo,
      reason: 'Wrong size',
      status,
      requestedByRole: 'merchant',
    });
  // A4, 22:59:59 UTC on 31 March: the last second of the range. 10 % of 333,335 = 33,333.5 → 33,334 (half up);
  // due 300,001, payable (completed).
  ids.a4 = await placeOrder(test, {
    store: storeA,
    customerId: bola,
    createdAt: '2026-03-31T22:59:59Z',
    status: 'completed',
    paid: true,
    items: [{ productId: product(), name: 'Beads', unitKobo: 333_335, quantity: 1 }],
  });
  // Outside the range: 23:00 UTC on 31 March is 1 April in Lagos; 22:59:59 UTC on 28 Feb is still February.
  for (const createdAt of ['2026-03-31T23:00:00Z', '2026-02-28T22:59:59Z'])
    await placeOrder(test, {
      store: storeA,
      customerId: ada,
      createdAt,
      status: 'delivered',
      paid: true,
      items: [{ productId: product(), name: 'Outside', unitKobo: 7_000_000, quantity: 1 }],
    });
  // Never paid: not a sale.
  await placeOrder(test, {
    store: storeA,
    customerId: ada,
    createdAt: '2026-03-12T12:00:00Z',
    status: 'awaiting_payment',
    paid: false,
    items: [{ productId: product(), name: 'Unpaid', unitKobo: 9_000_000, quantity: 1 }],
  });
  // B1, 5 March, premium band: 7.5 % of 10,000,000 = 750,000; due 9,250,000.
  ids.b1 = await placeOrder(test, {
    store: storeB,
    customerId: ada,
    createdAt: '2026-03-05T12:00:00Z',
    status: 'delivered',
    paid: true,
    shippingKobo: 200_000,
    items: [{ productId: product(), name: 'Solar Panel', unitKobo: 10_000_000, quantity: 1 }],
  });

  // Payment transactions: A1's checkout paid by card, a failed bank transfer, and a gift-card purchase.
  const a1 = await trackerOf(ids.a1);
  ids.a1Reference = a1.reference;
  ids.a1Name = a1.orderName;
  const [t1, t2, t3] = await test.deps.db
    .insert(paymentTransactions)
    .values([
      {
        reference: a1.reference,
        purpose: 'CHK',
        provider: 'sandbox',
        customerId: ada,
        amountKobo: 2_400_000,
        status: 'success',
        providerTransactionId: '4099260516',
        feesKobo: 36_000,
        customerEmail: 'ada@example.com',
        cardType: 'visa',
        cardLast4: '4081',
        bank: 'TEST BANK',
        country: 'NG',
        ipAddress: '102.89.1.1',
        channel: 'card',
        paidAt: new Date('2026-03-02T10:01:00Z'),
        createdAt: new Date('2026-03-02T10:00:00Z'),
      },
      {
        reference: `CHK-${randomUUID()}`,
        purpose: 'CHK',
        provider: 'sandbox',
        customerId: bola,
        amountKobo: 500_000,
        status: 'failed',
        customerEmail: 'bola@example.com',
        channel: 'bank_transfer',
        createdAt: new Date('2026-03-15T09:00:00Z'),
      },
      {
        reference: `GFT-${randomUUID()}`,
        purpose: 'GFT',
        provider: 'sandbox',
        customerId: bola,
        amountKobo: 1_000_000,
        status: 'success',
        customerEmail: 'bola@example.com',
        channel: 'card',
        cardLast4: '1234',
        paidAt: new Date('2026-04-01T10:00:00Z'),
        createdAt: new Date('2026-04-01T09:59:00Z'),
      },
    ])
    .returning({ id: paymentTransactions.id });
  ids.t1 = t1!.id;
  ids.t2 = t2!.id;
  ids.t3 = t3!.id;

  // C1, 5 May, a store of its own: paid (₦185,000 of goods, ₦5,750 delivery), cancelled and refunded in full.
  storeC = await createMerchantWithStore(test);
  ids.c1 = await placeOrder(test, {
    store: storeC,
    customerId: ada,
    createdAt: '2026-05-05T12:00:00Z',
    status: 'cancelled',
    paid: true,
    shippingKobo: 575_000,
    items: [{ productId: product(), name: 'Agbada', unitKobo: 18_500_000, quantity: 1 }],
  });
  const c1 = await trackerOf(ids.c1);
  await test.deps.db.insert(orderRefunds).values({
    reference: `RFD-${randomUUID().slice(0, 8)}`,
    trackerId: c1.id,
    orderId: ids.c1,
    kind: 'cancellation',
    destination: 'provider',
    paymentReference: c1.reference,
    amountKobo: 19_075_000,
    shippingKobo: 575_000,
    reason: 'Cancelled',
    status: 'processed',
    requestedByRole: 'customer',
  });

  // The books of every paid order, as the server posts them at start (ADR 046: every figure comes from them).
  await test.jobs.bookUnpostedOrders();
  // A2's due: 1,000,000 − 100,000 commission.
  await paidOutByPayout(storeA, ids.a2, 900_000);
}, 120_000);
afterAll(() => test.close());

const get = (token: string | undefined, url: string) =>
  test.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

const totalsA = {
  ordersCount: 4,
  totalOrderAmountKobo: 4_833_335,
  totalSalesOrderAmountKobo: 4_583_335,
  totalDeliveryAmountKobo: 250_000,
  discountKobo: 250_000,
  // A3's 100,000 went back with its refund; the rate is over the goods kept: 383,334 × 10,000 ÷ 3,833,335 → 1000
  commissionKobo: 383_334,
  commissionBasisPoints: 1000,
  refundedKobo: 1_000_000,
  refundOwedKobo: 1_000_000,
  dueToMerchantKobo: 3_200_001,
  paidOutKobo: 900_000,
  payableKobo: 300_001,
  notYetPayableKobo: 2_000_000,
};
const totalsB = {
  ordersCount: 1,
  totalOrderAmountKobo: 10_200_000,
  totalSalesOrderAmountKobo: 10_000_000,
  totalDeliveryAmountKobo: 200_000,
  discountKobo: 0,
  commissionKobo: 750_000,
  commissionBasisPoints: 750,
  refundedKobo: 0,
  refundOwedKobo: 0,
  dueToMerchantKobo: 9_250_000,
  paidOutKobo: 0,
  payableKobo: 0,
  notYetPayableKobo: 9_250_000,
};

describe('admin finance report', () => {
  it('adds up every store’s paid orders of the Lagos days asked, per merchant and overall, to the kobo', async () => {
    const response = await get(admin, `${urlOf(financeEndpoints.report)}?${MARCH}`);
    expect(response.statusCode).toBe(200);
    const data = json(response).data;
    expect(data.startsAt).toBe('2026-02-28T23:00:00.000Z');
    expect(data.endsBefore).toBe('2026-03-31T23:00:00.000Z');
    expect(data.totals).toEqual({
      ordersCount: 5,
      totalOrderAmountKobo: 15_033_335,
      totalSalesOrderAmountKobo: 14_583_335,
      totalDeliveryAmountKobo: 450_000,
      discountKobo: 250_000,
      commissionKobo: 1_133_334,
      // Over the goods kept (A3 refunded): 1,133,334 × 10,000 ÷ 13,833,335 = 819.3 → 819
      commissionBasisPoints: 819,
      refundedKobo: 1_000_000,
      refundOwedKobo: 1_000_000,
      dueToMerchantKobo: 12_450_001,
      paidOutKobo: 900_000,
      payableKobo: 300_001,
      notYetPayableKobo: 11_250_000,
    });
    // The most owed first.
    expect(data.merchants).toEqual([
      {
        ...totalsB,
        storeId: storeB.storeId,
        storeName: B_NAME,
        merchantId: storeB.id,
        merchantName: expect.any(String),
        paymentCategory: 'premium',
      },
      {
        ...totalsA,
        storeId: storeA.storeId,
        storeName: storeA.storeName,
        merchantId: storeA.id,
        merchantName: expect.any(String),
        paymentCategory: 'standard',
      },
    ]);
    expect(data.series).toHaveLength(31);
    expect(data.series[0]).toEqual({
      day: '2026-03-01',
      ordersCount: 1,
      totalOrderAmountKobo: 1_100_000,
      commissionKobo: 100_000,
      dueToMerchantKobo: 900_000,
      refundedKobo: 0,
    });
    expect(data.series[2]).toEqual({
      day: '2026-03-03',
      ordersCount: 0,
      totalOrderAmountKobo: 0,
      commissionKobo: 0,
      dueToMerchantKobo: 0,
      refundedKobo: 0,
    });
    expect(data.series[9]).toMatchObject({
      refundedKobo: 1_000_000,
      commissionKobo: 0,
      dueToMerchantKobo: 0,
    });
    expect(data.series[30]).toMatchObject({ day: '2026-03-31', ordersCount: 1, commissionKobo: 33_334 });
    const sum = (field: 'ordersCount' | 'totalOrderAmountKobo' | 'dueToMerchantKobo') =>
      data.series.reduce((total: number, point: Record<string, number>) => total + point[field]!, 0);
    expect(sum('ordersCount')).toBe(5);
    expect(sum('totalOrderAmountKobo')).toBe(15_033_335);
    expect(sum('dueToMerchantKobo')).toBe(12_450_001);
  });

  it('moves with Lagos midnight: one day on each edge', async () => {
    const first = json(
      await get(admin, urlOf(financeEndpoints.report, { query: { from: '2026-03-01', to: '2026-03-01' } })),
    ).data;
    expect(first.totals.ordersCount).toBe(1);
    expect(first.totals.totalOrderAmountKobo).toBe(1_100_000);
    const february = json(
      await get(admin, urlOf(financeEndpoints.report, { query: { from: '2026-02-28', to: '2026-02-28' } })),
    ).data;
    expect(february.totals.totalOrderAmountKobo).toBe(7_000_000);
    const last = json(
      await get(admin, urlOf(financeEndpoints.report, { query: { from: '2026-03-31', to: '2026-03-31' } })),
    ).data;
    expect(last.totals.totalOrderAmountKobo).toBe(333_335);
    const april = json(
      await get(admin, urlOf(financeEndpoints.report, { query: { from: '2026-04-01', to: '2026-04-01' } })),
    ).data;
    expect(april.totals.totalOrderAmountKobo).toBe(7_000_000);
    const empty = json(
      await get(admin, urlOf(financeEndpoints.report, { query: { from: '2025-01-01', to: '2025-01-02' } })),
    ).data;
    expect(empty.totals.ordersCount).toBe(0);
    expect(empty.totals.commissionBasisPoints).toBe(0);
    expect(empty.merchants).toEqual([]);
    expect(empty.series).toHaveLength(2);
  });

  it('answers a CSV per merchant with a total line, quoting and defusing formula cells', async () => {
    const response = await get(admin, `${urlOf(financeEndpoints.reportCsv)}?${MARCH}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="finance-merchants-2026-03-01-to-2026-03-31.csv"',
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'Store ID,Store,Merchant,Payment category,Orders,Total order amount (NGN),Total sales order amount (NGN),' +
        'Total delivery amount (NGN),Discounts (NGN),Commission (NGN),Commission percentage,Refunded (NGN),' +
        'Refund owed (NGN),Due to merchant (NGN),Paid out (NGN),Payable (NGN),Not yet payable (NGN)',
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `^${storeB.storeId},"'=SUM\\(A1\\), ""Best"" Ltd",[^,]*,premium,1,102000.00,100000.00,2000.00,0.00,7500.00,7.50,0.00,0.00,92500.00,0.00,0.00,92500.00$`,
      ),
    );
    expect(lines[2]).toContain(
      // A's refund has not reached the customer: owed, not refunded, as the screen shows it.
      ',standard,4,48333.35,45833.35,2500.00,2500.00,3833.34,10.00,0.00,10000.00,32000.01,',
    );
    expect(lines[3]).toBe(
      ',All merchants,,,5,150333.35,145833.35,4500.00,2500.00,11333.34,8.19,0.00,10000.00,124500.01,9000.00,3000.01,112500.00',
    );
    expect(lines[4]).toBe('');
    const series = await get(admin, `${urlOf(financeEndpoints.reportCsv)}?${MARCH}&view=series`);
    const rows = series.body.split('\r\n');
    expect(rows[0]).toBe(
      'Day,Orders,Total order amount (NGN),Commission (NGN),Due to merchant (NGN),Refunds booked (NGN)',
    );
    expect(rows[1]).toBe('2026-03-01,1,11000.00,1000.00,9000.00,0.00');
    expect(rows).toHaveLength(33);
  });

  it('escapes CSV cells as RFC 4180 and OWASP say', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('refuses bad ranges with 422 and changes nothing', async () => {
    for (const query of [
      'from=2026-03-31&to=2026-03-01',
      'from=2026-02-30&to=2026-03-01',
      'from=2026-03-01',
      'from=2025-01-01&to=2026-03-01',
      `${MARCH}&view=products`,
    ]) {
      const url = query.includes('view') ? urlOf(financeEndpoints.reportCsv) : urlOf(financeEndpoints.report);
      const response = await get(admin, `${url}?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(json(response).error).toBe('VALIDATION_ERROR');
    }
  });

  it('is for admins holding finance:read only', async () => {
    expect((await get(undefined, `${urlOf(financeEndpoints.report)}?${MARCH}`)).statusCode).toBe(401);
    expect((await get(undefined, `${urlOf(financeEndpoints.reportCsv)}?${MARCH}`)).statusCode).toBe(401);
    expect((await get(storeA.token, `${urlOf(financeEndpoints.report)}?${MARCH}`)).statusCode).toBe(403);
    expect((await get(storeA.token, `${urlOf(financeEndpoints.reportCsv)}?${MARCH}`)).statusCode).toBe(403);
    const dispatcher = (await createAdmin(test, 'dispatcher')).accessToken;
    expect((await get(dispatcher, `${urlOf(financeEndpoints.report)}?${MARCH}`)).statusCode).toBe(403);
    const buyer = await createConfirmedAccount(test, 'customer');
    const customer = (await login(test, 'customer', buyer.email)).accessToken;
    expect((await get(customer, `${urlOf(financeEndpoints.report)}?${MARCH}`)).statusCode).toBe(403);
    expect(
      (await get((await createPartner(test)).accessToken, `${urlOf(financeEndpoints.report)}?${MARCH}`))
        .statusCode,
    ).toBe(403);
  });
});

describe('merchant payment report', () => {
  it('shows each store its own sales, commission, refunds, due and paid, and nothing of another store', async () => {
    const a = await get(storeA.token, `${urlOf(financeEndpoints.paymentReport)}?${MARCH}`);
    expect(a.statusCode).toBe(200);
    expect(json(a).data.totals).toEqual(totalsA);
    expect(json(a).data.storeName).toBe(storeA.storeName);
    expect(json(a).data.paymentCategory).toBe('standard');
    // The rate the orders were charged, named on the report (ADR 083), whatever refunds did to commission ÷ goods.
    expect(json(a).data.commissionRatesBasisPoints).toEqual([1000]);
    expect(json(a).data.series).toHaveLength(31);
    const b = json(await get(storeB.token, `${urlOf(financeEndpoints.paymentReport)}?${MARCH}`)).data;
    expect(b.totals).toEqual(totalsB);
    expect(b.commissionRatesBasisPoints).toEqual([750]);
    expect(b.series[4].dueToMerchantKobo).toBe(9_250_000);
    expect(b.series[0].ordersCount).toBe(0);
  });

  it('is for store members holding payouts:read; others are refused', async () => {
    expect((await get(undefined, `${urlOf(financeEndpoints.paymentReport)}?${MARCH}`)).statusCode).toBe(401);
    const finance = await get(
      await storeMemberToken(test, storeA.storeId, 'finance'),
      `${urlOf(financeEndpoints.paymentReport)}?${MARCH}`,
    );
    expect(finance.statusCode).toBe(200);
    expect(json(finance).data.totals.dueToMerchantKobo).toBe(3_200_001);
    expect(
      (
        await get(
          await storeMemberToken(test, storeA.storeId, 'inventory'),
          `${urlOf(financeEndpoints.paymentReport)}?${MARCH}`,
        )
      ).statusCode,
    ).toBe(403);
    expect((await get(admin, `${urlOf(financeEndpoints.paymentReport)}?${MARCH}`)).statusCode).toBe(403);
    const buyer = await createConfirmedAccount(test, 'customer');
    const customer = (await login(test, 'customer', buyer.email)).accessToken;
    expect((await get(customer, `${urlOf(financeEndpoints.paymentReport)}?${MARCH}`)).statusCode).toBe(403);
    expect(
      (
        await get(
          storeA.token,
          urlOf(financeEndpoints.paymentReport, { query: { from: '2026-03-31', to: '2026-03-01' } }),
        )
      ).statusCode,
    ).toBe(422);
  });
});

describe('monthly statement (issue 35 item 8)', () => {
  const PAPERS = process.env.STATEMENT_PAPERS_DIR;
  /** The CSV's "label,amount" lines as kobo, read back with integer arithmetic. */
  const amounts = (csv: string) =>
    new Map(
      csv
        .split('\r\n')
        .map((line) => line.match(/^(?:"([^"]+)"|([^,"]+)),'?(-?\d+)\.(\d{2})$/))
        .filter((match): match is RegExpMatchArray => match !== null)
        .map((match) => {
          const sign = match[3]!.startsWith('-') ? -1 : 1;
          const kobo = Math.abs(Number(match[3])) * 100 + Number(match[4]);
          return [(match[1] ?? match[2])!, sign * kobo] as const;
        }),
    );

  it("equals the payment report of the month to the kobo, with the commission's VAT and the platform's TIN", async () => {
    const report = json(await get(storeA.token, `${urlOf(financeEndpoints.paymentReport)}?${MARCH}`)).data
      .totals;
    const response = await get(
      storeA.token,
      urlOf(financeEndpoints.statementCsv, { params: { month: '2026-03' } }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="statement-2026-03.csv"');
    const csv = response.body;
    expect(csv).toContain('Platform TIN,24681357-0001\r\n');
    expect(csv).toContain('Period (Lagos days),2026-03-01 to 2026-03-31\r\n');
    const lines = amounts(csv);
    expect(lines.get('Sales: goods after discounts')).toBe(report.totalSalesOrderAmountKobo);
    expect(lines.get('Refunds')).toBe(report.refundedKobo);
    expect(lines.get('Commission with VAT')).toBe(report.commissionKobo);
    expect(lines.get('Due to the store')).toBe(report.dueToMerchantKobo);
    expect(lines.get('Paid out')).toBe(report.paidOutKobo);
    expect(lines.get('Payable, not yet paid out')).toBe(report.payableKobo);
    // 383,334 with VAT inside at 7.5 %: 383,334 × 750 ÷ 10,750 = 26,744.23 → 26,744; the rest is the commission.
    expect(lines.get('VAT on commission (7.5 %)')).toBe(26_744);
    expect(lines.get('Commission before VAT')).toBe(356_590);
    expect(report.commissionKobo).toBe(totalsA.commissionKobo);

    const pdf = await get(
      storeA.token,
      urlOf(financeEndpoints.statementPdf, { params: { month: '2026-03' } }),
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    if (PAPERS) writeFileSync(path.join(PAPERS, 'statement-2026-03.pdf'), pdf.rawPayload);
  });

  it("carries the store's own TIN and VAT registration, in the CSV and the PDF, once the store records them", async () => {
    const csvBefore = (
      await get(storeB.token, urlOf(financeEndpoints.statementCsv, { params: { month: '2026-03' } }))
    ).body;
    expect(csvBefore).not.toContain('Store TIN');
    const saved = await test.app.inject({
      ...requestOf(storeProfileEndpoints.save),
      headers: bearer(storeB.token),
      payload: { store: { tin: '1234567890', isVatRegistered: true } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const csv = (
      await get(storeB.token, urlOf(financeEndpoints.statementCsv, { params: { month: '2026-03' } }))
    ).body;
    expect(csv).toContain('Store TIN,1234567890\r\nStore VAT registered,Yes\r\n');
    const pdf = pdfTextLines(
      (await get(storeB.token, urlOf(financeEndpoints.statementPdf, { params: { month: '2026-03' } })))
        .rawPayload,
    );
    expect(pdf).toContain('1234567890 (VAT registered)');
    // Another store's statement shows none of it.
    expect(
      (await get(storeA.token, urlOf(financeEndpoints.statementCsv, { params: { month: '2026-03' } }))).body,
    ).not.toContain('1234567890');
  });

  it('gives each store its own statement, to members holding payouts:read; a bad month is refused without a 5xx', async () => {
    const b = amounts(
      (await get(storeB.token, urlOf(financeEndpoints.statementCsv, { params: { month: '2026-03' } }))).body,
    );
    expect(b.get('Sales: goods after discounts')).toBe(totalsB.totalSalesOrderAmountKobo);
    expect(b.get('Commission with VAT')).toBe(totalsB.commissionKobo);
    const finance = await storeMemberToken(test, storeA.storeId, 'finance');
    expect(
      (await get(finance, urlOf(financeEndpoints.statementPdf, { params: { month: '2026-03' } }))).statusCode,
    ).toBe(200);
    const inventory = await storeMemberToken(test, storeA.storeId, 'inventory');
    expect(
      (await get(inventory, urlOf(financeEndpoints.statementCsv, { params: { month: '2026-03' } })))
        .statusCode,
    ).toBe(403);
    expect(
      (await get(admin, urlOf(financeEndpoints.statementCsv, { params: { month: '2026-03' } }))).statusCode,
    ).toBe(403);
    const buyer = await createConfirmedAccount(test, 'customer');
    const customer = (await login(test, 'customer', buyer.email)).accessToken;
    expect(
      (await get(customer, urlOf(financeEndpoints.statementPdf, { params: { month: '2026-03' } })))
        .statusCode,
    ).toBe(403);
    expect(
      (await get(undefined, urlOf(financeEndpoints.statementCsv, { params: { month: '2026-03' } })))
        .statusCode,
    ).toBe(401);
    for (const month of ['2026-13', '2026-3', 'march', '1999-01']) {
      const refused = await get(storeA.token, urlOf(financeEndpoints.statementCsv, { params: { month } }));
      expect(refused.statusCode, month).toBe(422);
    }
  });
});

describe('admin transactions', () => {
  const list = async (query = '') => {
    const response = await get(admin, `${urlOf(financeEndpoints.transactions)}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return json(response).data as {
      transactions: Record<string, unknown>[];
      pagination: Record<string, number>;
    };
  };

  it('lists every payment newest first with section 3’s fields, the card masked to its last four', async () => {
    const data = await list();
    expect(data.transactions.map((row) => row.id)).toEqual([ids.t3, ids.t2, ids.t1]);
    expect(data.pagination).toEqual({ page: 1, limit: 12, totalItems: 3, totalPages: 1 });
    const card = data.transactions[2]!;
    expect(card).toEqual({
      id: ids.t1,
      orderTrackerId: expect.any(String),
      transactionId: '4099260516',
      amountKobo: 2_400_000,
      reference: ids.a1Reference,
      purpose: 'CHK',
      feesKobo: 36_000,
      date: '2026-03-02T10:01:00.000Z',
      customerName: 'Ada Obi',
      customerEmail: 'ada@example.com',
      cardType: 'visa',
      cardNumber: '**** **** **** 4081',
      bank: 'TEST BANK',
      country: 'NG',
      ipAddress: '102.89.1.1',
      paymentChannel: 'card',
      status: 'success',
      orderName: ids.a1Name,
      orderItemsCount: 2,
    });
    expect(data.transactions[1]).toMatchObject({ cardNumber: null, orderName: null, orderTrackerId: null });
    expect(JSON.stringify(data)).not.toContain('card_last4');
  });

  it('filters by status, channel and Lagos days, searches, and pages', async () => {
    expect((await list('status=failed')).transactions.map((row) => row.id)).toEqual([ids.t2]);
    expect((await list('channel=card')).transactions.map((row) => row.id)).toEqual([ids.t3, ids.t1]);
    expect((await list(MARCH)).transactions.map((row) => row.id)).toEqual([ids.t2, ids.t1]);
    // 09:59 UTC on 1 April is 1 April in Lagos.
    expect((await list('from=2026-04-01&to=2026-04-01')).transactions.map((row) => row.id)).toEqual([ids.t3]);
    expect((await list(`search=${ids.a1Name}`)).transactions.map((row) => row.id)).toEqual([ids.t1]);
    expect((await list('search=ada%20obi')).transactions.map((row) => row.id)).toEqual([ids.t1]);
    expect((await list('search=BOLA@EXAMPLE')).transactions.map((row) => row.id)).toEqual([ids.t3, ids.t2]);
    expect((await list(`search=${ids.a1Reference!.slice(0, 12)}`)).transactions.map((row) => row.id)).toEqual(
      [ids.t1],
    );
    expect((await list('search=%25')).transactions).toEqual([]);
    const page = await list('limit=1&page=2');
    expect(page.transactions.map((row) => row.id)).toEqual([ids.t2]);
    expect(page.pagination).toEqual({ page: 2, limit: 1, totalItems: 3, totalPages: 3 });
  });

  it('opens one transaction with the order lines it paid', async () => {
    const response = await get(admin, urlOf(financeEndpoints.transaction, { params: { id: ids.t1! } }));
    expect(response.statusCode).toBe(200);
    const data = json(response).data;
    expect(data).toMatchObject({ id: ids.t1, cardNumber: '**** **** **** 4081', refundedKobo: 0 });
    expect(data.orderItems).toEqual([
      {
        orderName: ids.a1Name,
        storeName: storeA.storeName,
        productName: 'Ankara Dress',
        quantity: 2,
        unitPriceKobo: 1_000_000,
      },
      {
        orderName: ids.a1Name,
        storeName: storeA.storeName,
        productName: 'Fila Cap',
        quantity: 1,
        unitPriceKobo: 500_000,
      },
    ]);
    expect(
      json(await get(admin, urlOf(financeEndpoints.transaction, { params: { id: ids.t3! } }))).data
        .orderItems,
    ).toEqual([]);
    expect(
      (await get(admin, urlOf(financeEndpoints.transaction, { params: { id: randomUUID() } }))).statusCode,
    ).toBe(404);
    expect(
      (await get(admin, urlOf(financeEndpoints.transaction, { params: { id: 'not-an-id' } }))).statusCode,
    ).toBe(422);
  });

  it('refuses bad filters with 422', async () => {
    for (const query of [
      'status=paid',
      'limit=1000',
      'page=0',
      'from=2026-03-01',
      'from=2026-03-02&to=2026-03-01',
    ]) {
      expect((await get(admin, `${urlOf(financeEndpoints.transactions)}?${query}`)).statusCode, query).toBe(
        422,
      );
    }
  });

  it('is for admins holding transactions:read only', async () => {
    expect((await get(undefined, urlOf(financeEndpoints.transactions))).statusCode).toBe(401);
    expect(
      (await get(undefined, urlOf(financeEndpoints.transaction, { params: { id: ids.t1! } }))).statusCode,
    ).toBe(401);
    expect((await get(storeA.token, urlOf(financeEndpoints.transactions))).statusCode).toBe(403);
    expect(
      (await get(storeA.token, urlOf(financeEndpoints.transaction, { params: { id: ids.t1! } }))).statusCode,
    ).toBe(403);
    const scheduler = (await createAdmin(test, 'scheduler')).accessToken;
    expect((await get(scheduler, urlOf(financeEndpoints.transactions))).statusCode).toBe(403);
    const buyer = await createConfirmedAccount(test, 'customer');
    const customer = (await login(test, 'customer', buyer.email)).accessToken;
    expect(
      (await get(customer, urlOf(financeEndpoints.transaction, { params: { id: ids.t1! } }))).statusCode,
    ).toBe(403);
    expect(
      (await get((await createPartner(test)).accessToken, urlOf(financeEndpoints.transactions))).statusCode,
    ).toBe(403);
  });
});

describe('figures from the books (ADR 046)', () => {
  const MAY = 'from=2026-05-01&to=2026-05-31';

  it('a paid order cancelled and refunded in full keeps no commission and owes the store nothing', async () => {
    const admin_ = json(await get(admin, `${urlOf(financeEndpoints.report)}?${MAY}`)).data;
    const expected = {
      ordersCount: 1,
      totalOrderAmountKobo: 19_075_000,
      commissionKobo: 0,
      commissionBasisPoints: 0,
      refundedKobo: 19_075_000,
      dueToMerchantKobo: 0,
      paidOutKobo: 0,
      payableKobo: 0,
      notYetPayableKobo: 0,
    };
    expect(admin_.totals).toMatchObject(expected);
    expect(admin_.merchants).toEqual([expect.objectContaining({ storeId: storeC.storeId, ...expected })]);
    const merchant = json(await get(storeC.token, `${urlOf(financeEndpoints.paymentReport)}?${MAY}`)).data;
    expect(merchant.totals).toMatchObject(expected);
    // The ledger agrees: the order's lines on the store and commission accounts net to zero.
    const lines = await test.deps.db
      .select({ account: ledgerEntries.account, amountKobo: ledgerEntries.amountKobo })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, ids.c1!));
    const net = (account: string) =>
      lines.filter((line) => line.account === account).reduce((acc, line) => acc + line.amountKobo, 0);
    expect(lines.length).toBeGreaterThan(0);
    expect(net('platform_commission')).toBe(0);
    expect(net('merchant_escrow') + net('merchant_payable')).toBe(0);
  });

  it('the report’s totals equal the ledger’s balances of the range’s orders', async () => {
    for (const range of [MARCH, MAY, 'from=2026-02-01&to=2026-05-31']) {
      const report = json(await get(admin, `${urlOf(financeEndpoints.report)}?${range}`)).data;
      const start = new Date(report.startsAt);
      const end = new Date(report.endsBefore);
      const balances = await test.deps.db
        .select({
          account: ledgerEntries.account,
          kind: ledgerEntries.kind,
          amountKobo: ledgerEntries.amountKobo,
        })
        .from(ledgerEntries)
        .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
        .where(and(gte(orders.createdAt, start), lt(orders.createdAt, end)));
      /** What the lines of `accounts` owe (the credit balance, positive). */
      const owed = (accounts: string[], kinds?: string[]) =>
        balances
          .filter((line) => accounts.includes(line.account) && (!kinds || kinds.includes(line.kind)))
          .reduce((acc, line) => acc - line.amountKobo, 0);
      const balance = (accounts: string[], kinds?: string[]) => 0 - owed(accounts, kinds);
      expect(report.totals.commissionKobo, range).toBe(owed(['platform_commission']));
      expect(report.totals.dueToMerchantKobo, range).toBe(owed(['merchant_escrow', 'merchant_payable']));
      expect(report.totals.notYetPayableKobo, range).toBe(owed(['merchant_escrow']));
      expect(report.totals.payableKobo + report.totals.paidOutKobo, range).toBe(owed(['merchant_payable']));
      expect(report.totals.refundedKobo, range).toBe(
        owed(['payments_clearing'], ['refund', 'refund_reversal']),
      );
      // Every kobo paid for the range's orders is in one place: kept as commission, owed to the stores, due to
      // delivery, refunded or borne by the platform.
      expect(balance(['payments_clearing'], ['payment'])).toBe(
        report.totals.commissionKobo +
          report.totals.dueToMerchantKobo +
          report.totals.refundedKobo -
          balance(['shipping_fees', 'platform_chargebacks']),
      );
    }
  });
});
