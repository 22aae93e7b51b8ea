import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingSales, products } from '../../src/modules/catalog/catalog.schema.js';
import { foldSales, recordSales } from '../../src/modules/catalog/index.js';
import { stores } from '../../src/modules/stores/stores.schema.js';
import { type CommerceSetup, listedProduct, type SellingStore } from '../support/commerce-factory.js';
import type { TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// ADR 031: units sold wait in pending_sales (written by the payment) and are folded into the counters after the
// commit; several folds at once count each sale exactly once.

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
beforeAll(async () => {
  const market = await world({ customers: 0 });
  ({ test, setup } = market);
  [store] = market.stores;
}, 240_000);
afterAll(() => test.close());

describe('pending sales', () => {
  it('folds every pending sale into the product and store counters once, with folds running at once', async () => {
    const first = await listedProduct(test, setup, store, { quantity: 50 });
    const second = await listedProduct(test, setup, store, { quantity: 50, name: 'Ankara tote bag' });
    const line = (productId: string, quantity: number) => ({
      productId,
      variantId: null,
      quantity,
      storeId: store.storeId,
    });
    for (let index = 0; index < 20; index++) {
      await recordSales(test.deps.db, [line(first.id, 1), line(second.id, 2)]);
    }
    // Not counted until folded.
    const [before] = await test.deps.db.select().from(products).where(eq(products.id, first.id));
    expect(before!.salesCount).toBe(0);

    const folded = await Promise.all(Array.from({ length: 4 }, () => foldSales(test.deps.db, 7)));
    let rest = 0;
    for (let batch = await foldSales(test.deps.db, 7); batch > 0; batch = await foldSales(test.deps.db, 7))
      rest += batch;
    expect(folded.reduce((total, count) => total + count, 0) + rest).toBe(40);
    const counts = async (id: string) =>
      (await test.deps.db.select().from(products).where(eq(products.id, id)))[0]!.salesCount;
    expect(await counts(first.id)).toBe(20);
    expect(await counts(second.id)).toBe(40);
    const [shop] = await test.deps.db.select().from(stores).where(eq(stores.id, store.storeId));
    expect(shop!.salesCount).toBe(60);
    expect(await test.deps.db.select().from(pendingSales)).toEqual([]);
    expect(await foldSales(test.deps.db)).toBe(0);
  });
});
