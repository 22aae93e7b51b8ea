import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTransactions } from '../../src/modules/payments/payments.schema.js';
import { seedDemoPayments } from '../../src/seed/demo-payments.js';
import { createMerchantWithStore } from '../support/catalog-factory.js';
import { placeOrder, reportCustomer } from '../support/report-factory.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// The demo's payment records: one per paid checkout, none for an unpaid one, and a second run changes nothing.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
}, 60_000);
afterAll(() => test.close());

describe('demo payments', () => {
  it('records each paid checkout once with the fee in integer kobo', async () => {
    const store = await createMerchantWithStore(test);
    const customerId = await reportCustomer(test, 'Ngozi', 'Eze');
    const item = { productId: crypto.randomUUID(), name: 'Ankara', unitKobo: 1_000_000, quantity: 1 };
    for (const paid of [true, false])
      await placeOrder(test, {
        store,
        customerId,
        createdAt: '2026-03-02T10:00:00Z',
        status: paid ? 'delivered' : 'awaiting_payment',
        paid,
        shippingKobo: 250_000,
        items: [item],
      });
    await seedDemoPayments(test.deps.db);
    await seedDemoPayments(test.deps.db);
    const rows = await test.deps.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.customerId, customerId));
    expect(rows).toHaveLength(1);
    // 1.5 % of 1,250,000 = 18,750, plus ₦100.
    expect(rows[0]).toMatchObject({
      amountKobo: 1_250_000,
      feesKobo: 28_750,
      status: 'success',
      purpose: 'CHK',
    });
  });
});
