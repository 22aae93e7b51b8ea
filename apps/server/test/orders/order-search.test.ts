import { randomUUID } from 'node:crypto';
import { orderSearchEndpoints } from '@market/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSearch, searchOrderRows } from '../../src/modules/orders/order-search.js';
import { orders } from '../../src/modules/orders/orders.schema.js';
import { urlOf } from '../support/contract-requests.js';
import { insertPaidTracker } from '../support/order-rows.js';
import { bearer, json, nextIp, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// Admin search across stores (issue 35): order number, any form of a Nigerian phone, e-mail, name words; each
// answered from its own index, bounded.

const ORDERS = 1_500;
const FIRST = ['Ada', 'Chidi', 'Ngozi', 'Tunde', 'Bola', 'Emeka', 'Funke', 'Ife', 'Musa', 'Zainab'];
const LAST = [
  'Okafor',
  'Adeyemi',
  'Bello',
  'Eze',
  'Nwosu',
  'Balogun',
  'Ibrahim',
  'Okonkwo',
  'Ojo',
  'Danjuma',
];

let test: TestApp;
let admin: string;
let tokens: Record<string, string>;
const target = {
  orderName: 'NM-TARGET01',
  phone: '+2348035550199',
  email: 'amaka.target@example.ng',
  fullName: 'Amaka Nwachukwu',
};

beforeAll(async () => {
  const market = await world({ stores: 0, merchants: 2, carriers: 1, dispatchers: 1 });
  ({ test } = market);
  const [merchant, other] = market.merchants;
  admin = market.admin.accessToken;
  tokens = {
    merchant: merchant.token,
    dispatcher: market.dispatchers[0].accessToken,
    partner: market.carriers[0].accessToken,
    customer: market.customers[0].token,
  };
  const address = {
    fullName: 'x',
    phoneNumber: '+2348000000000',
    emailAddress: null,
    state: 'Lagos',
    lga: 'Ikeja',
    address: '1 Allen Avenue',
  };
  const tracker = await insertPaidTracker(test, address);
  const rows = Array.from({ length: ORDERS }, (_, index) => {
    const store = index % 2 === 0 ? merchant : other;
    const isTarget = index === ORDERS - 7;
    const digits = String(1_000_000 + index * 7).slice(-7);
    return {
      trackerId: tracker.id,
      orderName: isTarget ? target.orderName : `NM-${String(index).padStart(8, '0')}`,
      customerId: randomUUID(),
      storeId: store.storeId,
      merchantId: store.id,
      storeName: store.storeName,
      status: index % 50 === 0 ? 'awaiting_payment' : 'pending',
      subtotalKobo: 100_00,
      shippingFeeKobo: 0,
      discountKobo: 0,
      totalKobo: 100_00,
      deliveryAddress: {
        ...address,
        fullName: isTarget ? target.fullName : `${FIRST[index % 10]} ${LAST[Math.floor(index / 10) % 10]}`,
        phoneNumber: isTarget ? target.phone : `+234${['803', '705', '816', '909'][index % 4]}${digits}`,
        emailAddress: isTarget ? target.email : `buyer${index}@example.ng`,
      },
      createdAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000),
    };
  });
  for (let at = 0; at < rows.length; at += 500)
    await test.deps.db.insert(orders).values(rows.slice(at, at + 500));
  await test.deps.db.execute(sql`analyze orders`);
}, 60_000);
afterAll(() => test?.close());

const search = (token: string, q: string, limit?: number) =>
  test.app.inject({
    method: 'GET',
    url: `${urlOf(orderSearchEndpoints.search)}?${new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) })}`,
    headers: bearer(token),
    remoteAddress: nextIp(),
  });
const found = async (q: string) => {
  const response = await search(admin, q);
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data as { matchedBy: string; orders: { orderName: string; customerName: string }[] };
};

describe('admin order search across stores', () => {
  it('finds an order by its number or its start, whatever the case', async () => {
    expect(await found('nm-target01')).toMatchObject({
      matchedBy: 'orderName',
      orders: [{ orderName: target.orderName }],
    });
    expect((await found('NM-TARG')).orders.map((order) => order.orderName)).toEqual([target.orderName]);
  });

  it('finds the customer by phone in every form people type', async () => {
    for (const q of ['08035550199', '+2348035550199', '234 803 555 0199', '0803-555-01']) {
      const answer = await found(q);
      expect(answer.matchedBy).toBe('phone');
      expect(answer.orders.map((order) => order.orderName)).toEqual([target.orderName]);
    }
  });

  it('finds by e-mail and by part of the name', async () => {
    expect((await found('Amaka.Target@')).orders.map((order) => order.orderName)).toEqual([target.orderName]);
    const byName = await found('amaka nwach');
    expect(byName).toMatchObject({ matchedBy: 'name', orders: [{ customerName: target.fullName }] });
  });

  it('answers at most the limit, newest first, never an unpaid checkout', async () => {
    const response = await search(admin, 'Ada', 20);
    const names = (json(response).data.orders as { orderName: string }[]).map((order) => order.orderName);
    expect(names).toHaveLength(20);
    expect([...names].sort().reverse()).toEqual(names);
    // Every 50th seeded order is unpaid; index 0 is one of them and is an "Ada Okafor".
    expect((await found('NM-00000000')).orders).toEqual([]);
    expect((await search(admin, 'Ada', 21)).statusCode).toBe(422);
    expect((await search(admin, '%')).statusCode).toBe(422);
  });

  // On a C-collation database (PGlite) the order name's unique index serves prefixes too; PostgreSQL under a
  // language collation uses orders_name_prefix_idx (text_pattern_ops).
  it('reads each kind from its own index, never the whole table', async () => {
    for (const q of ['NM-TARG', '0803555', 'amaka.t@', 'amaka nw']) {
      const read = readSearch(q)!;
      const plan = (await test.deps.db.execute(
        sql`explain ${searchOrderRows(test.deps.db, read.where, 10).getSQL()}`,
      )) as unknown as { rows: { 'QUERY PLAN': string }[] };
      const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(text, `${q}\n${text}`).not.toMatch(/Seq Scan on orders/);
      expect(text, `${q}\n${text}`).toMatch(
        /orders_(name_key|name_prefix_idx|customer_phone_prefix_idx|customer_email_prefix_idx|customer_name_words_idx)/,
      );
    }
  });

  it('is for admins who read every order', async () => {
    expect((await search(admin, 'Ada')).statusCode).toBe(200);
    for (const token of Object.values(tokens)) expect((await search(token, 'Ada')).statusCode).toBe(403);
  });
});
