import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { authEndpoints, notificationEndpoints } from '@market/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_CHANGED, openLiveStreams } from '../../src/modules/notifications/index.js';
import { storeMembers } from '../../src/modules/stores/stores.schema.js';
import { ORDERS_CHANGED, orderChangePayload } from '../../src/platform/notify/topics.js';
import type { TestMerchant } from '../support/catalog-factory.js';
import { requestOf } from '../support/contract-requests.js';
import { pglite } from '../support/postgres-proofs.js';
import { bearer, createConfirmedAccount, login, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

/** Short enough that "within one heartbeat" is quick to prove; the process's default is 25 s. */
const HEARTBEAT_MS = 300;
/** A loaded machine (two cores, many test runs) may run a timer late: this much slack, no more. */
const SLACK_MS = 700;

interface LiveStream {
  status: number;
  retryAfter: string | null;
  body?: { message: string; error: string };
  events: string[];
  ended: () => boolean;
  close(): void;
}

/** A live stream held by a real client over a real socket; its event names are collected as they arrive. */
async function openStream(base: string, token: string): Promise<LiveStream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/live`, { headers: bearer(token), signal: controller.signal });
  const events: string[] = [];
  let ended = false;
  if (response.status !== 200) {
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as { message: string; error: string },
      events,
      ended: () => true,
      close: () => undefined,
    };
  }
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const match of value.matchAll(/event: (\w+)/g)) events.push(match[1]!);
      }
    } catch {
      // aborted by the test
    }
    ended = true;
  })();
  return { status: 200, retryAfter: null, events, ended: () => ended, close: () => controller.abort() };
}

/** A stream whose client never reads a byte after the headers: the slowest subscriber there is. */
function openStalledStream(base: string, token: string): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}/api/live`, { headers: bearer(token) }, (response) => {
      response.pause();
      resolve(request);
    });
    request.on('error', () => undefined);
    setTimeout(() => reject(new Error('stalled stream did not open')), 5000).unref();
  });
}

async function within(ms: number, done: () => boolean): Promise<number> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('live streams (ADR 068)', () => {
  let test: TestApp;
  let base: string;
  let merchantA: TestMerchant;
  let merchantB: TestMerchant;

  beforeAll(async () => {
    const market = await world({
      stores: 0,
      merchants: 2,
      customers: 0,
      app: { env: { LIVE_STREAMS_PER_ACCOUNT: '2', LIVE_HEARTBEAT_MS: String(HEARTBEAT_MS) } },
    });
    ({ test } = market);
    [merchantA, merchantB] = market.merchants;
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await test?.close();
  });

  async function customerSession() {
    const account = await createConfirmedAccount(test, 'customer');
    return { ...(await login(test, 'customer', account.email)), email: account.email };
  }

  pglite.it(
    'caps the streams of one account: beyond the cap, 503 with Retry-After in the envelope',
    async () => {
      const customer = await customerSession();
      const other = await customerSession();
      const first = await openStream(base, customer.accessToken);
      const second = await openStream(base, customer.accessToken);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(openLiveStreams()).toBeGreaterThanOrEqual(2);

      const third = await openStream(base, customer.accessToken);
      expect(third.status).toBe(503);
      expect(third.retryAfter).toBe('30');
      expect(third.body).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });
      expect(third.body?.message).toMatch(/too many screens/i);

      // The cap is the account's: another account opens its own.
      const others = await openStream(base, other.accessToken);
      expect(others.status).toBe(200);

      // A closed stream frees its place.
      const before = openLiveStreams();
      first.close();
      await within(2000, () => openLiveStreams() < before);
      const again = await openStream(base, customer.accessToken);
      expect(again.status).toBe(200);
      for (const stream of [second, others, again]) stream.close();
    },
  );

  pglite.it(
    'closes the stream of a signed-out session within one heartbeat, and keeps the others',
    async () => {
      const customer = await customerSession();
      const otherSession = await login(test, 'customer', customer.email);
      const leaving = await openStream(base, customer.accessToken);
      const staying = await openStream(base, otherSession.accessToken);
      await within(2000, () => leaving.events.includes('ready') && staying.events.includes('ready'));

      const signedOut = await test.app.inject({
        ...requestOf(authEndpoints.customer.logout),
        headers: bearer(customer.accessToken),
      });
      expect(signedOut.statusCode).toBe(200);
      const took = await within(HEARTBEAT_MS + SLACK_MS, () => leaving.ended());
      expect(took).toBeLessThanOrEqual(HEARTBEAT_MS + SLACK_MS);

      // Two more heartbeats: the live session's stream is still open.
      await new Promise((resolve) => setTimeout(resolve, 2 * HEARTBEAT_MS));
      expect(staying.ended()).toBe(false);
      staying.close();
    },
  );

  pglite.it("closes a merchant's stream when their store membership is removed", async () => {
    const stream = await openStream(base, merchantB.token);
    await within(2000, () => stream.events.includes('ready'));
    await test.deps.db
      .update(storeMembers)
      .set({ isActive: false })
      .where(and(eq(storeMembers.userId, merchantB.id), eq(storeMembers.storeId, merchantB.storeId)));
    await within(HEARTBEAT_MS + SLACK_MS, () => stream.ended());
    await test.deps.db
      .update(storeMembers)
      .set({ isActive: true })
      .where(and(eq(storeMembers.userId, merchantB.id), eq(storeMembers.storeId, merchantB.storeId)));
  });

  it('brings a change to its audience only', async () => {
    const customer = await customerSession();
    const ofA = await openStream(base, merchantA.token);
    const ofB = await openStream(base, merchantB.token);
    const ofCustomer = await openStream(base, customer.accessToken);
    const streams = [ofA, ofB, ofCustomer];
    await within(2000, () => streams.every((stream) => stream.events.includes('ready')));

    await test.deps.changes.publish(
      ORDERS_CHANGED,
      orderChangePayload({ storeId: merchantA.storeId, carrierId: null, queue: false }),
    );
    await within(2000, () => ofA.events.includes('orders'));
    await test.deps.changes.publish(NOTIFICATIONS_CHANGED, customer.user.id as string);
    await within(2000, () => ofCustomer.events.includes('notifications'));
    await settle();
    expect(ofA.events).toEqual(['ready', 'orders']);
    expect(ofB.events).toEqual(['ready']);
    expect(ofCustomer.events).toEqual(['ready', 'notifications']);

    // The customer's own order moved (issue 34 item 13): their open order page hears it; another customer does not.
    const other = await customerSession();
    const ofOther = await openStream(base, other.accessToken);
    await within(2000, () => ofOther.events.includes('ready'));
    await test.deps.changes.publish(
      ORDERS_CHANGED,
      orderChangePayload({
        customerId: customer.user.id as string,
        storeId: merchantB.storeId,
        carrierId: null,
        queue: false,
      }),
    );
    await within(2000, () => ofCustomer.events.includes('orders'));
    await settle();
    expect(ofCustomer.events).toEqual(['ready', 'notifications', 'orders']);
    expect(ofOther.events).toEqual(['ready']);
    for (const stream of [...streams, ofOther]) stream.close();
  });

  it('answers a write without waiting for the streams: a client that never reads delays no one', async () => {
    const stalled = await openStalledStream(base, merchantA.token);
    const reading = await openStream(base, merchantA.token);
    await within(2000, () => reading.events.includes('ready'));

    const payload = orderChangePayload({ storeId: merchantA.storeId, carrierId: null, queue: false });
    let delivered = 0;
    const stop = test.deps.changes.subscribe(ORDERS_CHANGED, () => {
      delivered += 1;
    });
    const started = performance.now();
    for (let index = 0; index < 200; index += 1) await test.deps.changes.publish(ORDERS_CHANGED, payload);
    const publishing = performance.now() - started;
    stop();
    expect(delivered).toBe(200);
    expect(publishing).toBeLessThan(1000);
    await within(2000, () => reading.events.includes('orders'));
    await settle();
    // The 200 publishes returned before any stream was written: their events were queued and went out together
    // on a later turn of the event loop, once (a stream written inside each publish would have had 200).
    expect(reading.events).toEqual(['ready', 'orders']);

    // The write of a signed-in account answers at once, stalled stream or not.
    const write = await test.app.inject({
      ...requestOf(notificationEndpoints.markAllRead),
      headers: bearer(merchantA.token),
    });
    expect(write.statusCode).toBe(200);
    stalled.destroy();
    reading.close();
  });
});
