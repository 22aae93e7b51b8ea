import {
  adminOrderEndpoints,
  adminReturnEndpoints,
  checkoutEndpoints,
  customerOrderEndpoints,
  customerReturnEndpoints,
  merchantReturnEndpoints,
} from '@market/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../src/modules/ledger/ledger.schema.js';
import { orderRefunds, orderTrackers } from '../../src/modules/orders/orders.schema.js';
import { sandboxCharges } from '../../src/platform/payments/sandbox.schema.js';
import { ledgerTotal, unbalancedMovements } from '../ledger/ledger-support.js';
import {
  addToCart,
  type CommerceSetup,
  listedProduct,
  payInSandbox,
  type SellingStore,
  type Shopper,
  shopper,
} from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { moveOrder } from '../support/order-moves.js';
import { pglite } from '../support/postgres-proofs.js';
import { bearer, createPartner, json, nextIp, type TestApp } from '../support/test-app.js';
import { type Dispatcher, world } from '../support/world.js';
import { allowPayOnDeliveryInLagos } from './pay-on-delivery-support.js';

// Refunds of orders paid at the door (issue 36, ADR 089): the money was a carrier's cash, never a charge Paystack can
// reverse. A return's refund is owed to the customer (`bank_transfer`, pending), never sent to the card that paid the
// checkout's other stores; the admin records the transfer that paid it (paid another way) once, with an
// Idempotency-Key replayed and many requests at once paying it once (PostgreSQL).

let test: TestApp;
let setup: CommerceSetup;
let podStore: SellingStore;
let cardStore: SellingStore;
let dispatcher: Dispatcher;
let podProduct: string;
let cardProduct: string;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  token: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  test.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...headers },
    remoteAddress: nextIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

beforeAll(async () => {
  const market = await world({ stores: 2, customers: 0, dispatchers: 1 });
  ({ test, setup } = market);
  [podStore, cardStore] = market.stores;
  [dispatcher] = market.dispatchers;
  podProduct = (await listedProduct(test, setup, podStore, { quantity: 500 })).id as string;
  cardProduct = (await listedProduct(test, setup, cardStore, { quantity: 500 })).id as string;
  await allowPayOnDeliveryInLagos(test, setup, podStore, 500);
}, 120_000);
afterAll(() => test?.close());

/**
 * A checkout with the pod store's order paid at the door (and, if `mixed`, the card store's paid by card), the
 * door order delivered with its cash taken, returned whole and refunded by the store: the refund rows.
 */
async function doorOrderRefunded(mixed: boolean) {
  const customer: Shopper = await shopper(test);
  await addToCart(test, customer, podProduct, 2);
  if (mixed) await addToCart(test, customer, cardProduct);
  const created = await call('POST', urlOf(checkoutEndpoints.create), customer.token, {
    addressId: customer.addressId,
    payOnDeliveryStoreIds: [podStore.storeId],
  });
  expect(created.statusCode, created.body).toBe(201);
  const { tracker, payment } = json(created).data;
  if (payment.authorizationUrl) await payInSandbox(test, payment.authorizationUrl);
  const order = tracker.orders.find((one: { storeId: string }) => one.storeId === podStore.storeId);
  const orderId = order.id as string;
  const seen = json(
    await call('GET', urlOf(customerOrderEndpoints.one, { params: { id: orderId } }), customer.token),
  ).data;
  for (const status of ['accepted', 'ready_for_pickup'])
    expect((await moveOrder(test, orderId, podStore.accessToken, { status })).statusCode).toBe(200);
  const assigned = await call(
    'POST',
    urlOf(adminOrderEndpoints.assign, { params: { id: orderId } }),
    setup.admin.accessToken,
    {
      carrier: 'dispatcher',
      dispatcherId: dispatcher.id,
    },
  );
  expect(assigned.statusCode, assigned.body).toBe(200);
  for (const status of ['picked_up', 'out_for_delivery'])
    expect((await moveOrder(test, orderId, dispatcher.accessToken, { status })).statusCode).toBe(200);
  const delivered = await moveOrder(test, orderId, dispatcher.accessToken, {
    status: 'delivered',
    deliveryToken: seen.orderDeliveryToken,
    collectionMethod: 'cash',
    collectedAmount: order.payOnDelivery.dueAtDoor,
  });
  expect(delivered.statusCode, delivered.body).toBe(200);
  const asked = await call('POST', urlOf(customerReturnEndpoints.create), customer.token, {
    orderId,
    type: 'return',
    reason: 'Not as described.',
    items: [{ productId: podProduct, quantity: 2 }],
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const returnId = json(asked).data.id as string;
  const approved = await call(
    'PATCH',
    urlOf(merchantReturnEndpoints.updateStatus, { params: { id: returnId } }),
    podStore.accessToken,
    {
      status: 'approved',
    },
  );
  expect(approved.statusCode, approved.body).toBe(200);
  const refunded = await call(
    'PATCH',
    urlOf(merchantReturnEndpoints.refundDecision, { params: { id: returnId } }),
    podStore.accessToken,
    { decision: 'refund', note: 'Sorry about that.' },
  );
  expect(refunded.statusCode, refunded.body).toBe(200);
  const rows = await test.deps.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
  return { customer, orderId, returnId, reference: tracker.reference as string, rows, order };
}

async function accountTotal(account: string, refundId?: string) {
  const [row] = await test.deps.db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountKobo}), 0)` })
    .from(ledgerEntries)
    .where(
      and(
        sql`${ledgerEntries.account} = ${account}`,
        refundId ? eq(ledgerEntries.refundId, refundId) : undefined,
      ),
    );
  return Number(row!.total);
}

const paidOut = (refundId: string) =>
  test.deps.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.refundId, refundId), eq(ledgerEntries.kind, 'pod_refund_paid')));

pglite.describe('a return of an order paid at the door', () => {
  it('is owed to the customer by bank transfer, never sent to the card that paid the other store', async () => {
    const refund = await doorOrderRefunded(true);
    expect(refund.rows).toHaveLength(1);
    const [row] = refund.rows;
    expect(row).toMatchObject({ destination: 'bank_transfer', status: 'pending', attempts: 0 });
    expect(row!.amountKobo).toBeGreaterThan(0);
    // The card payment of the checkout is untouched: nothing reserved, nothing refunded at the provider.
    const [tracker] = await test.deps.db
      .select()
      .from(orderTrackers)
      .where(eq(orderTrackers.reference, refund.reference));
    expect(tracker).toMatchObject({ refundedKobo: 0 });
    const [charge] = await test.deps.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.reference, refund.reference));
    expect(charge?.refundedKobo ?? 0).toBe(0);
    // The books owe it to the customer; nothing leaves clearing.
    expect(await accountTotal('pod_refunds_owed', row!.id)).toBe(-row!.amountKobo);
    expect(await accountTotal('payments_clearing', row!.id)).toBe(0);
    expect(await unbalancedMovements(test)).toBe(0);
    // The customer reads how it will be paid.
    const seen = json(
      await call(
        'GET',
        urlOf(customerReturnEndpoints.orderRefunds, { params: { orderId: refund.orderId } }),
        refund.customer.token,
      ),
    ).data;
    expect(JSON.stringify(seen)).toContain('bank transfer');
    // A retry to the provider is refused: there is no charge to refund.
    const retry = await call(
      'POST',
      urlOf(adminReturnEndpoints.retryRefund, { params: { id: row!.id } }),
      setup.admin.accessToken,
    );
    expect(retry.statusCode).toBe(409);
  });

  it('is paid once when an admin records the transfer; a repeat with the same Idempotency-Key is replayed', async () => {
    const { rows, customer } = await doorOrderRefunded(false);
    const [row] = rows;
    const url = urlOf(adminReturnEndpoints.rejectRefund, { params: { id: row!.id } });
    const body = { outcome: 'paid_another_way', note: 'GTBank transfer 000123456789 to the customer' };
    // Nobody else records it.
    const partner = await createPartner(test);
    for (const token of [customer.token, podStore.accessToken, dispatcher.accessToken, partner.accessToken])
      expect((await call('POST', url, token, body)).statusCode).toBe(403);
    const owedBefore = await accountTotal('pod_refunds_owed');
    const remittedBefore = await accountTotal('pod_remitted');
    const headers = { 'idempotency-key': `door-refund-${row!.id}` };
    const paid = await call('POST', url, setup.admin.accessToken, body, headers);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(json(paid).data).toMatchObject({ status: 'processed', decision: { outcome: 'paid_another_way' } });
    const replay = await call('POST', url, setup.admin.accessToken, body, headers);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(paid.body);
    // Without the key, a second decision is refused: it was decided.
    const again = await call('POST', url, setup.admin.accessToken, body);
    expect(again.statusCode).toBe(409);
    expect(await paidOut(row!.id)).toHaveLength(2);
    expect(await accountTotal('pod_refunds_owed')).toBe(owedBefore + row!.amountKobo);
    expect(await accountTotal('pod_remitted')).toBe(remittedBefore - row!.amountKobo);
    expect(await ledgerTotal(test)).toBe(0);
    const seen = json(
      await call(
        'GET',
        urlOf(customerReturnEndpoints.orderRefunds, { params: { orderId: row!.orderId } }),
        customer.token,
      ),
    ).data;
    expect(JSON.stringify(seen)).toContain('Refunded to your bank account: GTBank transfer 000123456789');
  });

  it('rejected instead: no longer owed, and nothing paid', async () => {
    const { rows } = await doorOrderRefunded(false);
    const [row] = rows;
    const rejected = await call(
      'POST',
      urlOf(adminReturnEndpoints.rejectRefund, { params: { id: row!.id } }),
      setup.admin.accessToken,
      { outcome: 'rejected', note: 'The goods came back broken by the customer.' },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await accountTotal('pod_refunds_owed', row!.id)).toBe(0);
    expect(await paidOut(row!.id)).toHaveLength(0);
    expect(await unbalancedMovements(test)).toBe(0);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a door refund under many requests at once (PostgreSQL)',
  () => {
    it('twelve admins recording the transfer at once pay it once', async () => {
      const { rows } = await doorOrderRefunded(false);
      const [row] = rows;
      const url = urlOf(adminReturnEndpoints.rejectRefund, { params: { id: row!.id } });
      const body = { outcome: 'paid_another_way', note: 'Transfer 99887766 to the customer' };
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          call('POST', url, setup.admin.accessToken, body, {
            'idempotency-key': `at-once-${row!.id}-${index}`,
          }),
        ),
      );
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      expect(codes.filter((code) => code === 409)).toHaveLength(11);
      expect(await paidOut(row!.id)).toHaveLength(2);
      expect(await accountTotal('pod_refunds_owed', row!.id)).toBe(0);
      // The same key sent eight times at once: one decision, the others its answer.
      const second = (await doorOrderRefunded(false)).rows[0]!;
      const sameKey = { 'idempotency-key': `same-${second.id}` };
      const repeated = await Promise.all(
        Array.from({ length: 8 }, () =>
          call(
            'POST',
            urlOf(adminReturnEndpoints.rejectRefund, { params: { id: second.id } }),
            setup.admin.accessToken,
            body,
            sameKey,
          ),
        ),
      );
      expect(repeated.every((answer) => answer.statusCode === 200)).toBe(true);
      expect(await paidOut(second.id)).toHaveLength(2);
      expect(await unbalancedMovements(test)).toBe(0);
    });
  },
);
