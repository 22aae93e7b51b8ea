import { customerProductEndpoints } from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/modules/catalog/catalog.schema.js';
import { commerceSetup, listedProduct, sellingStore } from '../support/commerce-factory.js';
import { requestOf } from '../support/contract-requests.js';
import { createCategoryTree } from '../support/store-factory.js';
import { createTestApp, json, type TestApp } from '../support/test-app.js';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
}, 60_000);
afterAll(() => test.close());

describe("a store's catalog by category", () => {
  it('filters GET /products by a category of any level, for that store only, with the count', async () => {
    const setup = await commerceSetup(test);
    const store = await sellingStore(test, setup);
    const other = await sellingStore(test, setup);
    const shoes = await createCategoryTree(test);
    const phone = await listedProduct(test, setup, store);
    const sandal = await listedProduct(test, setup, store, {
      categoryId: shoes.category.id,
      subCategoryId: shoes.subCategory.id,
      childCategoryId: shoes.childCategory.id,
    });
    await listedProduct(test, setup, other, {
      categoryId: shoes.category.id,
      subCategoryId: shoes.subCategory.id,
      childCategoryId: shoes.childCategory.id,
    });
    for (const categoryId of [shoes.category.id, shoes.subCategory.id, shoes.childCategory.id]) {
      const page = json(
        await test.app.inject(
          requestOf(customerProductEndpoints.storeCatalog, { query: { storeId: store.storeId, categoryId } }),
        ),
      ).data;
      expect(page.data.map((product: { id: string }) => product.id)).toEqual([sandal.id]);
      expect(page.count).toBe(1);
    }
    const all = json(
      await test.app.inject(
        requestOf(customerProductEndpoints.storeCatalog, { query: { storeId: store.storeId } }),
      ),
    ).data;
    expect(all.data.map((product: { id: string }) => product.id).sort()).toEqual(
      [phone.id, sandal.id].sort(),
    );
    const bad = await test.app.inject(
      requestOf(customerProductEndpoints.storeCatalog, {
        query: { storeId: store.storeId, categoryId: 'nope' },
      }),
    );
    expect(bad.statusCode).toBe(422);
  });
});

describe("a store's categories", () => {
  it('lists every level its visible products use with their counts, from the server, not a product page', async () => {
    const setup = await commerceSetup(test);
    const store = await sellingStore(test, setup);
    const other = await sellingStore(test, setup);
    const shoes = await createCategoryTree(test);
    const shoeTree = {
      categoryId: shoes.category.id,
      subCategoryId: shoes.subCategory.id,
      childCategoryId: shoes.childCategory.id,
    };
    await listedProduct(test, setup, store);
    await listedProduct(test, setup, store, shoeTree);
    await listedProduct(test, setup, store, shoeTree);
    const hidden = await listedProduct(test, setup, store, shoeTree);
    await listedProduct(test, setup, other, shoeTree);
    // An unapproved product is not public: its categories must not show either.
    await test.deps.db.update(products).set({ isVisible: false }).where(eq(products.id, hidden.id));

    const answer = await test.app.inject(
      requestOf(customerProductEndpoints.storefrontCategories, { params: { storeUrl: store.storeUrl } }),
    );
    expect(answer.statusCode).toBe(200);
    const found = json(answer).data as { id: string; name: string; level: number; productCount: number }[];
    expect(found.map(({ id, level, productCount }) => ({ id, level, productCount }))).toEqual([
      ...[
        { id: shoes.category.id, level: 1, productCount: 2 },
        { id: shoes.childCategory.id, level: 3, productCount: 2 },
        { id: shoes.subCategory.id, level: 2, productCount: 2 },
      ].sort((a, b) => nameOf(a.id).localeCompare(nameOf(b.id))),
      ...[
        { id: setup.tree.category.id, level: 1, productCount: 1 },
        { id: setup.tree.childCategory.id, level: 3, productCount: 1 },
        { id: setup.tree.subCategory.id, level: 2, productCount: 1 },
      ].sort((a, b) => nameOf(a.id).localeCompare(nameOf(b.id))),
    ]);
    function nameOf(id: string): string {
      return found.find((category) => category.id === id)?.name ?? '';
    }

    const missing = await test.app.inject(
      requestOf(customerProductEndpoints.storefrontCategories, { params: { storeUrl: 'no-such-store' } }),
    );
    expect(missing.statusCode).toBe(404);
  });
});
