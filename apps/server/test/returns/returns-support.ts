import { adminOrderEndpoints, customerOrderEndpoints } from '@market/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orders } from '../../src/modules/orders/orders.schema.js';
import { type CommerceSetup, type SellingStore, shopper } from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { moveOrder } from '../support/order-moves.js';
import { bearer, type createAdmin, json, type TestApp } from '../support/test-app.js';
import { type PaidOrderOptions, paidOrderOf } from '../support/world.js';

// Orders carried to the customer's door through the real chain (merchant, admin, dispatcher, delivery token), for
// the returns tests.

export type Dispatcher = Awaited<ReturnType<typeof createAdmin>>;

export function caller(test: TestApp) {
  return (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: unknown) =>
    test.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

/**
 * A paid order of `seller` with `quantity` units of one new product (and `more` of a second, if given), bought by a
 * new customer unless said: world's `paidOrderOf`, with the delivery token the customer reads on the order.
 */
export async function paidOrder(
  test: TestApp,
  setup: CommerceSetup,
  seller: SellingStore,
  options: Pick<PaidOrderOptions, 'quantity' | 'more' | 'customer' | 'price'> = {},
) {
  const customer = options.customer ?? (await shopper(test));
  const paid = await paidOrderOf(test, setup, seller, customer, options);
  const detail = json(
    await caller(test)(
      'GET',
      urlOf(customerOrderEndpoints.one, { params: { id: paid.orderId } }),
      customer.token,
    ),
  ).data;
  expect(detail.orderStatus.code_name).toBe('pending');
  return { customer, ...paid, token: detail.orderDeliveryToken as string };
}

/** Merchant accepts and packs, the admin assigns a dispatcher, who carries it and delivers with the token. */
export async function deliver(
  test: TestApp,
  seller: SellingStore,
  admin: { accessToken: string },
  dispatcher: Dispatcher,
  order: { orderId: string; token: string },
) {
  const call = caller(test);
  const move = (token: string, body: Record<string, unknown>) => moveOrder(test, order.orderId, token, body);
  for (const status of ['accepted', 'ready_for_pickup']) {
    expect((await move(seller.accessToken, { status })).statusCode).toBe(200);
  }
  const assigned = await call(
    'POST',
    urlOf(adminOrderEndpoints.assign, { params: { id: order.orderId } }),
    admin.accessToken,
    {
      carrier: 'dispatcher',
      dispatcherId: dispatcher.id,
    },
  );
  expect(assigned.statusCode).toBe(200);
  for (const status of ['picked_up', 'out_for_delivery']) {
    expect((await move(dispatcher.accessToken, { status })).statusCode).toBe(200);
  }
  const delivered = await move(dispatcher.accessToken, { status: 'delivered', deliveryToken: order.token });
  expect(delivered.statusCode).toBe(200);
}

export async function deliveredOrder(
  test: TestApp,
  setup: CommerceSetup,
  seller: SellingStore,
  dispatcher: Dispatcher,
  options: Parameters<typeof paidOrder>[3] = {},
) {
  const paid = await paidOrder(test, setup, seller, options);
  await deliver(test, seller, setup.admin, dispatcher, paid);
  return paid;
}

/** Moves the delivery back in time (the return window is counted from it). */
export async function deliveredDaysAgo(test: TestApp, orderId: string, days: number) {
  await test.deps.db
    .update(orders)
    .set({ deliveredAt: new Date(test.deps.now().getTime() - days * 24 * 60 * 60 * 1000) })
    .where(eq(orders.id, orderId));
}
