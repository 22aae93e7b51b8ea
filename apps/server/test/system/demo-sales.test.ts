import { salesReportEndpoints } from '@market/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, products } from '../../src/modules/catalog/catalog.schema.js';
import { stores } from '../../src/modules/stores/stores.schema.js';
import { seedDemoSales } from '../../src/seed/demo-sales.js';
import { requestOf } from '../support/contract-requests.js';
import { bearer, createConfirmedAccount, createTestApp, json, login } from '../support/test-app.js';

describe('demo sales', () => {
  it('give Ankara Palace two months of sales for its report and the admin’s merchants, once', async () => {
    const test = await createTestApp();
    try {
      const db = test.deps.db;
      // The demo catalog makes Ankara Palace (slow to seed); its owner's account and store are all sales need.
      await createConfirmedAccount(test, 'merchant', { email: 'ankara@demo.ng', storeName: 'Ankara Palace' });
      const [store] = await db.select().from(stores).where(eq(stores.storeName, 'Ankara Palace'));
      const [category] = await db
        .insert(categories)
        .values({ name: 'Fashion', slug: 'fashion', level: 1 })
        .returning();
      await db.insert(products).values({
        storeId: store!.id,
        name: 'Ankara Maxi Dress',
        storeName: store!.storeName,
        categoryId: category!.id,
        sellingPriceKobo: 1_850_000,
        priceKobo: 2_000_000,
        quantity: 10,
        sku: 'AMD-1',
        approvalStatus: 'approved',
      });
      const now = new Date();
      expect(await seedDemoSales(db, undefined, now)).toBe(36);
      expect(await seedDemoSales(db, undefined, now)).toBe(0);

      const token = (await login(test, 'merchant', 'ankara@demo.ng')).accessToken;
      const day = (offset: number) =>
        new Date(now.getTime() + 3_600_000 - offset * 86_400_000).toISOString().slice(0, 10);
      const response = await test.app.inject({
        ...requestOf(salesReportEndpoints.sales, {
          query: { from: day(65), to: day(0), granularity: 'week' },
        }),
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      const report = json(response).data;
      expect(report.totals).toMatchObject({
        ordersCount: 36,
        customersCount: 3,
        cancelledOrdersCount: 1,
        returnedOrdersCount: 1,
      });
      expect(report.totals.discountKobo).toBeGreaterThan(0);
      expect(report.byState.map((place: { state: string }) => place.state).sort()).toEqual([
        'Kano',
        'Lagos',
        'Oyo',
      ]);
    } finally {
      await test.close();
    }
  }, 120_000);
});
