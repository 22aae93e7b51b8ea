import { adminOrderEndpoints, customerOrderEndpoints, merchantOrderEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, paidOrder } from '../returns/returns-support.js';
import { type CommerceSetup, type SellingStore, shopper } from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { moveOrder } from '../support/order-moves.js';
import { createPartner, json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// ADR 046: the merchant's and the admin's order answers carry the order's commission, what is due to the store and
// what was refunded, read from the ledger's entries; another store gets 404 and the customer's answer has none of
// them. A paid order cancelled by the store (refunded in full) keeps no commission and owes the store nothing.

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let otherStore: SellingStore;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  const market = await world({ stores: 2, customers: 0 });
  ({ test, setup } = market);
  [store, otherStore] = market.stores;
  call = caller(test);
}, 240_000);
afterAll(() => test.close());

const merchantView = async (orderId: string, token = store.accessToken) =>
  call('GET', urlOf(merchantOrderEndpoints.one, { params: { id: orderId } }), token);

describe('an order’s money from the books', () => {
  it('the store and the admin see commission, due and refunded; nobody else does', async () => {
    const paid = await paidOrder(test, setup, store, { quantity: 2 });
    const mine = await merchantView(paid.orderId);
    expect(mine.statusCode, mine.body).toBe(200);
    const order = json(mine).data;
    // Standard payment category: 10 % of the item subtotal, the rest of the goods' price due to the store.
    const commission = Math.round(order.subtotal * 10) / 100;
    expect(order.commission).toBe(commission);
    // The rate the order was charged, named on the Money section (ADR 083): the store's 10 %, on the goods.
    expect(order.commissionBasisPoints).toBe(1000);
    expect(order.dueToMerchant).toBeCloseTo(order.subtotal - order.discount - commission, 2);
    expect(order.refunded).toBe(0);

    const admin = json(
      await call(
        'GET',
        urlOf(adminOrderEndpoints.one, { params: { id: paid.orderId } }),
        setup.admin.accessToken,
      ),
    ).data;
    expect(admin).toMatchObject({ commission, dueToMerchant: order.dueToMerchant, refunded: 0 });

    // Another store: not found, its figures included.
    const other = await merchantView(paid.orderId, otherStore.accessToken);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('dueToMerchant');
    // The customer's answer carries no commission or due; other customers and a partner get nothing.
    const customer = await call(
      'GET',
      urlOf(customerOrderEndpoints.one, { params: { id: paid.orderId } }),
      paid.customer.token,
    );
    expect(customer.statusCode).toBe(200);
    for (const field of ['commission', 'dueToMerchant', 'commissionKobo', 'dueToMerchantKobo'])
      expect(json(customer).data).not.toHaveProperty(field);
    const stranger = await shopper(test);
    expect(
      (await call('GET', urlOf(customerOrderEndpoints.one, { params: { id: paid.orderId } }), stranger.token))
        .statusCode,
    ).toBe(404);
    const partner = await createPartner(test);
    expect([403, 404]).toContain((await merchantView(paid.orderId, partner.accessToken)).statusCode);
    expect([403, 404]).toContain(
      (await call('GET', urlOf(adminOrderEndpoints.one, { params: { id: paid.orderId } }), store.accessToken))
        .statusCode,
    );
  });

  it('a paid order the store cancels is refunded in full: commission 0 and nothing due', async () => {
    const paid = await paidOrder(test, setup, store, { quantity: 1 });
    const before = json(await merchantView(paid.orderId)).data;
    expect(before.commission).toBeGreaterThan(0);
    const cancelled = await moveOrder(test, paid.orderId, store.accessToken, {
      status: 'cancelled',
      note: 'Sold out',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = json(await merchantView(paid.orderId)).data;
    expect(after).toMatchObject({ commission: 0, dueToMerchant: 0, refunded: before.total });
    // A full refund takes the commission, not its rate: the page still says what the store is charged.
    expect(after.commissionBasisPoints).toBe(1000);
    const admin = json(
      await call(
        'GET',
        urlOf(adminOrderEndpoints.one, { params: { id: paid.orderId } }),
        setup.admin.accessToken,
      ),
    ).data;
    expect(admin).toMatchObject({ commission: 0, dueToMerchant: 0, refunded: before.total });
  });
});
