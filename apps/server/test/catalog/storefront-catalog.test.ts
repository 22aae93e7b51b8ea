import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceSetup, listedProduct, sellingStore } from '../support/commerce-factory.js';
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
        await test.app.inject({
          method: 'GET',
          url: `/api/products?storeId=${store.storeId}&categoryId=${categoryId}`,
        }),
      ).data;
      expect(page.data.map((product: { id: string }) => product.id)).toEqual([sandal.id]);
      expect(page.count).toBe(1);
    }
    const all = json(
      await test.app.inject({ method: 'GET', url: `/api/products?storeId=${store.storeId}` }),
    ).data;
    expect(all.data.map((product: { id: string }) => product.id).sort()).toEqual(
      [phone.id, sandal.id].sort(),
    );
    const bad = await test.app.inject({
      method: 'GET',
      url: `/api/products?storeId=${store.storeId}&categoryId=nope`,
    });
    expect(bad.statusCode).toBe(422);
  });
});
