import { findLga, findState } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { seedDemoCatalog } from '../../src/seed/demo-catalog.js';
import { demoStores } from '../../src/seed/demo-catalog-data.js';
import { seedDemo } from '../../src/seed/demo-seed.js';
import { createTestApp, json } from '../support/test-app.js';

describe('demo catalog', () => {
  it('places every demo store at a real state and LGA', () => {
    for (const store of demoStores) {
      const state = findState(store.state);
      expect(state, store.storeName).toBeDefined();
      expect(findLga(state!, store.lga), `${store.storeName}: ${store.lga}`).toBeDefined();
    }
  });

  it('shows a living marketplace once: approved stores, 200+ products with images, deals, outlets and a queue', async () => {
    const test = await createTestApp();
    try {
      await seedDemo(test.deps.db);
      const first = await seedDemoCatalog(test.deps.db, test.deps.media);
      expect(first.skipped).toBe(false);
      expect(first.stores).toBeGreaterThanOrEqual(5);
      expect(first.products).toBeGreaterThanOrEqual(200);
      expect((await seedDemoCatalog(test.deps.db, test.deps.media)).skipped).toBe(true);

      const merchants = json(await test.app.inject({ method: 'GET', url: '/api/merchants?limit=100' })).data;
      expect(merchants.merchants.length).toBeGreaterThanOrEqual(5);
      expect(merchants.merchants.map((store: { storeName: string }) => store.storeName)).toContain(
        'Chinedu Gadgets',
      );
      const productCounts = merchants.merchants.map(
        (store: { productsCount: number }) => store.productsCount,
      );
      expect(productCounts.reduce((a: number, b: number) => a + b, 0)).toBeGreaterThanOrEqual(180);

      const logo = merchants.merchants[0].logo as string;
      const image = await test.app.inject({ method: 'GET', url: logo });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
    } finally {
      await test.close();
    }
  }, 120_000);
});
