import {
  notificationEndpoints,
  productAdminEndpoints,
  productEndpoints,
  wishlistEndpoints,
} from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../../src/modules/stores/stores.schema.js';
import {
  type CommerceSetup,
  listedProduct,
  type SellingStore,
  type Shopper,
} from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { bearer, json, type TestApp } from '../support/test-app.js';
import { type Carrier, world } from '../support/world.js';

// The wishlist (issue 36): a customer saves a product, sees it in their list, hears once when its price drops or it
// comes back in stock; the store sees how many saved each product. Tried by the accounts that must not use it.

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let otherStore: SellingStore;
let partner: Carrier;
let ada: Shopper;
let bola: Shopper;
let powerBank: string;
let lamp: string;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) =>
  test.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function noticesOf(customer: Shopper, kind: string) {
  await test.jobs.fanOutNotifications();
  const list = json(
    await call('GET', urlOf(notificationEndpoints.list, { query: { limit: 50 } }), customer.token),
  ).data;
  return (list.notifications as { kind: string; title: string }[]).filter((one) => one.kind === kind);
}

beforeAll(async () => {
  const market = await world({ stores: 2, customers: 2, carriers: 1 });
  ({ test, setup } = market);
  [store, otherStore] = market.stores;
  [ada, bola] = market.customers;
  [partner] = market.carriers;
  powerBank = (await listedProduct(test, setup, store, { quantity: 5 })).id as string;
  lamp = (await listedProduct(test, setup, store, { quantity: 1, name: 'Rechargeable lamp' })).id as string;
}, 60_000);
afterAll(() => test.close());

describe('saving products', () => {
  it('saves once, lists with today’s price, and keeps each customer’s list their own', async () => {
    const saved = await call('POST', urlOf(wishlistEndpoints.save), ada.token, { productId: powerBank });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(json(saved).data).toMatchObject({
      productId: powerBank,
      price: 12_500,
      savedPrice: 12_500,
      inStock: true,
    });
    const again = await call('POST', urlOf(wishlistEndpoints.save), ada.token, { productId: powerBank });
    expect(json(again).data.id).toBe(json(saved).data.id);
    expect(
      (await call('POST', urlOf(wishlistEndpoints.save), bola.token, { productId: powerBank })).statusCode,
    ).toBe(201);
    expect(json(await call('GET', urlOf(wishlistEndpoints.list), ada.token)).data).toHaveLength(1);

    // Bola cannot remove Ada's; nobody but a customer has a wishlist.
    expect(
      (
        await call(
          'DELETE',
          urlOf(wishlistEndpoints.remove, { params: { id: json(saved).data.id } }),
          bola.token,
        )
      ).statusCode,
    ).toBe(404);
    for (const token of [store.accessToken, partner.accessToken, setup.admin.accessToken]) {
      expect(
        (await call('POST', urlOf(wishlistEndpoints.save), token, { productId: powerBank })).statusCode,
      ).toBe(403);
      expect((await call('GET', urlOf(wishlistEndpoints.list), token)).statusCode).toBe(403);
    }
    const unknown = await call('POST', urlOf(wishlistEndpoints.save), ada.token, {
      productId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(422);
  });

  it('a product whose store customers can no longer see is shown unavailable, and cannot be saved', async () => {
    const scarf = (await listedProduct(test, setup, otherStore, { quantity: 3, name: 'Aso-oke scarf' }))
      .id as string;
    const saved = await call('POST', urlOf(wishlistEndpoints.save), bola.token, { productId: scarf });
    expect(json(saved).data).toMatchObject({ productId: scarf, available: true });
    // The store is taken off the marketplace (suspended, or its approval withdrawn).
    await test.deps.db.update(stores).set({ isVisible: false }).where(eq(stores.id, otherStore.storeId));
    try {
      const listed = json(await call('GET', urlOf(wishlistEndpoints.list), bola.token)).data as {
        productId: string;
        available: boolean;
      }[];
      expect(listed.find((item) => item.productId === scarf)?.available).toBe(false);
      const refused = await call('POST', urlOf(wishlistEndpoints.save), ada.token, { productId: scarf });
      expect(refused.statusCode).toBe(422);
    } finally {
      await test.deps.db.update(stores).set({ isVisible: true }).where(eq(stores.id, otherStore.storeId));
      await call(
        'DELETE',
        urlOf(wishlistEndpoints.remove, { params: { id: json(saved).data.id } }),
        bola.token,
      );
    }
  });

  it('shows the store how many shoppers saved each of its products, and nobody else', async () => {
    const counts = json(await call('GET', urlOf(wishlistEndpoints.savedCounts), store.accessToken)).data;
    expect(counts).toEqual([{ productId: powerBank, name: 'Oraimo Power Bank 20000mAh', savedBy: 2 }]);
    expect(
      json(await call('GET', urlOf(wishlistEndpoints.savedCounts), otherStore.accessToken)).data,
    ).toEqual([]);
    for (const token of [ada.token, partner.accessToken, setup.admin.accessToken]) {
      expect((await call('GET', urlOf(wishlistEndpoints.savedCounts), token)).statusCode).toBe(403);
    }
  });
});

describe('notices', () => {
  it('tells each saver exactly once when the price drops, however often it is edited that day', async () => {
    // A new price is reviewed before it is on sale (catalog): the notice goes out once the admin approves it.
    const reprice = async (sellingPrice: number) => {
      const edited = await call(
        'PATCH',
        urlOf(productEndpoints.edit, { params: { id: powerBank } }),
        store.accessToken,
        {
          pricing: [{ costPrice: 9000, sellingPrice, price: 15_000 }],
        },
      );
      expect(edited.statusCode).toBe(200);
      expect(await test.jobs.wishlistNotices()).toBe(0);
      const approved = await call('POST', urlOf(productAdminEndpoints.approve), setup.admin.accessToken, {
        productId: powerBank,
        merchantId: store.merchantId,
      });
      expect(approved.statusCode).toBe(200);
    };
    await reprice(11_000);
    expect(await test.jobs.wishlistNotices()).toBe(2);
    // A second drop the same day is due again, but the day's notice was given: its key keeps it to one.
    await reprice(10_500);
    expect(await test.jobs.wishlistNotices()).toBe(2);
    expect(await test.jobs.wishlistNotices()).toBe(0);
    const notices = await noticesOf(ada, 'wishlist.price-drop');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toContain('₦11,000.00');
    const item = json(await call('GET', urlOf(wishlistEndpoints.list), ada.token)).data[0];
    expect(item).toMatchObject({ price: 10_500, savedPrice: 10_500 });
  });

  it('tells the saver once when a sold-out product is back in stock', async () => {
    await call('POST', urlOf(wishlistEndpoints.save), ada.token, { productId: lamp });
    const stock = (quantity: number) =>
      call('PATCH', urlOf(productEndpoints.updateInventory), store.accessToken, {
        productId: lamp,
        quantity,
      });
    expect((await stock(0)).statusCode).toBe(200);
    expect(await test.jobs.wishlistNotices()).toBe(0);
    expect(json(await call('GET', urlOf(wishlistEndpoints.list), ada.token)).data[0]).toMatchObject({
      inStock: false,
    });
    expect((await stock(4)).statusCode).toBe(200);
    expect(await test.jobs.wishlistNotices()).toBe(1);
    expect(await noticesOf(ada, 'wishlist.back-in-stock')).toHaveLength(1);
  });
});
