import {
  adminOrderEndpoints,
  customerOrderEndpoints,
  systemEndpoints,
  trackingEndpoints,
} from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimits } from '../../src/platform/security/rate-limits.js';
import { createTrackingLinks } from '../../src/platform/security/tracking-links.js';
import { deliveredDaysAgo } from '../returns/returns-support.js';
import type { CommerceSetup, SellingStore } from '../support/commerce-factory.js';
import { requestOf } from '../support/contract-requests.js';
import { moveOrder } from '../support/order-moves.js';
import { bearer, json, nextIp, type TestApp } from '../support/test-app.js';
import { type Dispatcher, type World, world } from '../support/world.js';

// Tracking from a message (issue 36): the out-for-delivery message carries a signed link that opens the order's
// status, timeline and delivery token without signing in; it shows the first name and LGA and no other personal
// data, refuses a tampered or expired link, and is rate limited.

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let dispatcher: Dispatcher;
let market: World;
let orderId: string;
let link: string;
let deliveryToken: string;

const track = (token: string, ip = nextIp()) =>
  test.app.inject({ ...requestOf(trackingEndpoints.track, { params: { token } }), remoteAddress: ip });

beforeAll(async () => {
  market = await world({ customers: 0, dispatchers: 1, app: { rateLimits: createRateLimits({}) } });
  ({ test, setup } = market);
  [store] = market.stores as [SellingStore];
  [dispatcher] = market.dispatchers as [Dispatcher];
  const customer = await market.newCustomer({
    stateOrRegion: 'Lagos',
    lga: 'Surulere',
    address: '7 Adeniran Ogunsanya St',
  });
  ({ orderId } = await market.paidOrder(store, { customer, stock: 10 }));
  deliveryToken = json(
    await test.app.inject({
      ...requestOf(customerOrderEndpoints.one, { params: { id: orderId } }),
      headers: bearer(customer.token),
    }),
  ).data.orderDeliveryToken;
  for (const status of ['accepted', 'ready_for_pickup'])
    expect((await moveOrder(test, orderId, store.accessToken, { status })).statusCode).toBe(200);
  await test.app.inject({
    ...requestOf(adminOrderEndpoints.assign, { params: { id: orderId } }),
    headers: bearer(setup.admin.accessToken),
    payload: { carrier: 'dispatcher', dispatcherId: dispatcher.id },
  });
  for (const status of ['picked_up', 'out_for_delivery'])
    expect((await moveOrder(test, orderId, dispatcher.accessToken, { status })).statusCode).toBe(200);
  await test.jobs.fanOutNotifications();
  const mail = await test.app.inject(
    requestOf(systemEndpoints.outbox, { query: { to: customer.email, limit: 20 } }),
  );
  link = /\/t\/([A-Za-z0-9_-]{43})/.exec(mail.body)?.[1] ?? '';
}, 60_000);
afterAll(() => market?.close());

describe('the link in the out-for-delivery message', () => {
  it('opens the status, timeline and delivery token signed out, with no address, phone or e-mail', async () => {
    expect(link).toHaveLength(43);
    const answer = await track(link);
    expect(answer.statusCode, answer.body).toBe(200);
    const data = json(answer).data;
    expect(data).toMatchObject({
      orderStatus: { code_name: 'out_for_delivery' },
      firstName: 'Ada',
      lga: 'Surulere',
      deliveryToken,
    });
    expect(data.timeline.length).toBeGreaterThan(2);
    for (const secret of ['Adeniran', 'Obi', '0803', '+234', '@', 'Lagos'])
      expect(answer.body).not.toContain(secret);
  });

  it('refuses a tampered link, a link of another order, and a link past its expiry', async () => {
    const flipped = `${link.slice(0, 10)}${link[10] === 'A' ? 'B' : 'A'}${link.slice(11)}`;
    expect((await track(flipped)).statusCode).toBe(404);
    expect((await track('not-a-link-at-all-but-long-enough')).statusCode).toBe(404);
    const links = createTrackingLinks(test.deps.config.jwtSecret);
    const old = links.sign(orderId, new Date(test.deps.now().getTime() - 1000));
    const expired = await track(old);
    expect(expired.statusCode).toBe(404);
    expect(json(expired).message).toContain('expired');
    // Signed with another secret: worthless.
    const forged = createTrackingLinks('another-secret-entirely-0123456789').sign(
      orderId,
      new Date(Date.now() + 86_400_000),
    );
    expect((await track(forged)).statusCode).toBe(404);
  });

  it('stops once the return window after delivery has passed', async () => {
    expect(
      (await moveOrder(test, orderId, dispatcher.accessToken, { status: 'delivered', deliveryToken }))
        .statusCode,
    ).toBe(200);
    const delivered = json(await track(link)).data;
    expect(delivered).toMatchObject({ orderStatus: { code_name: 'delivered' }, deliveryToken: null });
    await deliveredDaysAgo(test, orderId, test.deps.config.returnWindowDays + 1);
    const after = await track(link);
    expect(after.statusCode).toBe(404);
    expect(json(after).message).toContain('expired');
  });

  it('is rate limited per address', async () => {
    const ip = nextIp();
    const answers = [];
    for (let index = 0; index < 31; index += 1) answers.push((await track('x'.repeat(43), ip)).statusCode);
    expect(answers.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(answers[30]).toBe(429);
  });
});
