import { eq } from 'drizzle-orm';
import { categories, products } from '../../src/modules/catalog/catalog.schema.js';
import { stores } from '../../src/modules/stores/stores.schema.js';
import { seedDemo } from '../../src/seed/demo-seed.js';
import type { TestApp } from './test-app.js';

export interface DemoProduct {
  name: string;
  sku: string;
  sellingPriceKobo: number;
  priceKobo: number;
}

/**
 * The demo accounts and store, with only the given approved products (10 in stock each) in one category: the demo
 * catalog is slow to seed, and the demo order seeds need no more than a few products of the demo store.
 */
export async function seedDemoStoreWith(db: TestApp['deps']['db'], items: DemoProduct[]) {
  await seedDemo(db);
  const [store] = await db.select().from(stores).where(eq(stores.storeName, 'Chinedu Gadgets'));
  const [category] = await db
    .insert(categories)
    .values({ name: 'Phones', slug: 'phones', level: 1 })
    .returning();
  await db.insert(products).values(
    items.map((item) => ({
      ...item,
      storeId: store!.id,
      storeName: store!.storeName,
      categoryId: category!.id,
      quantity: 10,
      approvalStatus: 'approved' as const,
    })),
  );
  return store!;
}
