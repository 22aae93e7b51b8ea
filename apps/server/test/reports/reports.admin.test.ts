import { randomUUID } from 'node:crypto';
import { adminMerchantEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApprovedProduct, type TestMerchant } from '../support/catalog-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { placeOrder, reportCustomer } from '../support/report-factory.js';
import {
  bearer,
  createAdmin,
  createConfirmedAccount,
  createPartner,
  json,
  login,
  type TestApp,
} from '../support/test-app.js';
import { world } from '../support/world.js';

// The admin's merchants (issue 9): the list with each store's figures, one merchant with their store's sales
// report, their profile, their products, and top merchants, for admins holding merchants:read only.

let test: TestApp;
let admin: { accessToken: string };
let big: TestMerchant;
let small: TestMerchant;
let quiet: TestMerchant;

const item = (unitKobo: number, quantity = 1) => ({
  productId: randomUUID(),
  name: 'Aso Oke',
  unitKobo,
  quantity,
});

beforeAll(async () => {
  const market = await world({ stores: 0, merchants: 3, customers: 0 });
  ({ test, admin } = market);
  [big, small, quiet] = market.merchants;
  const buyer = await reportCustomer(test, 'Ada', 'Obi');
  const order = (store: TestMerchant, createdAt: string, unitKobo: number, extra: object = {}) =>
    placeOrder(test, {
      store,
      customerId: buyer,
      createdAt,
      status: 'delivered',
      paid: true,
      items: [item(unitKobo)],
      ...extra,
    });
  await order(big, '2026-03-05T12:00:00Z', 5_000_000, { discountKobo: 500_000 });
  await order(big, '2026-03-06T12:00:00Z', 2_000_000);
  await order(big, '2026-03-07T12:00:00Z', 9_000_000, { status: 'cancelled' }); // refunded: not a sale
  await order(big, '2026-01-10T12:00:00Z', 1_000_000); // outside March
  await order(small, '2026-03-08T12:00:00Z', 3_000_000);
  await order(small, '2026-03-09T12:00:00Z', 9_000_000, { paid: false, status: 'awaiting_payment' }); // unpaid
  // Merchants' figures and top merchants add up the goods kept as the books say (ADR 047): the orders are booked as
  // the server books paid orders at start.
  await test.jobs.bookUnpostedOrders();
  await createApprovedProduct(test, small, admin, { name: 'Adire Kampala Shirt' });
  await createApprovedProduct(test, small, admin, { name: 'Linen Kaftan' });
  await createApprovedProduct(test, big, admin, { name: 'Adire Wrapper' });
}, 180_000);
afterAll(() => test.close());

const get = (url: string, token?: string) =>
  test.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('admin merchants', () => {
  it('lists merchants newest first with their stores and lifetime figures, searched by store name', async () => {
    const response = await get(
      urlOf(adminMerchantEndpoints.list, { query: { limit: 100 } }),
      admin.accessToken,
    );
    expect(response.statusCode).toBe(200);
    const { merchants, pagination } = json(response).data;
    expect(pagination.totalItems).toBeGreaterThanOrEqual(3);
    const byId = (id: string) => merchants.find((merchant: { id: string }) => merchant.id === id);
    expect(byId(big.id)).toMatchObject({
      store: { id: big.storeId, storeName: big.storeName, approvalStatus: 'approved' },
      ordersCount: 3,
      netSalesKobo: 7_500_000,
    });
    expect(byId(small.id)).toMatchObject({ ordersCount: 1, netSalesKobo: 3_000_000 });
    expect(byId(quiet.id)).toMatchObject({ ordersCount: 0, netSalesKobo: 0 });

    const found = json(
      await get(
        urlOf(adminMerchantEndpoints.list, { query: { search: small.storeName } }),
        admin.accessToken,
      ),
    ).data;
    expect(found.merchants.map((merchant: { id: string }) => merchant.id)).toEqual([small.id]);
    const paged = json(
      await get(urlOf(adminMerchantEndpoints.list, { query: { limit: 1, page: 2 } }), admin.accessToken),
    ).data;
    expect(paged.merchants).toHaveLength(1);
    expect(paged.pagination).toMatchObject({ page: 2, limit: 1 });
    // A search's % and _ are taken literally.
    expect(
      json(await get(urlOf(adminMerchantEndpoints.list, { query: { search: '%' } }), admin.accessToken)).data
        .merchants,
    ).toEqual([]);
  });

  it('ranks top merchants by net sales in the range', async () => {
    const top = json(
      await get(
        urlOf(adminMerchantEndpoints.top, { query: { from: '2026-03-01', to: '2026-03-31' } }),
        admin.accessToken,
      ),
    ).data;
    expect(top).toEqual([
      {
        merchantId: big.id,
        name: expect.any(String),
        storeId: big.storeId,
        storeName: big.storeName,
        ordersCount: 2,
        netSalesKobo: 6_500_000,
      },
      {
        merchantId: small.id,
        name: expect.any(String),
        storeId: small.storeId,
        storeName: small.storeName,
        ordersCount: 1,
        netSalesKobo: 3_000_000,
      },
    ]);
    expect(
      (
        await get(
          urlOf(adminMerchantEndpoints.top, { query: { from: '2026-03-01', to: '2027-03-31' } }),
          admin.accessToken,
        )
      ).statusCode,
    ).toBe(422);
  });

  it('shows one merchant with their store’s report, their profile and their products', async () => {
    const detail = json(
      await get(
        urlOf(adminMerchantEndpoints.one, {
          params: { id: big.id },
          query: { from: '2026-03-01', to: '2026-03-31' },
        }),
        admin.accessToken,
      ),
    ).data;
    expect(detail.merchant).toMatchObject({ id: big.id, store: { id: big.storeId } });
    expect(detail.report.totals).toMatchObject({
      ordersCount: 3,
      netSalesKobo: 6_500_000,
      discountKobo: 500_000,
      cancelledOrdersCount: 1,
    });

    const profile = json(
      await get(urlOf(adminMerchantEndpoints.profile, { params: { id: small.id } }), admin.accessToken),
    ).data;
    expect(profile).toMatchObject({
      id: small.id,
      store: { id: small.storeId },
      onboarding: { percentageComplete: 25 },
    });
    expect(profile.onboarding).not.toHaveProperty('idDocumentNumber');

    const shirts = json(
      await get(
        urlOf(adminMerchantEndpoints.products, { params: { id: small.id }, query: { search: 'adire' } }),
        admin.accessToken,
      ),
    ).data;
    expect(shirts.products.map((product: { name: string }) => product.name)).toEqual(['Adire Kampala Shirt']);
    expect(shirts.pagination.totalItems).toBe(1);
    const all = json(
      await get(urlOf(adminMerchantEndpoints.products, { params: { id: small.id } }), admin.accessToken),
    ).data;
    expect(all.products).toHaveLength(2);

    const missing = randomUUID();
    expect(
      (
        await get(
          urlOf(adminMerchantEndpoints.one, {
            params: { id: missing },
            query: { from: '2026-03-01', to: '2026-03-31' },
          }),
          admin.accessToken,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await get(urlOf(adminMerchantEndpoints.profile, { params: { id: missing } }), admin.accessToken))
        .statusCode,
    ).toBe(404);
    expect(
      (await get(urlOf(adminMerchantEndpoints.products, { params: { id: missing } }), admin.accessToken))
        .statusCode,
    ).toBe(404);
    expect(
      (await get(urlOf(adminMerchantEndpoints.profile, { params: { id: 'not-an-id' } }), admin.accessToken))
        .statusCode,
    ).toBe(422);
    // A customer's id is not a merchant.
    const buyer = await createConfirmedAccount(test, 'customer');
    expect(
      (await get(urlOf(adminMerchantEndpoints.profile, { params: { id: buyer.id } }), admin.accessToken))
        .statusCode,
    ).toBe(404);
  });

  it('is for admins holding merchants:read: not merchants, customers, partners, dispatchers or anonymous callers', async () => {
    const urls = [
      urlOf(adminMerchantEndpoints.list),
      urlOf(adminMerchantEndpoints.top, { query: { from: '2026-03-01', to: '2026-03-31' } }),
      urlOf(adminMerchantEndpoints.one, {
        params: { id: big.id },
        query: { from: '2026-03-01', to: '2026-03-31' },
      }),
      urlOf(adminMerchantEndpoints.profile, { params: { id: big.id } }),
      urlOf(adminMerchantEndpoints.products, { params: { id: big.id } }),
    ];
    const superadmin = await createAdmin(test, 'superadmin');
    const dispatcher = await createAdmin(test, 'dispatcher');
    const buyer = await createConfirmedAccount(test, 'customer');
    const customerToken = (await login(test, 'customer', buyer.email)).accessToken;
    const partner = await createPartner(test);
    for (const url of urls) {
      expect((await get(url, superadmin.accessToken)).statusCode, url).toBe(200);
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, big.token)).statusCode, url).toBe(403);
      expect((await get(url, customerToken)).statusCode, url).toBe(403);
      expect((await get(url, partner.accessToken)).statusCode, url).toBe(403);
      const refused = await get(url, dispatcher.accessToken);
      expect(refused.statusCode, url).toBe(403);
      expect(json(refused).message).toBe(
        'Your role (dispatcher) does not have the merchants:read permission',
      );
    }
  });
});
