import {
  adminOrderEndpoints,
  checkoutEndpoints,
  customerOrderEndpoints,
  payOnDeliveryEndpoints,
} from '@market/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../src/modules/ledger/ledger.schema.js';
import { podCollections } from '../../src/modules/pay-on-delivery/pay-on-delivery.schema.js';
import { ledgerTotal, orderRow, unbalancedMovements } from '../ledger/ledger-support.js';
import { deliveredDaysAgo } from '../returns/returns-support.js';
import {
  addToCart,
  type CommerceSetup,
  listedProduct,
  type SellingStore,
  shopper,
} from '../support/commerce-factory.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { moveOrder } from '../support/order-moves.js';
import { bearer, type createAdmin, json, nextIp, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';
import { allowPayOnDeliveryInLagos } from './pay-on-delivery-support.js';

// Pay on delivery's money rules under many requests at once, on real PostgreSQL connections (ADR 074): the door's
// cash is booked once however often the carrier taps, a collection is claimed by one remittance, a remittance is
// confirmed once, and an order that completes while its remittance is confirmed ends payable exactly once.

describe.skipIf(!process.env.TEST_DATABASE_URL)('pay on delivery under concurrency (PostgreSQL)', () => {
  let test: TestApp;
  let setup: CommerceSetup;
  let store: SellingStore;
  let dispatcher: Awaited<ReturnType<typeof createAdmin>>;
  let product: string;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
    test.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  beforeAll(async () => {
    const market = await world({ customers: 0, dispatchers: 1 });
    ({ test, setup } = market);
    [store] = market.stores;
    [dispatcher] = market.dispatchers;
    product = (await listedProduct(test, setup, store, { quantity: 500 })).id as string;
    await allowPayOnDeliveryInLagos(test, setup, store, 750.5);
  }, 120_000);
  afterAll(() => test?.close());

  /** A pay-on-delivery order out for delivery with the dispatcher: its id, token and due amount. */
  async function outForDelivery() {
    const customer = await shopper(test);
    await addToCart(test, customer, product);
    const created = await test.app.inject({
      ...requestOf(checkoutEndpoints.create),
      headers: bearer(customer.token),
      payload: { addressId: customer.addressId, payOnDeliveryStoreIds: [store.storeId] },
      remoteAddress: nextIp(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const orderId = json(created).data.tracker.orders[0].id as string;
    const seen = json(
      await call('GET', urlOf(customerOrderEndpoints.one, { params: { id: orderId } }), customer.token),
    ).data;
    for (const status of ['accepted', 'ready_for_pickup'])
      expect((await moveOrder(test, orderId, store.accessToken, { status })).statusCode).toBe(200);
    const assigned = await call(
      'POST',
      urlOf(adminOrderEndpoints.assign, { params: { id: orderId } }),
      setup.admin.accessToken,
      {
        carrier: 'dispatcher',
        dispatcherId: dispatcher.id,
      },
    );
    expect(assigned.statusCode).toBe(200);
    for (const status of ['picked_up', 'out_for_delivery'])
      expect((await moveOrder(test, orderId, dispatcher.accessToken, { status })).statusCode).toBe(200);
    return {
      orderId,
      token: seen.orderDeliveryToken as string,
      due: seen.payOnDelivery.dueAtDoor as number,
    };
  }

  const deliver = (order: { orderId: string; token: string; due: number }) =>
    moveOrder(test, order.orderId, dispatcher.accessToken, {
      status: 'delivered',
      deliveryToken: order.token,
      collectionMethod: 'cash',
      collectedAmount: order.due,
    });

  async function cashHeld() {
    const [row] = await test.deps.db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountKobo}), 0)` })
      .from(ledgerEntries)
      .where(
        sql`${ledgerEntries.account} = 'carrier_cash' and ${ledgerEntries.carrierId} = ${dispatcher.id}`,
      );
    return Number(row!.total);
  }

  const kobo = (naira: number) => Math.round(naira * 100);
  const delivered: { orderId: string; token: string; due: number }[] = [];

  it('books the door’s cash once when the carrier taps “delivered” 12 times at once', async () => {
    const order = await outForDelivery();
    const before = await cashHeld();
    const answers = await Promise.all(Array.from({ length: 12 }, () => deliver(order)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(await cashHeld()).toBe(before + kobo(order.due));
    const rows = await test.deps.db
      .select()
      .from(podCollections)
      .where(eq(podCollections.orderId, order.orderId));
    expect(rows).toHaveLength(1);
    delivered.push(order);
  }, 120_000);

  it('lets 20 overlapping remittances at once claim each collection at most once', async () => {
    for (let index = 0; index < 5; index++) {
      const order = await outForDelivery();
      expect((await deliver(order)).statusCode).toBe(200);
      delivered.push(order);
    }
    const ids = delivered.map((order) => order.orderId);
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call('POST', urlOf(payOnDeliveryEndpoints.remit), dispatcher.accessToken, {
          reference: `TRF-RACE-${index}`,
          // Each asks for a window of three neighbouring collections: every pair of neighbours overlaps.
          orderIds: [
            ids[index % ids.length]!,
            ids[(index + 1) % ids.length]!,
            ids[(index + 2) % ids.length]!,
          ],
        }),
      ),
    );
    const created = attempts.filter((answer) => answer.statusCode === 201).map((answer) => json(answer).data);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(attempts.every((answer) => answer.statusCode === 201 || answer.statusCode === 409)).toBe(true);
    const claims = await test.deps.db
      .select({ orderId: podCollections.orderId, remittanceId: podCollections.remittanceId })
      .from(podCollections)
      .where(sql`${podCollections.remittanceId} is not null`);
    // Every collection in at most one remittance, and each remittance's amount is the sum of what it claimed.
    expect(new Set(claims.map((claim) => claim.orderId)).size).toBe(claims.length);
    for (const remittance of created) {
      const mine = delivered.filter((order) =>
        claims.some((claim) => claim.orderId === order.orderId && claim.remittanceId === remittance.id),
      );
      expect(mine).toHaveLength(remittance.orderCount);
      expect(kobo(remittance.amount)).toBe(mine.reduce((sum, order) => sum + kobo(order.due), 0));
    }
  }, 180_000);

  it('confirms a remittance once when 15 admins confirm it at once, and releases a completing order once', async () => {
    const remittances = json(
      await call(
        'GET',
        urlOf(payOnDeliveryEndpoints.remittances, { query: { status: 'submitted' } }),
        setup.admin.accessToken,
      ),
    ).data as { id: string; amount: number }[];
    const target = remittances[0]!;
    const covered = (
      await test.deps.db
        .select({ orderId: podCollections.orderId })
        .from(podCollections)
        .where(eq(podCollections.remittanceId, target.id))
    ).map((row) => row.orderId);
    for (const orderId of covered) await deliveredDaysAgo(test, orderId, 30);
    const before = await cashHeld();
    // The completion job runs while the admins confirm: each order must end payable, once.
    const [answers] = await Promise.all([
      Promise.all(
        Array.from({ length: 15 }, () =>
          call(
            'POST',
            urlOf(payOnDeliveryEndpoints.confirm, { params: { id: target.id } }),
            setup.admin.accessToken,
            {},
          ),
        ),
      ),
      test.jobs.completeAfterReturnWindow(),
    ]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(14);
    expect(await cashHeld()).toBe(before - kobo(target.amount));
    for (const orderId of covered) {
      const row = await orderRow(test, orderId);
      expect(row.status).toBe('completed');
      expect(row.payableAt).not.toBeNull();
      const releases = await test.deps.db
        .select({ n: sql<number>`count(distinct ${ledgerEntries.movementId})::int` })
        .from(ledgerEntries)
        .where(sql`${ledgerEntries.orderId} = ${orderId} and ${ledgerEntries.kind} = 'escrow_release'`);
      expect(releases[0]!.n).toBe(1);
    }
    expect(await ledgerTotal(test)).toBe(0);
    expect(await unbalancedMovements(test)).toBe(0);
  }, 180_000);
});
