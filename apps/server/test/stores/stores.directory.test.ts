import { randomUUID } from 'node:crypto';
import {
  customerProductEndpoints,
  merchantDirectoryEndpoints,
  productAdminEndpoints,
  productEndpoints,
  storeAdminEndpoints,
  storeProfileEndpoints,
} from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CommerceSetup,
  listedProduct,
  type SellingStore,
  sellingStore,
} from '../support/commerce-factory.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { completeOnboarding } from '../support/store-factory.js';
import { bearer, createConfirmedAccount, json, login, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// The public store lists (GET /merchants, its search, and /merchants/top) show only stores customers can see
// that have something to buy: a store approved and onboarded but with no live product stays out. A store's products
// follow it: out of sight when it is rejected, back with two approvals or a finished onboarding, renamed with it.

let test: TestApp;
let setup: CommerceSetup;
beforeAll(async () => {
  const market = await world({ stores: 0, customers: 0 });
  ({ test, setup } = market);
});
afterAll(() => test.close());

const listed = async (url: string) => {
  const answer = json(await test.app.inject({ method: 'GET', url }));
  const cards = (url.includes('/top') ? answer.data : answer.data.merchants) as { id: string }[];
  return cards.map((card) => card.id);
};
/** The store's name, as its public page shows it (a store with no products still has its page by link). */
const nameOf = async (store: SellingStore) =>
  json(
    await test.app.inject(
      requestOf(merchantDirectoryEndpoints.one, { params: { storeUrl: store.storeUrl } }),
    ),
  ).data.storeName as string;
const directory = () => listed(urlOf(merchantDirectoryEndpoints.list, { query: { limit: 100 } }));
const top = () => listed(urlOf(merchantDirectoryEndpoints.top, { query: { limit: 50 } }));

/** A product the merchant created, still waiting for approval. */
async function pendingProduct(store: SellingStore) {
  const created = await test.app.inject({
    ...requestOf(productEndpoints.create),
    headers: bearer(store.accessToken),
    payload: {
      name: 'Oraimo FreePods 4',
      description: ['Wireless earbuds.'],
      categoryId: setup.tree.category.id,
      subCategoryId: setup.tree.subCategory.id,
      childCategoryId: setup.tree.childCategory.id,
      pricing: [{ costPrice: 18000, sellingPrice: 24500, price: 24500 }],
      quantity: 10,
      sku: `FP-${randomUUID().slice(0, 8)}`,
      weight: 0.2,
      weightUnit: 'kg',
      dimension: { length: 10, width: 8, height: 4 },
      dimensionUnit: 'cm',
      whenSoldOut: 'show-sold-out',
      contSalesOutOfStock: false,
      stockAlertUnits: 2,
      IsDigitalProduct: false,
      variant: [],
      variantProperties: [],
    },
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  return json(created).data as { id: string };
}

describe('public store list', () => {
  it('leaves out approved stores with no live product, and lists them once a product is approved', async () => {
    const empty = await sellingStore(test, setup);
    const waiting = await sellingStore(test, setup);
    await pendingProduct(waiting);
    const refused = await sellingStore(test, setup);
    const refusedProduct = await pendingProduct(refused);
    const rejected = await test.app.inject({
      ...requestOf(productAdminEndpoints.reject),
      headers: bearer(setup.admin.accessToken),
      payload: { productId: refusedProduct.id, reason: 'The photo does not show the product.' },
    });
    expect(rejected.statusCode).toBe(200);
    const selling = await sellingStore(test, setup);
    await listedProduct(test, setup, selling);

    for (const ids of [await directory(), await top()]) {
      expect(ids).toContain(selling.storeId);
      expect(ids).not.toContain(empty.storeId);
      expect(ids).not.toContain(waiting.storeId);
      expect(ids).not.toContain(refused.storeId);
    }

    // store search follows the same rule, and the page count agrees with the rows
    const search = json(
      await test.app.inject(
        requestOf(merchantDirectoryEndpoints.list, { query: { search: await nameOf(empty) } }),
      ),
    ).data;
    expect(search.merchants).toEqual([]);
    expect(search.pagination.totalItems).toBe(0);
    const found = json(
      await test.app.inject(
        requestOf(merchantDirectoryEndpoints.list, { query: { search: await nameOf(selling) } }),
      ),
    ).data;
    expect(found.merchants.map((card: { id: string }) => card.id)).toEqual([selling.storeId]);
    expect(found.merchants[0].productsCount).toBe(1);
    expect(found.pagination.totalItems).toBe(1);

    // once its product is approved, the waiting store is listed
    const [product] = (
      json(
        await test.app.inject({
          ...requestOf(productEndpoints.mine),
          headers: bearer(waiting.accessToken),
        }),
      ).data as { products: { id: string }[] }
    ).products;
    const approved = await test.app.inject({
      ...requestOf(productAdminEndpoints.approve),
      headers: bearer(setup.admin.accessToken),
      payload: { productId: product!.id, merchantId: waiting.merchantId },
    });
    expect(approved.statusCode).toBe(200);
    expect(await directory()).toContain(waiting.storeId);
    expect(await top()).toContain(waiting.storeId);
  });

  it('still lists a store whose only product is sold out but shown as sold out', async () => {
    const store = await sellingStore(test, setup);
    const product = await listedProduct(test, setup, store, { quantity: 0, whenSoldOut: 'show-sold-out' });
    expect(product.id).toBeTruthy();
    expect(await directory()).toContain(store.storeId);
  });

  it('leaves out a store whose only product is sold out and hidden until restocked', async () => {
    const store = await sellingStore(test, setup);
    await listedProduct(test, setup, store, { quantity: 0, whenSoldOut: 'hide' });
    expect(await directory()).not.toContain(store.storeId);
  });

  it('never lists stores customers cannot see, with or without products', async () => {
    const account = await createConfirmedAccount(test, 'merchant');
    const session = await login(test, 'merchant', account.email);
    const hidden = session.user.storeId as string;
    expect(await directory()).not.toContain(hidden);
    expect(await top()).not.toContain(hidden);
    expect(
      (
        await test.app.inject(
          requestOf(merchantDirectoryEndpoints.one, { params: { storeUrl: 'no-such-store' } }),
        )
      ).statusCode,
    ).toBe(404);
  });

  it("takes a rejected store's products away from customers, and two approvals bring them back", async () => {
    const store = await sellingStore(test, setup);
    const product = await listedProduct(test, setup, store);
    const productStatus = async () =>
      (await test.app.inject(requestOf(customerProductEndpoints.one, { params: { id: product.id } })))
        .statusCode;
    expect(await productStatus()).toBe(200);

    const rejected = await test.app.inject({
      ...requestOf(storeAdminEndpoints.reject, { params: { id: store.storeId } }),
      headers: bearer(setup.approvers.first.accessToken),
      payload: { reason: 'The store name does not match the registered business.' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(json(rejected).data).toMatchObject({
      approvalStatus: 'rejected',
      isVisible: false,
      productsCount: 1,
    });
    expect(await productStatus()).toBe(404);
    expect(await directory()).not.toContain(store.storeId);

    for (const admin of [setup.approvers.first, setup.approvers.second]) {
      const approved = await test.app.inject({
        ...requestOf(storeAdminEndpoints.approve, { params: { id: store.storeId } }),
        headers: bearer(admin.accessToken),
      });
      expect(approved.statusCode).toBe(200);
    }
    expect(await productStatus()).toBe(200);
    expect(await directory()).toContain(store.storeId);
  });

  it("shows an approved store's approved products once its merchant finishes onboarding", async () => {
    const account = await createConfirmedAccount(test, 'merchant');
    const session = await login(test, 'merchant', account.email);
    const storeId = session.user.storeId as string;
    for (const admin of [setup.approvers.first, setup.approvers.second]) {
      const approved = await test.app.inject({
        ...requestOf(storeAdminEndpoints.approve, { params: { id: storeId } }),
        headers: bearer(admin.accessToken),
      });
      expect(approved.statusCode).toBe(200);
    }
    const product = await pendingProduct({ accessToken: session.accessToken } as SellingStore);
    const approved = await test.app.inject({
      ...requestOf(productAdminEndpoints.approve),
      headers: bearer(setup.admin.accessToken),
      payload: { productId: product.id, merchantId: account.id },
    });
    expect(approved.statusCode).toBe(200);
    const productStatus = async () =>
      (await test.app.inject(requestOf(customerProductEndpoints.one, { params: { id: product.id } })))
        .statusCode;
    expect(await productStatus()).toBe(404);

    await completeOnboarding(test, session.accessToken);
    expect(await productStatus()).toBe(200);
    expect(await directory()).toContain(storeId);
  });

  it("shows a renamed store's new name on its products once approved again", async () => {
    const store = await sellingStore(test, setup);
    const product = await listedProduct(test, setup, store);
    const storeName = `Renamed ${randomUUID().slice(0, 8)}`;
    const saved = await test.app.inject({
      ...requestOf(storeProfileEndpoints.save),
      headers: bearer(store.accessToken),
      payload: { store: { storeName } },
    });
    expect(saved.statusCode).toBe(200);
    for (const admin of [setup.approvers.first, setup.approvers.second]) {
      const approved = await test.app.inject({
        ...requestOf(storeAdminEndpoints.approve, { params: { id: store.storeId } }),
        headers: bearer(admin.accessToken),
      });
      expect(approved.statusCode).toBe(200);
    }
    const shown = await test.app.inject(
      requestOf(customerProductEndpoints.one, { params: { id: product.id } }),
    );
    expect(json(shown).data.storeName).toBe(storeName);
  });
});
