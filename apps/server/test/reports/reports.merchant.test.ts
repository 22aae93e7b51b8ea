import { randomUUID } from 'node:crypto';
import { salesReportEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../../src/modules/reports/index.js';
import type { TestMerchant } from '../support/catalog-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { placeOrder, reportCustomer } from '../support/report-factory.js';
import { storeMemberToken } from '../support/staff-factory.js';
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

// GET /api/merchant/reports/sales and /sales.csv: a store's sales in a range of Lagos days, on a small dataset whose
// every figure is worked out by hand below (discounts, a cancelled-after-payment and a returned order, unpaid
// orders, the edges of the range in Lagos time, and another store's orders that must never show).

let test: TestApp;
let storeA: TestMerchant;
let storeB: TestMerchant;
const customers: Record<'c1' | 'c2' | 'c3', string> = { c1: '', c2: '', c3: '' };
const products = { p1: randomUUID(), p2: randomUUID(), p3: randomUUID(), pb: randomUUID() };
const INJECTED_NAME = '=HYPERLINK("http://x","click")';

const dress = (quantity: number) => ({
  productId: products.p1,
  name: 'Ankara Dress',
  unitKobo: 1_000_000,
  quantity,
});
const cap = (quantity: number) => ({ productId: products.p2, name: 'Fila Cap', unitKobo: 500_000, quantity });

beforeAll(async () => {
  const market = await world({ stores: 0, merchants: 2, customers: 0 });
  ({ test } = market);
  [storeA, storeB] = market.merchants;
  customers.c1 = await reportCustomer(test, 'Ada', 'Obi');
  customers.c2 = await reportCustomer(test, 'Bola', 'Ade');
  customers.c3 = await reportCustomer(test, '@Chi', 'Eze, Jr');
  const a = storeA;
  // O1: two dresses and a cap, 10 % coupon, delivered; Lagos/Ikeja, 2 March (Lagos).
  await placeOrder(test, {
    store: a,
    customerId: customers.c1,
    createdAt: '2026-03-02T10:00:00Z',
    status: 'delivered',
    paid: true,
    discountKobo: 250_000,
    shippingKobo: 150_000,
    items: [dress(2), cap(1)],
  });
  // O2: 23:30 UTC on 2 March is 00:30 on 3 March in Lagos; Oyo/Ibadan North.
  await placeOrder(test, {
    store: a,
    customerId: customers.c2,
    createdAt: '2026-03-02T23:30:00Z',
    status: 'pending',
    paid: true,
    shippingKobo: 100_000,
    state: 'Oyo',
    lga: 'Ibadan North',
    items: [dress(1)],
  });
  // O3: paid, then cancelled (refunded).
  await placeOrder(test, {
    store: a,
    customerId: customers.c1,
    createdAt: '2026-03-10T12:00:00Z',
    status: 'cancelled',
    paid: true,
    discountKobo: 100_000,
    items: [cap(2)],
  });
  // O4: delivered, then returned.
  await placeOrder(test, {
    store: a,
    customerId: customers.c2,
    createdAt: '2026-03-11T12:00:00Z',
    status: 'returned',
    paid: true,
    items: [dress(1)],
  });
  // O5 never paid; O6 expired unpaid: neither is a sale.
  await placeOrder(test, {
    store: a,
    customerId: customers.c1,
    createdAt: '2026-03-12T12:00:00Z',
    status: 'awaiting_payment',
    paid: false,
    items: [dress(5)],
  });
  await placeOrder(test, {
    store: a,
    customerId: customers.c1,
    createdAt: '2026-03-12T13:00:00Z',
    status: 'cancelled',
    paid: false,
    items: [dress(4)],
  });
  // O7: 22:59 UTC on 28 Feb is still 28 Feb in Lagos: before the range.
  await placeOrder(test, {
    store: a,
    customerId: customers.c1,
    createdAt: '2026-02-28T22:59:00Z',
    status: 'delivered',
    paid: true,
    items: [dress(1)],
  });
  // O8: the last Lagos minute of 31 March, a product whose name a spreadsheet would run as a formula; Kano.
  await placeOrder(test, {
    store: a,
    customerId: customers.c3,
    createdAt: '2026-03-31T22:59:00Z',
    status: 'accepted',
    paid: true,
    state: 'Kano',
    lga: 'Nassarawa',
    items: [{ productId: products.p3, name: INJECTED_NAME, unitKobo: 300_000, quantity: 1 }],
  });
  // O9: 23:00 UTC on 31 March is 1 April in Lagos: after the range.
  await placeOrder(test, {
    store: a,
    customerId: customers.c1,
    createdAt: '2026-03-31T23:00:00Z',
    status: 'pending',
    paid: true,
    items: [cap(1)],
  });
  // Another store's large order in the range, bought by the same customer.
  await placeOrder(test, {
    store: storeB,
    customerId: customers.c1,
    createdAt: '2026-03-05T12:00:00Z',
    status: 'delivered',
    paid: true,
    items: [{ productId: products.pb, name: 'Solar Panel', unitKobo: 10_000_000, quantity: 1 }],
  });
  // What went back is the books' (ADR 047): the orders are booked as the server books paid orders at start.
  await test.jobs.bookUnpostedOrders();
}, 120_000);
afterAll(() => test.close());

const report = (token: string | undefined, query: string) =>
  test.app.inject({
    method: 'GET',
    url: `${urlOf(salesReportEndpoints.sales)}?${query}`,
    headers: token ? bearer(token) : {},
  });
const csv = (token: string, query: string) =>
  test.app.inject({
    method: 'GET',
    url: `${urlOf(salesReportEndpoints.salesCsv)}?${query}`,
    headers: bearer(token),
  });
const MARCH = 'from=2026-03-01&to=2026-03-31';

describe('merchant sales report', () => {
  it('adds up the store’s paid orders of the Lagos days asked, with discounts and returns apart', async () => {
    const response = await report(storeA.token, MARCH);
    expect(response.statusCode).toBe(200);
    const data = json(response).data;
    expect(data.startsAt).toBe('2026-02-28T23:00:00.000Z');
    expect(data.endsBefore).toBe('2026-03-31T23:00:00.000Z');
    expect(data.totals).toEqual({
      ordersCount: 5,
      itemsSold: 5,
      grossSalesKobo: 5_800_000,
      discountKobo: 350_000,
      returnedKobo: 1_900_000,
      netSalesKobo: 3_550_000,
      shippingKobo: 250_000,
      averageOrderKobo: 1_183_333,
      customersCount: 3,
      cancelledOrdersCount: 1,
      returnedOrdersCount: 1,
    });
    expect(data.byProduct).toEqual([
      {
        productId: products.p1,
        productName: 'Ankara Dress',
        unitsSold: 3,
        ordersCount: 2,
        grossKobo: 3_000_000,
        discountKobo: 200_000,
        netKobo: 2_800_000,
      },
      {
        productId: products.p2,
        productName: 'Fila Cap',
        unitsSold: 1,
        ordersCount: 1,
        grossKobo: 500_000,
        discountKobo: 50_000,
        netKobo: 450_000,
      },
      {
        productId: products.p3,
        productName: INJECTED_NAME,
        unitsSold: 1,
        ordersCount: 1,
        grossKobo: 300_000,
        discountKobo: 0,
        netKobo: 300_000,
      },
    ]);
    expect(data.topProducts.map((product: { productId: string }) => product.productId)).toEqual([
      products.p1,
      products.p2,
      products.p3,
    ]);
    expect(data.byCustomer).toEqual([
      {
        customerId: customers.c1,
        name: 'Ada Obi',
        ordersCount: 1,
        netSalesKobo: 2_250_000,
        lastOrderAt: '2026-03-02T10:00:00.000Z',
      },
      {
        customerId: customers.c2,
        name: 'Bola Ade',
        ordersCount: 1,
        netSalesKobo: 1_000_000,
        lastOrderAt: '2026-03-02T23:30:00.000Z',
      },
      {
        customerId: customers.c3,
        name: '@Chi Eze, Jr',
        ordersCount: 1,
        netSalesKobo: 300_000,
        lastOrderAt: '2026-03-31T22:59:00.000Z',
      },
    ]);
    expect(data.byState).toEqual([
      { state: 'Lagos', lga: '', ordersCount: 1, netSalesKobo: 2_250_000 },
      { state: 'Oyo', lga: '', ordersCount: 1, netSalesKobo: 1_000_000 },
      { state: 'Kano', lga: '', ordersCount: 1, netSalesKobo: 300_000 },
    ]);
    expect(data.byLga[0]).toEqual({ state: 'Lagos', lga: 'Ikeja', ordersCount: 1, netSalesKobo: 2_250_000 });
    // One point per Lagos day, quiet days included.
    expect(data.series).toHaveLength(31);
    const day = (start: string) => data.series.find((point: { start: string }) => point.start === start);
    expect(day('2026-03-01')).toEqual({
      start: '2026-03-01',
      ordersCount: 0,
      netSalesKobo: 0,
      discountKobo: 0,
      returnedOrdersCount: 0,
    });
    expect(day('2026-03-02')).toEqual({
      start: '2026-03-02',
      ordersCount: 1,
      netSalesKobo: 2_250_000,
      discountKobo: 250_000,
      returnedOrdersCount: 0,
    });
    expect(day('2026-03-03')).toMatchObject({ ordersCount: 1, netSalesKobo: 1_000_000 });
    expect(day('2026-03-10')).toEqual({
      start: '2026-03-10',
      ordersCount: 1,
      netSalesKobo: 0,
      discountKobo: 100_000,
      returnedOrdersCount: 1,
    });
    expect(day('2026-03-31')).toMatchObject({ ordersCount: 1, netSalesKobo: 300_000 });
  });

  it('groups by Monday weeks and by months', async () => {
    const weeks = json(await report(storeA.token, `${MARCH}&granularity=week`)).data.series;
    expect(weeks.map((point: { start: string }) => point.start)).toEqual([
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
      '2026-03-30',
    ]);
    expect(weeks[1]).toMatchObject({ ordersCount: 2, netSalesKobo: 3_250_000 });
    const months = json(await report(storeA.token, `from=2026-02-01&to=2026-04-30&granularity=month`)).data;
    expect(
      months.series.map((point: { start: string; ordersCount: number }) => [point.start, point.ordersCount]),
    ).toEqual([
      ['2026-02-01', 1],
      ['2026-03-01', 5],
      ['2026-04-01', 1],
    ]);
  });

  it('never shows another store’s orders', async () => {
    const theirs = json(await report(storeB.token, MARCH)).data;
    expect(theirs.totals).toMatchObject({ ordersCount: 1, netSalesKobo: 10_000_000, customersCount: 1 });
    expect(theirs.byProduct.map((product: { productId: string }) => product.productId)).toEqual([
      products.pb,
    ]);
    const ours = json(await report(storeA.token, MARCH)).data;
    expect(ours.byProduct.map((product: { productId: string }) => product.productId)).not.toContain(
      products.pb,
    );
    // The customer who bought from both stores shows only this store's order here.
    expect(
      ours.byCustomer.find((row: { customerId: string }) => row.customerId === customers.c1).netSalesKobo,
    ).toBe(2_250_000);
  });

  it('answers an empty report for a range without orders', async () => {
    const data = json(await report(storeA.token, 'from=2025-01-01&to=2025-01-07')).data;
    expect(data.totals).toMatchObject({ ordersCount: 0, netSalesKobo: 0, averageOrderKobo: 0 });
    expect(data.series).toHaveLength(7);
    expect(data.byProduct).toEqual([]);
    expect(data.byCustomer).toEqual([]);
  });

  it('refuses ranges that are backwards, longer than 366 days or not dates (422)', async () => {
    const backwards = await report(storeA.token, 'from=2026-03-10&to=2026-03-01');
    expect(backwards.statusCode).toBe(422);
    expect(json(backwards).message).toContain('The end date cannot be before the start date');
    const tooLong = await report(storeA.token, 'from=2025-01-01&to=2026-01-02');
    expect(tooLong.statusCode).toBe(422);
    expect(json(tooLong).message).toContain('Choose at most 366 days');
    expect((await report(storeA.token, 'from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
    expect((await report(storeA.token, 'from=2026-02-30&to=2026-03-01')).statusCode).toBe(422);
    expect((await report(storeA.token, 'from=2026-03-01')).statusCode).toBe(422);
    expect((await report(storeA.token, `${MARCH}&granularity=year`)).statusCode).toBe(422);
  });

  it('is for members of the store holding reports:read only', async () => {
    expect((await report(undefined, MARCH)).statusCode).toBe(401);
    const finance = await report(await storeMemberToken(test, storeA.storeId, 'finance'), MARCH);
    expect(finance.statusCode).toBe(200);
    expect(json(finance).data.totals.netSalesKobo).toBe(3_550_000);
    const inventory = await report(await storeMemberToken(test, storeA.storeId, 'inventory'), MARCH);
    expect(inventory.statusCode).toBe(403);
    expect(json(inventory).message).toBe('Your role (inventory) does not have the reports:read permission');
    const buyer = await createConfirmedAccount(test, 'customer');
    const customerToken = (await login(test, 'customer', buyer.email)).accessToken;
    expect((await report(customerToken, MARCH)).statusCode).toBe(403);
    expect((await report((await createAdmin(test, 'superadmin')).accessToken, MARCH)).statusCode).toBe(403);
    expect((await report((await createPartner(test)).accessToken, MARCH)).statusCode).toBe(403);
    expect((await csv(customerToken, MARCH)).statusCode).toBe(403);
  });
});

describe('sales report CSV', () => {
  it('downloads a view as text/csv with formula cells defused and quotes doubled', async () => {
    const products = await csv(storeA.token, `${MARCH}&view=products`);
    expect(products.statusCode).toBe(200);
    expect(products.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(products.headers['content-disposition']).toBe(
      'attachment; filename="sales-products-2026-03-01-to-2026-03-31.csv"',
    );
    const lines = products.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Product ID,Product,Units sold,Orders,Gross (NGN),Discounts (NGN),Net (NGN)');
    expect(lines[1]).toBe(`${productIdOf('p1')},Ankara Dress,3,2,30000.00,2000.00,28000.00`);
    expect(lines[3]).toBe(
      `${productIdOf('p3')},"'=HYPERLINK(""http://x"",""click"")",1,1,3000.00,0.00,3000.00`,
    );

    const people = (await csv(storeA.token, `${MARCH}&view=customers`)).body.split('\r\n');
    expect(people).toContain(`${customers.c3},"'@Chi Eze, Jr",1,3000.00,2026-03-31T22:59:00.000Z`);
    const series = (await csv(storeA.token, `${MARCH}&view=series`)).body.split('\r\n');
    expect(series[0]).toBe(
      'Period start,Orders,Net sales (NGN),Discounts (NGN),Cancelled or returned orders',
    );
    expect(series).toContain('2026-03-02,1,22500.00,2500.00,0');
    const places = (await csv(storeA.token, `${MARCH}&view=locations`)).body.split('\r\n');
    expect(places).toContain('Oyo,Ibadan North,1,10000.00');
    expect((await csv(storeA.token, 'from=2026-03-10&to=2026-03-01')).statusCode).toBe(422);
  });

  it('prefixes every cell a spreadsheet would run, and only those', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+234 803')).toBe("'+234 803");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('a "quote", here')).toBe('"a ""quote"", here"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('Ankara Dress')).toBe('Ankara Dress');
    expect(csvCell(-5)).toBe('-5');
  });
});

function productIdOf(key: keyof typeof products) {
  return products[key];
}
