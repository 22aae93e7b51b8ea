import {
  adminOrderEndpoints,
  customerOrderEndpoints,
  merchantOrderEndpoints,
  partnerOrderEndpoints,
  serviceLevelEndpoints,
} from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { seedDemoOrders } from '../../src/seed/demo-orders.js';
import { DEMO_PASSWORD } from '../../src/seed/demo-seed.js';
import { urlOf } from '../support/contract-requests.js';
import { seedDemoStoreWith } from '../support/demo-factory.js';
import { bearer, createTestApp, json, login } from '../support/test-app.js';

describe('demo orders', () => {
  it('give every demo account work along the chain, once', async () => {
    const test = await createTestApp();
    try {
      const db = test.deps.db;
      await seedDemoStoreWith(db, [
        { name: 'Tecno Spark 20', sku: 'TS20', sellingPriceKobo: 12_500_000, priceKobo: 13_000_000 },
      ]);
      expect(await seedDemoOrders(db)).toBe(10);
      expect(await seedDemoOrders(db)).toBe(0);

      const signIn = async (kind: 'customer' | 'merchant' | 'admin' | 'partner', email: string) =>
        (await login(test, kind, email, DEMO_PASSWORD)).accessToken;
      const get = async (url: string, token: string) => {
        const response = await test.app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(response.statusCode, url).toBe(200);
        return json(response).data;
      };
      const merchant = await get(
        urlOf(merchantOrderEndpoints.list),
        await signIn('merchant', 'merchant@demo.ng'),
      );
      expect(merchant.pagination.totalItems).toBe(10);
      const adminToken = await signIn('admin', 'admin@demo.ng');
      const queue = await get(urlOf(adminOrderEndpoints.queue), adminToken);
      expect(queue.orders.map((order: { orderName: string }) => order.orderName).sort()).toEqual([
        'NM-DEMO0003',
        'NM-DEMO0012',
      ]);
      const partner = await get(
        urlOf(partnerOrderEndpoints.list),
        await signIn('partner', 'partner@demo.ng'),
      );
      expect(partner.orders).toHaveLength(4);

      // The admins' service-level dashboard shows one late order of each kind the seed made late, and no other.
      const levels = await get(urlOf(serviceLevelEndpoints.admin), adminToken);
      const late = Object.fromEntries(
        (
          levels.groups as {
            kind: string;
            count: number;
            orders: { orderName: string; hoursLate: number }[];
          }[]
        ).map((group) => [group.kind, group.orders.map((order) => order.orderName)]),
      );
      expect(late).toMatchObject({
        awaiting_acceptance: ['NM-DEMO0011'],
        ready_not_picked_up: ['NM-DEMO0012'],
        in_transit_too_long: [],
        out_for_delivery_too_long: ['NM-DEMO0013'],
      });
      // Their money is booked like every other paid demo order's: the books' catch-up posts all ten.
      expect(await test.jobs.bookUnpostedOrders()).toBe(10);
      expect(await test.jobs.bookUnpostedOrders()).toBe(0);
      expect(partner.deliveredToday).toBe(1);
      const dispatcher = await get(
        urlOf(adminOrderEndpoints.list, { query: { mine: 'true' } }),
        await signIn('admin', 'dispatcher@demo.ng'),
      );
      expect(dispatcher.orders.map((order: { orderName: string }) => order.orderName)).toEqual([
        'NM-DEMO0007',
      ]);
      const customerToken = await signIn('customer', 'customer@demo.ng');
      const mine = await get(urlOf(customerOrderEndpoints.list, { query: { limit: 20 } }), customerToken);
      expect(mine.orders).toHaveLength(10);
      const outForDelivery = mine.orders.find(
        (order: { orderName: string }) => order.orderName === 'NM-DEMO0005',
      );
      expect(outForDelivery.orderDeliveryToken).toMatch(/^[0-9]{6}$/);
      expect(outForDelivery.carrier).toEqual({
        kind: 'partner',
        name: 'Sani Abubakar',
        phoneNumber: '+2348091234567',
      });
    } finally {
      await test.close();
    }
  });
});
