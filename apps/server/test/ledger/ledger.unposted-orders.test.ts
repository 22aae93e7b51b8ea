import { financeEndpoints, koboToNaira, merchantPayoutEndpoints } from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKS_CAUGHT_UP,
  clearMark,
  hasMark,
  ROLLUPS_BUILT,
  rollupDifferences,
} from '../../src/modules/ledger/index.js';
import { ledgerEntries, ledgerOrders } from '../../src/modules/ledger/ledger.schema.js';
import { createMerchantWithStore, type TestMerchant } from '../support/catalog-factory.js';
import { requestOf } from '../support/contract-requests.js';
import { placeOrder, reportCustomer } from '../support/report-factory.js';
import { countStatements } from '../support/statement-counter.js';
import { bearer, createTestApp, json, type TestApp } from '../support/test-app.js';
import { ledgerTotal, orderRow, unbalancedMovements } from './ledger-support.js';

// Orders paid before the ledger existed (and the demo seed's) had no books: the store's payouts page (from the
// ledger) said ₦0 while its payment report (from the orders) said the money was due. The start-up job posts them
// through the same steps a live order takes, after which the two screens agree to the kobo.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
}, 60_000);
afterAll(() => test.close());

const range = { from: '2026-11-01', to: '2026-11-20' };
const item = (unitKobo: number, quantity = 1) => ({
  productId: crypto.randomUUID(),
  name: 'Adire wrapper',
  unitKobo,
  quantity,
});

async function screens(merchant: TestMerchant) {
  const balances = await test.app.inject({
    ...requestOf(merchantPayoutEndpoints.balances),
    headers: bearer(merchant.token),
  });
  const report = await test.app.inject({
    ...requestOf(financeEndpoints.paymentReport, { query: { from: range.from, to: range.to } }),
    headers: bearer(merchant.token),
  });
  expect(balances.statusCode).toBe(200);
  expect(report.statusCode).toBe(200);
  const money = json(balances).data as { escrow: number; payable: number };
  const totals = (json(report).data as { totals: Record<string, number> }).totals;
  return { money, totals };
}

describe('paid orders the ledger never heard of', () => {
  it('are posted once, through the live steps, and the payouts page then agrees with the payment report', async () => {
    const merchant = await createMerchantWithStore(test);
    const bystander = await createMerchantWithStore(test);
    const customerId = await reportCustomer(test, 'Kemi', 'Adebayo');
    const place = (status: string, paid: boolean, items: ReturnType<typeof item>[], shippingKobo = 150_000) =>
      placeOrder(test, {
        store: merchant,
        customerId,
        createdAt: '2026-11-10T10:00:00Z',
        status,
        paid,
        shippingKobo,
        items,
      });
    const completed = await place('completed', true, [item(2_000_000, 2)]);
    const delivered = await place('delivered', true, [item(1_250_000)]);
    const cancelled = await place('cancelled', true, [item(900_000)]);
    await place('awaiting_payment', false, [item(500_000)]);

    // Before: the orders say money is due; the books hold nothing for the store.
    const before = await screens(merchant);
    expect(before.money).toMatchObject({ escrow: 0, payable: 0 });

    expect(await test.jobs.bookUnpostedOrders()).toBe(3);

    const after = await screens(merchant);
    // Standard category: 10 % of the items. Completed: 40,000 − 4,000 = ₦36,000 payable; delivered: 12,500 −
    // 1,250 = ₦11,250 in escrow; the cancelled order gave everything back.
    expect(after.money).toMatchObject({ escrow: 11_250, payable: 36_000 });
    expect(after.money.payable).toBe(koboToNaira(after.totals.payableKobo ?? Number.NaN));
    expect(after.money.escrow).toBe(koboToNaira(after.totals.notYetPayableKobo ?? Number.NaN));
    expect(after.totals.dueToMerchantKobo).toBe(3_600_000 + 1_125_000);

    expect((await orderRow(test, completed)).payableAt).not.toBeNull();
    expect((await orderRow(test, delivered)).payableAt).toBeNull();
    expect((await orderRow(test, cancelled)).dueToMerchantKobo).toBe(0);
    const cancelledLines = await test.deps.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, cancelled));
    for (const account of ['payments_clearing', 'merchant_escrow', 'platform_commission', 'shipping_fees']) {
      const net = cancelledLines
        .filter((line) => line.account === account)
        .reduce((sum, line) => sum + line.amountKobo, 0);
      expect(net, account).toBe(0);
    }

    // Idempotent: nothing is posted twice, and another store's money is untouched.
    expect(await test.jobs.bookUnpostedOrders()).toBe(0);
    expect((await screens(merchant)).money).toEqual(after.money);
    expect((await screens(bystander)).money).toMatchObject({ escrow: 0, payable: 0 });
    expect(await ledgerTotal(test)).toBe(0);
    expect(await unbalancedMovements(test)).toBe(0);
  });

  it('are looked for at start until the catch-up has run once; then each start reads its mark (ADR 067)', async () => {
    const merchant = await createMerchantWithStore(test);
    const customerId = await reportCustomer(test, 'Tunde', 'Bakare');
    const place = () =>
      placeOrder(test, {
        store: merchant,
        customerId,
        createdAt: '2026-11-12T10:00:00Z',
        status: 'delivered',
        paid: true,
        shippingKobo: 150_000,
        items: [item(1_000_000)],
      });
    const first = await place();
    await clearMark(test.deps.db, BOOKS_CAUGHT_UP);
    // No mark: the start scans, books the order, and marks the catch-up done.
    expect((await test.jobs.catchUpBooksOnce()).booked).toBeGreaterThanOrEqual(1);
    expect(await orderPage(first)).toBe(true);
    expect(await hasMark(test.deps.db, BOOKS_CAUGHT_UP)).toBe(true);
    // Marked: a later start does not scan, so an order written past the ledger waits... A start then sends the two
    // reads of the marks and nothing else, however many paid orders there are (counted at the driver).
    const marked = await countStatements(test.database, async () => {
      expect(await test.jobs.catchUpBooksOnce()).toEqual({ booked: 0, rollupsRebuilt: false });
    });
    expect(marked).toBe(2);
    const second = await place();
    for (let more = 0; more < 3; more++) await place();
    expect(
      await countStatements(test.database, async () => {
        expect(await test.jobs.catchUpBooksOnce()).toEqual({ booked: 0, rollupsRebuilt: false });
      }),
    ).toBe(marked);
    expect(await orderPage(second)).toBe(false);
    // ...until whatever wrote it (a seed) removes the mark; the roll-ups, when unmarked, are built from the books.
    // The scan the mark spares reads every paid order's id and asks the books about them, page after page.
    await clearMark(test.deps.db, BOOKS_CAUGHT_UP);
    await clearMark(test.deps.db, ROLLUPS_BUILT);
    const scanned = await countStatements(test.database, async () => {
      expect(await test.jobs.catchUpBooksOnce()).toEqual({ booked: 4, rollupsRebuilt: true });
    });
    expect(scanned).toBeGreaterThan(marked);
    expect(await orderPage(second)).toBe(true);
    expect(await rollupDifferences(test.deps.db)).toEqual([]);
    expect((await screens(merchant)).totals.ordersCount).toBe(5);
    // Booked once: starts after the mark, and a catch-up run again, never book an order a second time.
    expect(await test.jobs.catchUpBooksOnce()).toEqual({ booked: 0, rollupsRebuilt: false });
    expect(await test.jobs.bookUnpostedOrders()).toBe(0);
    expect(await pagesOf(second)).toBe(1);
    expect(await ledgerTotal(test)).toBe(0);
  });
});

async function pagesOf(orderId: string): Promise<number> {
  return (await test.deps.db.select().from(ledgerOrders).where(eq(ledgerOrders.orderId, orderId))).length;
}

async function orderPage(orderId: string): Promise<boolean> {
  return (await pagesOf(orderId)) === 1;
}
