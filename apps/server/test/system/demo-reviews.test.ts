import { merchantDirectoryEndpoints, platformTestimonialEndpoints, reviewEndpoints } from '@market/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, products } from '../../src/modules/catalog/catalog.schema.js';
import { stores } from '../../src/modules/stores/stores.schema.js';
import { seedDemoOrders } from '../../src/seed/demo-orders.js';
import { seedDemoReviews } from '../../src/seed/demo-reviews.js';
import { DEMO_PASSWORD, seedDemo } from '../../src/seed/demo-seed.js';
import { requestOf } from '../support/contract-requests.js';
import { bearer, createTestApp, json, login } from '../support/test-app.js';

describe('demo reviews', () => {
  it('rate demo products from real reviews of delivered orders, and leave the demo customer theirs to write', async () => {
    const test = await createTestApp();
    try {
      const db = test.deps.db;
      await seedDemo(db);
      // The demo catalog is slow to seed; seven approved, visible products of the demo store stand in for it.
      const [store] = await db.select().from(stores).where(eq(stores.storeName, 'Chinedu Gadgets'));
      await db
        .update(stores)
        .set({ isVisible: true, approvalStatus: 'approved' })
        .where(eq(stores.id, store!.id));
      const [category] = await db
        .insert(categories)
        .values({ name: 'Phones', slug: 'phones', level: 1 })
        .returning();
      const names = ['A Phone', 'B Phone', 'C Phone', 'D Phone', 'E Phone', 'F Phone', 'G Phone'];
      await db.insert(products).values(
        names.map((name, index) => ({
          storeId: store!.id,
          name,
          storeName: store!.storeName,
          categoryId: category!.id,
          sellingPriceKobo: 5_000_000 + index,
          priceKobo: 6_000_000,
          quantity: 10,
          sku: `DEMO-${index}`,
          approvalStatus: 'approved' as const,
          isVisible: true,
        })),
      );
      expect(await seedDemoOrders(db)).toBe(10);
      const written = await seedDemoReviews(db);
      expect(written).toBeGreaterThan(5);
      expect(await seedDemoReviews(db)).toBe(0);

      // Every rated product's numbers are those of its reviews.
      const rated = await db.select().from(products).where(eq(products.storeId, store!.id));
      let ratedCount = 0;
      for (const product of rated) {
        const list = json(
          await test.app.inject(
            requestOf(reviewEndpoints.productReviews, { params: { productId: product.id } }),
          ),
        ).data;
        expect(product.ratingCount, product.name).toBe(list.summary.count);
        expect(Number(product.ratingAverage), product.name).toBe(list.summary.average);
        if (list.summary.count > 0) ratedCount += 1;
      }
      expect(ratedCount).toBeGreaterThanOrEqual(4);
      const storefront = json(
        await test.app.inject(
          requestOf(merchantDirectoryEndpoints.one, { params: { storeUrl: store!.storeUrl } }),
        ),
      ).data;
      expect(storefront.ratingCount).toBeGreaterThanOrEqual(2);

      // The demo customer's delivered order (NM-DEMO0006, the sixth product by name) is theirs to review.
      const customer = (await login(test, 'customer', 'customer@demo.ng', DEMO_PASSWORD)).accessToken;
      const sixth = rated.find((product) => product.name === 'F Phone')!;
      expect(sixth.ratingCount).toBe(0);
      const review = await test.app.inject({
        ...requestOf(reviewEndpoints.reviewProduct),
        headers: bearer(customer),
        payload: { productId: sixth.id, rating: 5, text: 'Arrived quickly and works well.' },
      });
      expect(review.statusCode).toBe(201);
      const notDelivered = rated.find((product) => product.name === 'A Phone')!;
      const refused = await test.app.inject({
        ...requestOf(reviewEndpoints.reviewProduct),
        headers: bearer(customer),
        payload: { productId: notDelivered.id, rating: 5, text: 'Not received yet.' },
      });
      expect(refused.statusCode).toBe(403);

      const home = json(await test.app.inject(requestOf(platformTestimonialEndpoints.approved))).data;
      expect(home.length).toBe(3);
    } finally {
      await test.close();
    }
  }, 120_000);
});
