import { randomUUID } from 'node:crypto';
import { serviceLevelEndpoints } from '@market/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../src/modules/notifications/notifications.schema.js';
import { orders } from '../../src/modules/orders/orders.schema.js';
import { orderReturns } from '../../src/modules/returns/returns.schema.js';
import { auditLog } from '../../src/platform/audit/audit.schema.js';
import { notificationEvents } from '../../src/platform/notify/events.schema.js';
import { createMerchantWithStore, type TestMerchant } from '../support/catalog-factory.js';
import { requestOf } from '../support/contract-requests.js';
import { insertPaidTracker, storeOrderRow } from '../support/order-rows.js';
import { pglite } from '../support/postgres-proofs.js';
import { bearer, json, nextIp, type TestApp } from '../support/test-app.js';
import { openTwoApps } from '../support/two-apps.js';
import { world } from '../support/world.js';

// Service levels (issue 35 item 5): the admin sets the limits; an order past one is told once to its store, to the
// carrier holding it and to admins, by a timed job that reads only what is late and untold.

const HOUR = 3_600_000;
const address = {
  fullName: 'Ada Obi',
  phoneNumber: '+2348031234567',
  emailAddress: null,
  state: 'Lagos',
  lga: 'Ikeja',
  address: '1 Allen Avenue',
};

/** An order of the store in `status` since `hoursAgo`, optionally carried by a partner. */
async function seedOrder(
  test: TestApp,
  store: TestMerchant,
  status: string,
  hoursAgo: number,
  partnerId: string | null = null,
) {
  const tracker = await insertPaidTracker(test, address);
  const orderName = `SL-${randomUUID().slice(0, 8)}`;
  const [row] = await test.deps.db
    .insert(orders)
    .values({
      ...storeOrderRow(store, {
        trackerId: tracker.id,
        orderName,
        status,
        deliveryAddress: address,
        statusSince: new Date(Date.now() - hoursAgo * HOUR),
      }),
      partnerId,
      carrierKind: partnerId ? 'partner' : null,
      carrierName: partnerId ? 'Test Riders' : null,
    })
    .returning({ id: orders.id });
  return { id: row!.id, orderName };
}

const lateEvents = (test: TestApp, orderIds: string[]) =>
  test.deps.db
    .select({ key: notificationEvents.key })
    .from(notificationEvents)
    .where(
      and(
        eq(notificationEvents.kind, 'service-level.late'),
        inArray(sql`${notificationEvents.params}->>'orderId'`, orderIds),
      ),
    );

const toldOf = async (test: TestApp, userId: string, orderId: string) =>
  (
    await test.deps.db
      .select({ id: notifications.id })
      .from(notifications)
      .innerJoin(notificationEvents, eq(notificationEvents.id, notifications.eventId))
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.kind, 'service-level.late'),
          sql`${notificationEvents.params}->>'orderId' = ${orderId}`,
        ),
      )
  ).length;

pglite.describe('service-level limits and late notices', () => {
  let test: TestApp;
  let storeA: TestMerchant;
  let storeB: TestMerchant;
  let admin: { id: string; accessToken: string };
  let partner: { id: string; accessToken: string };
  let outsiders: string[];

  beforeAll(async () => {
    const market = await world({ stores: 0, merchants: 2, carriers: 1, dispatchers: 1 });
    ({ test, admin } = market);
    [storeA, storeB] = market.merchants;
    [partner] = market.carriers;
    outsiders = [
      storeA.token,
      market.dispatchers[0].accessToken,
      partner.accessToken,
      market.customers[0].token,
    ];
  }, 60_000);
  afterAll(() => test?.close());

  const call = (method: 'GET' | 'PUT', token: string, payload?: object) =>
    test.app.inject({
      method,
      url: '/api/admin/service-levels/limits',
      headers: bearer(token),
      remoteAddress: nextIp(),
      ...(payload ? { payload } : {}),
    });
  const defaults = {
    awaiting_acceptance: 48,
    ready_not_picked_up: 24,
    in_transit_too_long: 72,
    out_for_delivery_too_long: 24,
    return_awaiting_decision: 48,
  };

  it('answers the defaults, refuses bad limits changing nothing, and is refused to every other account', async () => {
    const first = await call('GET', admin.accessToken);
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first).data).toEqual({ limits: defaults, updatedAt: null });
    for (const [bad, field] of [
      [{ ...defaults, awaiting_acceptance: 0 }, 'awaiting_acceptance'],
      [{ ...defaults, in_transit_too_long: 721 }, 'in_transit_too_long'],
      [{ ...defaults, ready_not_picked_up: 2.5 }, 'ready_not_picked_up'],
      [{ ...defaults, out_for_delivery_too_long: '24' }, 'out_for_delivery_too_long'],
      [{ ...defaults, return_awaiting_decision: undefined }, 'return_awaiting_decision'],
    ] as const) {
      const refused = await call('PUT', admin.accessToken, bad);
      expect(refused.statusCode, refused.body).toBe(422);
      expect((json(refused).details ?? []).map((detail: { path: string }) => detail.path)).toContain(field);
    }
    const extra = await call('PUT', admin.accessToken, { ...defaults, lunch_break: 2 });
    expect(extra.statusCode).toBe(422);
    expect(json(await call('GET', admin.accessToken)).data.updatedAt).toBeNull();
    for (const token of outsiders) {
      expect((await call('GET', token)).statusCode).toBe(403);
      expect((await call('PUT', token, defaults)).statusCode).toBe(403);
    }
    expect(json(await call('GET', admin.accessToken)).data.updatedAt).toBeNull();
  });

  it('tells the store, its carrier and admins once per order and limit, never another store', async () => {
    const waiting = await seedOrder(test, storeA, 'pending', 49);
    const notYet = await seedOrder(test, storeA, 'pending', 47);
    const onTheRoad = await seedOrder(test, storeA, 'out_for_delivery', 25, partner.id);
    const otherStore = await seedOrder(test, storeB, 'ready_for_pickup', 30);
    const ids = [waiting.id, notYet.id, onTheRoad.id, otherStore.id];

    // Two runs at once (as two processes would) and a third later: each late order is one event.
    await Promise.all([test.jobs.serviceLevelNotices(), test.jobs.serviceLevelNotices()]);
    expect(await test.jobs.serviceLevelNotices()).toBe(0);
    const keys = (await lateEvents(test, ids)).map((event) => event.key).sort();
    expect(keys).toEqual(
      [
        `service-level.late:awaiting_acceptance:${waiting.id}`,
        `service-level.late:out_for_delivery_too_long:${onTheRoad.id}`,
        `service-level.late:ready_not_picked_up:${otherStore.id}`,
      ].sort(),
    );

    await test.jobs.fanOutNotifications();
    expect(await toldOf(test, storeA.id, waiting.id)).toBe(1);
    expect(await toldOf(test, storeA.id, onTheRoad.id)).toBe(1);
    expect(await toldOf(test, admin.id, waiting.id)).toBe(1);
    // The carrier of the order on the road, and only that one.
    expect(await toldOf(test, partner.id, onTheRoad.id)).toBe(1);
    expect(await toldOf(test, partner.id, waiting.id)).toBe(0);
    // Another store's staff never hear of store A's late order, nor store A of store B's.
    expect(await toldOf(test, storeB.id, waiting.id)).toBe(0);
    expect(await toldOf(test, storeA.id, otherStore.id)).toBe(0);
    expect(await toldOf(test, storeB.id, otherStore.id)).toBe(1);

    // Still late an hour on: nobody is told again.
    await test.jobs.serviceLevelNotices();
    await test.jobs.fanOutNotifications();
    expect(await toldOf(test, storeA.id, waiting.id)).toBe(1);
    expect((await lateEvents(test, ids)).length).toBe(3);
  });

  it('applies a changed limit at the next run, and records who changed it', async () => {
    const thirtyHours = await seedOrder(test, storeA, 'pending', 30);
    const inTransit = await seedOrder(test, storeB, 'in_transit', 13, partner.id);
    expect(await test.jobs.serviceLevelNotices()).toBe(0);
    expect(await lateEvents(test, [thirtyHours.id, inTransit.id])).toEqual([]);

    const saved = await call('PUT', admin.accessToken, {
      ...defaults,
      awaiting_acceptance: 24,
      in_transit_too_long: 12,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved).data.limits).toMatchObject({ awaiting_acceptance: 24, in_transit_too_long: 12 });
    const [line] = await test.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'service-levels.limits'));
    expect(line).toMatchObject({
      actorId: admin.id,
      before: { awaiting_acceptance: 48, in_transit_too_long: 72 },
      after: { awaiting_acceptance: 24, in_transit_too_long: 12 },
    });

    // The two under the old limits, and the order of the test before that has waited 47 hours (untold until now).
    expect(await test.jobs.serviceLevelNotices()).toBe(3);
    expect((await lateEvents(test, [thirtyHours.id, inTransit.id])).length).toBe(2);
    const dashboard = json(
      await test.app.inject({
        ...requestOf(serviceLevelEndpoints.merchant),
        headers: bearer(storeA.token),
        remoteAddress: nextIp(),
      }),
    ).data.groups;
    expect(dashboard.find((group: { kind: string }) => group.kind === 'awaiting_acceptance')).toMatchObject({
      limitHours: 24,
    });
    await call('PUT', admin.accessToken, defaults);
  });

  it('moves the clock on a status change, and tells of a return left undecided past its limit', async () => {
    const order = await seedOrder(test, storeA, 'pending', 100);
    await test.deps.db.update(orders).set({ status: 'accepted' }).where(eq(orders.id, order.id));
    await test.deps.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, order.id));
    const [row] = await test.deps.db.select().from(orders).where(eq(orders.id, order.id));
    expect(Date.now() - row!.statusSince.getTime()).toBeLessThan(HOUR);

    const delivered = await seedOrder(test, storeA, 'delivered', 200);
    const [asked] = await test.deps.db
      .insert(orderReturns)
      .values({
        orderId: delivered.id,
        orderName: delivered.orderName,
        customerId: randomUUID(),
        customerName: 'Ada Obi',
        storeId: storeA.storeId,
        storeName: storeA.storeName,
        merchantId: storeA.id,
        type: 'return',
        reason: 'Wrong size',
        lines: [],
        createdAt: new Date(Date.now() - 49 * HOUR),
      })
      .returning({ id: orderReturns.id });
    expect(await test.jobs.serviceLevelNotices()).toBe(1);
    const [event] = await test.deps.db
      .select()
      .from(notificationEvents)
      .where(eq(notificationEvents.key, `service-level.late:return_awaiting_decision:${asked!.id}`));
    expect(event?.params).toMatchObject({ orderId: delivered.id, returnId: asked!.id });
    expect(await lateEvents(test, [order.id])).toEqual([]);
    expect(await test.jobs.serviceLevelNotices()).toBe(0);
  });
});

// Two server processes on one PostgreSQL run the job at the same moment: each late order is still told once.
const two = await openTwoApps();
afterAll(() => two?.close());

describe.skipIf(!two)('late notices from two processes at once (PostgreSQL)', () => {
  it('tells each late order once', async () => {
    const { a, b } = two!;
    const store = await createMerchantWithStore(a);
    const late = await Promise.all(
      Array.from({ length: 40 }, (_, index) => seedOrder(a, store, 'pending', 49 + index)),
    );
    await Promise.all([
      a.jobs.serviceLevelNotices(),
      b.jobs.serviceLevelNotices(),
      a.jobs.serviceLevelNotices(),
      b.jobs.serviceLevelNotices(),
    ]);
    const events = await lateEvents(
      a,
      late.map((order) => order.id),
    );
    expect(events).toHaveLength(40);
    expect(new Set(events.map((event) => event.key)).size).toBe(40);
    await Promise.all([a.jobs.fanOutNotifications(), b.jobs.fanOutNotifications()]);
    const mine = await a.deps.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, store.id), eq(notifications.kind, 'service-level.late')));
    expect(mine).toHaveLength(40);
  });

  it('finds the late through the partial index, not by reading every order', async () => {
    const { a } = two!;
    const store = await createMerchantWithStore(a);
    const [seed] = [await seedOrder(a, store, 'delivered', 100)];
    // 20,000 finished orders beside a few late ones: the job's query must not read them.
    await a.deps.db.execute(sql`
      insert into orders (tracker_id, order_name, customer_id, store_id, merchant_id, store_name, status,
        subtotal_kobo, shipping_fee_kobo, discount_kobo, total_kobo, delivery_address, status_since)
      select o.tracker_id, 'SL-BULK-' || g, o.customer_id, o.store_id, o.merchant_id, o.store_name, 'delivered',
        0, 0, 0, 0, o.delivery_address, now() - interval '100 hours'
      from orders o cross join generate_series(1, 20000) g where o.id = ${seed!.id}`);
    await a.deps.db.execute(sql`analyze orders`);
    const result = (await a.deps.db.execute(sql`
      explain (format json)
      select o.id from orders o
      where o.status = 'pending' and o.status_since < now() - interval '48 hours'
        and not exists (select 1 from notification_events e where e.key = 'service-level.late:awaiting_acceptance:' || o.id::text)
      order by o.status_since asc, o.id limit 500`)) as unknown as { rows: { 'QUERY PLAN': unknown }[] };
    // Every node of the plan that reads `orders` is an index scan on its status (the status-since index or the
    // status one, as the statistics make it cheaper): never a sequential read of every order.
    type PlanNode = {
      'Node Type': string;
      'Relation Name'?: string;
      'Index Name'?: string;
      Plans?: PlanNode[];
    };
    const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
    const [root] = result.rows[0]!['QUERY PLAN'] as [{ Plan: PlanNode }];
    const ordersNodes = nodes(root.Plan).filter((node) => node['Relation Name'] === 'orders');
    expect(ordersNodes.length).toBeGreaterThan(0);
    for (const node of ordersNodes) {
      expect(node['Node Type']).toMatch(/^(Index Scan|Index Only Scan|Bitmap Heap Scan)$/);
    }
    const indexes = nodes(root.Plan).map((node) => node['Index Name']);
    expect(indexes.some((name) => name === 'orders_status_since_idx' || name === 'orders_status_idx')).toBe(
      true,
    );
  }, 120_000);
});
