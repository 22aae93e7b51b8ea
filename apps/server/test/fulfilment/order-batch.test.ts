import { orderBatchEndpoints } from '@market/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderActivities, orders } from '../../src/modules/orders/orders.schema.js';
import type { CommerceSetup, SellingStore, Shopper } from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { pglite } from '../support/postgres-proofs.js';
import { addStoreMember } from '../support/staff-factory.js';
import { bearer, json, nextIp, type TestApp } from '../support/test-app.js';
import { type Carrier, type World, world } from '../support/world.js';

// Bulk order actions (issue 35): many orders in one request, one transaction and one result per order.

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let otherStore: SellingStore;
let customer: Shopper;
let partner: Carrier;
let market: World;

beforeAll(async () => {
  market = await world({ stores: 2, carriers: 1 });
  ({ test, setup } = market);
  [store, otherStore] = market.stores as [SellingStore, SellingStore];
  [customer] = market.customers as [Shopper];
  [partner] = market.carriers as [Carrier];
}, 120_000);
afterAll(() => market?.close());

/** `count` paid orders of `seller`, bought one after another by the same customer. */
const paidOrders = (seller: SellingStore, count: number) => market.paidOrders(seller, count);

const post = (url: string, token: string, payload: Record<string, unknown>) =>
  test.app.inject({ method: 'POST', url, headers: bearer(token), payload, remoteAddress: nextIp() });
const moveMany = (token: string, orderIds: string[], status: string) =>
  post(urlOf(orderBatchEndpoints.merchantMove), token, { orderIds, status });
const assignMany = (token: string, orderIds: string[]) =>
  post(urlOf(orderBatchEndpoints.adminAssign), token, {
    orderIds,
    assignment: { carrier: 'partner', partnerId: partner.id },
  });
const statusOf = async (ids: string[]) =>
  Object.fromEntries(
    (await test.deps.db.select().from(orders).where(inArray(orders.id, ids))).map((row) => [
      row.id,
      row.status,
    ]),
  );

describe('bulk order actions', () => {
  let mine: string[];
  let theirs: string[];

  beforeAll(async () => {
    mine = await paidOrders(store, 3);
    theirs = await paidOrders(otherStore, 1);
  }, 60_000);

  pglite.it(
    "accepts the store's own orders and reports another store's order as not found, leaving it alone",
    async () => {
      const response = await moveMany(store.accessToken, [mine[0]!, mine[1]!, theirs[0]!], 'accepted');
      expect(response.statusCode, response.body).toBe(200);
      const answer = json(response).data;
      expect(answer).toMatchObject({ moved: 2, refused: 1 });
      expect(
        answer.results.map((result: { ok: boolean; error: string | null }) => [result.ok, result.error]),
      ).toEqual([
        [true, null],
        [true, null],
        [false, 'NOT_FOUND'],
      ]);
      expect(json(response).message).toBe('2 orders moved; 1 could not be');
      expect(await statusOf([theirs[0]!])).toEqual({ [theirs[0]!]: 'pending' });
    },
  );

  pglite.it('reports an order that breaks its rule separately and still moves the others', async () => {
    const response = await moveMany(store.accessToken, mine, 'ready_for_pickup');
    const answer = json(response).data;
    expect(answer.results.map((result: { ok: boolean }) => result.ok)).toEqual([true, true, false]);
    expect(answer.results[2]).toMatchObject({ error: 'CONFLICT', orderStatus: null });
    expect(await statusOf(mine)).toEqual({
      [mine[0]!]: 'ready_for_pickup',
      [mine[1]!]: 'ready_for_pickup',
      [mine[2]!]: 'pending',
    });
  });

  it('moves an order once when two clicks send the same batch at once', async () => {
    const [first, second] = await Promise.all([
      moveMany(store.accessToken, [mine[2]!, mine[2]!], 'accepted'),
      moveMany(store.accessToken, [mine[2]!], 'accepted'),
    ]);
    const results = [...json(first).data.results, ...json(second).data.results];
    expect(results).toHaveLength(2);
    expect(results.filter((result: { ok: boolean }) => result.ok)).toHaveLength(1);
    const accepted = await test.deps.db
      .select()
      .from(orderActivities)
      .where(and(eq(orderActivities.orderId, mine[2]!), eq(orderActivities.status, 'accepted')));
    expect(accepted).toHaveLength(1);
  });

  pglite.it('lets an admin assign many ready orders to one partner, each with its own result', async () => {
    const response = await assignMany(setup.admin.accessToken, [mine[0]!, mine[1]!, theirs[0]!]);
    expect(response.statusCode, response.body).toBe(200);
    const answer = json(response).data;
    expect(answer).toMatchObject({ moved: 2, refused: 1 });
    expect(answer.results[0].orderStatus.code_name).toBe('assigned');
    expect(await statusOf([mine[0]!, theirs[0]!])).toEqual({
      [mine[0]!]: 'assigned',
      [theirs[0]!]: 'pending',
    });
  });

  pglite.it('refuses callers without the permission, and bad batches, changing nothing', async () => {
    const finance = await addStoreMember(test, store.storeId, 'finance');
    const before = await statusOf([...mine, ...theirs]);
    for (const token of [customer.token, partner.accessToken, setup.admin.accessToken, finance.token]) {
      expect((await moveMany(token, [theirs[0]!], 'accepted')).statusCode).toBe(403);
    }
    for (const token of [customer.token, partner.accessToken, store.accessToken, otherStore.accessToken]) {
      expect((await assignMany(token, [mine[2]!])).statusCode).toBe(403);
    }
    expect((await moveMany(store.accessToken, [mine[2]!], 'cancelled')).statusCode).toBe(422);
    const tooMany = Array.from({ length: 51 }, () => mine[2]!);
    expect((await moveMany(store.accessToken, tooMany, 'ready_for_pickup')).statusCode).toBe(422);
    expect(await statusOf([...mine, ...theirs])).toEqual(before);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'bulk order actions under concurrent clicks on PostgreSQL',
  () => {
    it('moves each order exactly once when eight batches name the same orders at once', async () => {
      const ids = await paidOrders(store, 5);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          moveMany(store.accessToken, index % 2 === 0 ? ids : [...ids].reverse(), 'accepted'),
        ),
      );
      const results = answers.flatMap(
        (answer) => json(answer).data.results as { orderId: string; ok: boolean }[],
      );
      expect(results).toHaveLength(40);
      expect(
        results
          .filter((result) => result.ok)
          .map((result) => result.orderId)
          .sort(),
      ).toEqual([...ids].sort());
      const accepted = await test.deps.db
        .select({ orderId: orderActivities.orderId })
        .from(orderActivities)
        .where(and(inArray(orderActivities.orderId, ids), eq(orderActivities.status, 'accepted')));
      expect(accepted).toHaveLength(5);
    }, 60_000);
  },
);
