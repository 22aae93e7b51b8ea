import {
  categoryEndpoints,
  customerProductEndpoints,
  productAdminEndpoints,
  productEndpoints,
} from '@market/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/modules/catalog/catalog.schema.js';
import { stores } from '../../src/modules/stores/stores.schema.js';
import { type CommerceSetup, listedProduct, type SellingStore } from '../support/commerce-factory.js';
import { requestOf } from '../support/contract-requests.js';
import { createCategoryTree } from '../support/store-factory.js';
import { bearer, json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// A listing page reads each card's store address and category names from copies on the product, which triggers keep
// (migration 0054, ADR 114 amended by h-listing). The product page still joins the store and the categories, so it
// is the reference: after every write that can change a name, the listing's card must be the product page's card,
// byte for byte. Runs on PGlite and, in the PostgreSQL proofs, on the production driver.

interface Card {
  id: string;
  storeUrl: string;
  category: string | null;
  subCategory: string | null;
  childCategory: string | null;
}

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
/** Each listing asks a URL never asked before, so no cached answer can hide a stale card. */
let asked = 0;

beforeAll(async () => {
  const market = await world({ customers: 0 });
  ({ test, setup } = market);
  [store] = market.stores;
}, 120_000);
afterAll(() => test.close());

async function listingCard(productId: string, name: string): Promise<Card | undefined> {
  asked += 1;
  const response = await test.app.inject(
    requestOf(customerProductEndpoints.list, {
      query: { search: name, limit: 20 + (asked % 50), offset: 0 },
    }),
  );
  expect(response.statusCode, response.body).toBe(200);
  const page = json(response).data as { data: Card[] };
  return page.data.find((card) => card.id === productId);
}

async function productPage(productId: string): Promise<Card> {
  const response = await test.app.inject(
    requestOf(customerProductEndpoints.one, { params: { id: productId } }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data as Card;
}

/** The listing's card equals the product page's (joined) card, and names what it is told to. */
async function expectCard(productId: string, name: string, names: Omit<Card, 'id'>) {
  const card = await listingCard(productId, name);
  expect(card).toEqual(await productPage(productId));
  expect(card).toMatchObject(names);
}

describe('the names on a listing card', () => {
  it('a new product shows its store address and its three category names', async () => {
    const product = await listedProduct(test, setup, store, { name: 'Cardnames Kettle' });
    await expectCard(product.id, 'cardnames kettle', {
      storeUrl: store.storeUrl,
      category: setup.tree.category.name,
      subCategory: setup.tree.subCategory.name,
      childCategory: setup.tree.childCategory.name,
    });
  });

  it('a category renamed by an admin shows its new name on every card under it at once', async () => {
    const tree = await createCategoryTree(test);
    const product = await listedProduct(test, setup, store, {
      name: 'Cardnames Blender',
      categoryId: tree.category.id,
      subCategoryId: tree.subCategory.id,
      childCategoryId: tree.childCategory.id,
    });
    for (const [level, renamed] of [
      [tree.category, 'Cardnames Kitchen'],
      [tree.subCategory, 'Cardnames Appliances'],
      [tree.childCategory, 'Cardnames Blenders'],
    ] as const) {
      const response = await test.app.inject({
        ...requestOf(categoryEndpoints.edit, { params: { id: level.id } }),
        headers: bearer(setup.admin.accessToken),
        payload: { name: renamed },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    await expectCard(product.id, 'cardnames blender', {
      storeUrl: store.storeUrl,
      category: 'Cardnames Kitchen',
      subCategory: 'Cardnames Appliances',
      childCategory: 'Cardnames Blenders',
    });
  });

  it('a product moved to other categories by its merchant shows their names once approved again', async () => {
    const product = await listedProduct(test, setup, store, { name: 'Cardnames Toaster' });
    const other = await createCategoryTree(test);
    const edited = await test.app.inject({
      ...requestOf(productEndpoints.edit, { params: { id: product.id } }),
      headers: bearer(store.accessToken),
      payload: {
        categoryId: other.category.id,
        subCategoryId: other.subCategory.id,
        childCategoryId: other.childCategory.id,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const approved = await test.app.inject({
      ...requestOf(productAdminEndpoints.approve),
      headers: bearer(setup.admin.accessToken),
      payload: { productId: product.id, merchantId: store.merchantId },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await expectCard(product.id, 'cardnames toaster', {
      storeUrl: store.storeUrl,
      category: other.category.name,
      subCategory: other.subCategory.name,
      childCategory: other.childCategory.name,
    });
  });

  it('a product moved to a category with no sub-levels, in SQL, names only that one', async () => {
    const product = await listedProduct(test, setup, store, { name: 'Cardnames Grater' });
    const other = await createCategoryTree(test);
    // Whoever writes the row (a script, a migration, a job): the copies follow the ids.
    await test.database.db
      .update(products)
      .set({ categoryId: other.category.id, subCategoryId: null, childCategoryId: null })
      .where(eq(products.id, product.id));
    await expectCard(product.id, 'cardnames grater', {
      storeUrl: store.storeUrl,
      category: other.category.name,
      subCategory: null,
      childCategory: null,
    });
  });

  it("a store's address changed shows on its cards, and a copy written by hand is put right", async () => {
    const product = await listedProduct(test, setup, store, { name: 'Cardnames Sieve' });
    const moved = `${store.storeUrl}-moved`;
    await test.database.db.update(stores).set({ storeUrl: moved }).where(eq(stores.id, store.storeId));
    try {
      await expectCard(product.id, 'cardnames sieve', {
        storeUrl: moved,
        category: setup.tree.category.name,
        subCategory: setup.tree.subCategory.name,
        childCategory: setup.tree.childCategory.name,
      });
      await test.database.db.execute(
        sql`update products set store_url = 'elsewhere', category_name = 'Nowhere' where id = ${product.id}`,
      );
      await expectCard(product.id, 'cardnames sieve', {
        storeUrl: moved,
        category: setup.tree.category.name,
        subCategory: setup.tree.subCategory.name,
        childCategory: setup.tree.childCategory.name,
      });
    } finally {
      await test.database.db
        .update(stores)
        .set({ storeUrl: store.storeUrl })
        .where(eq(stores.id, store.storeId));
    }
  });
});
