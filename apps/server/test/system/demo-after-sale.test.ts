import { koboToNaira, merchantPayoutEndpoints } from '@market/contracts';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../src/modules/ledger/ledger.schema.js';
import { orderActivities, orderItems, orders } from '../../src/modules/orders/orders.schema.js';
import { seedDemoPayouts } from '../../src/seed/demo-payouts.js';
import { seedDemoReturns } from '../../src/seed/demo-returns.js';
import { DEMO_PASSWORD } from '../../src/seed/demo-seed.js';
import { orderRow } from '../ledger/ledger-support.js';
import { urlOf } from '../support/contract-requests.js';
import { seedDemoStoreWith } from '../support/demo-factory.js';
import { bearer, createTestApp, json, login } from '../support/test-app.js';

describe('demo orders after the sale', () => {
  it('a delivered order with a return to decide and a completed, payable order, each seeded once', async () => {
    const test = await createTestApp();
    try {
      const db = test.deps.db;
      // The two orders take the store's second and third products by name.
      await seedDemoStoreWith(
        db,
        ['A', 'B', 'C'].map((letter, index) => ({
          name: `Demo phone ${letter}`,
          sku: `DP-${letter}`,
          sellingPriceKobo: 1_000_000 * (index + 1),
          priceKobo: 1_100_000 * (index + 1),
        })),
      );

      expect(await seedDemoReturns(db)).toBe(1);
      expect(await seedDemoReturns(db)).toBe(0);
      expect(await seedDemoPayouts(db)).toBe(1);
      expect(await seedDemoPayouts(db)).toBe(0);

      const seeded = await db
        .select()
        .from(orders)
        .where(inArray(orders.orderName, ['NM-DEMO0008', 'NM-DEMO0009']))
        .orderBy(orders.orderName);
      const [returned, payable] = seeded;
      expect(returned).toMatchObject({ status: 'delivered', subtotalKobo: 4_000_000, totalKobo: 4_250_000 });
      expect(returned!.orderReturnId).not.toBeNull();
      expect(payable).toMatchObject({
        status: 'completed',
        subtotalKobo: 6_000_000,
        shippingFeeKobo: 250_000,
      });
      // The seed writes no money: the orders are booked at start by the same flow steps as a live order (ADR 047).
      expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, payable!.id))).toEqual([]);
      expect(await test.jobs.bookUnpostedOrders()).toBe(2);
      expect(await test.jobs.bookUnpostedOrders()).toBe(0);
      const payableBooks = await orderRow(test, payable!.id);
      const returnedBooks = await orderRow(test, returned!.id);
      expect(payableBooks.commissionKobo).toBeGreaterThan(0);
      expect(payableBooks.dueToMerchantKobo).toBe(6_000_000 - payableBooks.commissionKobo!);
      expect(payableBooks.payableAt).not.toBeNull();
      expect(payableBooks.figures.payableDue).toBe(payableBooks.dueToMerchantKobo);
      // The delivered order waits in escrow; its return is still to decide.
      expect(returnedBooks.figures.escrowDue).toBe(4_000_000 - returnedBooks.commissionKobo!);
      expect(returnedBooks.payableAt).toBeNull();
      const lines = await db
        .select()
        .from(orderItems)
        .where(inArray(orderItems.orderId, [returned!.id, payable!.id]));
      expect(lines.map((line) => [line.productName, line.quantity]).sort()).toEqual([
        ['Demo phone B', 2],
        ['Demo phone C', 2],
      ]);
      const activity = await db
        .select()
        .from(orderActivities)
        .where(inArray(orderActivities.orderId, [returned!.id, payable!.id]));
      const actorsOf = (orderId: string) =>
        activity
          .filter((row) => row.orderId === orderId)
          .map((row) => row.actorType)
          .sort();
      expect(actorsOf(returned!.id)).toEqual(['admin', 'checkout', 'customer', 'payment']);
      expect(actorsOf(payable!.id)).toEqual(['admin', 'checkout', 'payment', 'system']);
      const customerStep = activity.find((row) => row.actorType === 'customer');
      expect(customerStep?.actorId).toBe(returned!.customerId);

      // The books balance, and the merchant sees the completed order's due amount as payable.
      const books = await db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, payable!.id));
      expect(books.reduce((sum, line) => sum + line.amountKobo, 0)).toBe(0);
      const { accessToken } = await login(test, 'merchant', 'merchant@demo.ng', DEMO_PASSWORD);
      const balances = await test.app.inject({
        url: urlOf(merchantPayoutEndpoints.balances),
        headers: bearer(accessToken),
      });
      expect(balances.statusCode).toBe(200);
      expect(json(balances).data).toMatchObject({
        payable: koboToNaira(payableBooks.dueToMerchantKobo!),
        escrow: koboToNaira(returnedBooks.dueToMerchantKobo!),
      });
    } finally {
      await test.close();
    }
  });
});
