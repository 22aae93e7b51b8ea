import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  adminOrderEndpoints,
  adminRoleEndpoints,
  fulfilmentEndpoints,
  notificationEndpoints,
  notificationKindIds,
  notificationKinds,
} from '@market/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/auth/auth.schema.js';
import { products } from '../../src/modules/catalog/catalog.schema.js';
import { waitedFor, wordingOf } from '../../src/modules/notifications/index.js';
import { notifications } from '../../src/modules/notifications/notifications.schema.js';
import { orders } from '../../src/modules/orders/orders.schema.js';
import { outboxMails } from '../../src/platform/mail/mail.schema.js';
import { createSmsSender, smsSegments } from '../../src/platform/sms/sms.js';
import { outboxSms } from '../../src/platform/sms/sms.schema.js';
import { caller, paidOrder } from '../returns/returns-support.js';
import type { CommerceSetup, SellingStore } from '../support/commerce-factory.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { storeMemberToken } from '../support/staff-factory.js';
import { completeOnboarding } from '../support/store-factory.js';
import {
  createAdmin,
  createConfirmedAccount,
  createPartner,
  json,
  login,
  PASSWORD,
  type TestApp,
} from '../support/test-app.js';
import { world } from '../support/world.js';

// Issue 23: every account is told of what concerns it, in the app, by mail and by SMS, once per event, on the
// channels it chose; nobody reads or marks another account's notifications.

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

type Listed = {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  readAt: string | null;
};

async function listOf(token: string): Promise<{ notifications: Listed[]; unreadCount: number }> {
  const response = await call('GET', urlOf(notificationEndpoints.list, { query: { limit: 100 } }), token);
  expect(response.statusCode).toBe(200);
  return json(response).data;
}

async function phoneOf(email: string, kind: 'merchant' | 'customer') {
  const [row] = await test.deps.db
    .select({ phone: users.phoneNumber })
    .from(users)
    .where(and(eq(users.email, email), eq(users.kind, kind)));
  return row!.phone!;
}

describe('a paid order', () => {
  it('tells the store and the customer, in the app, by mail and by SMS, and nobody else', async () => {
    const paid = await paidOrder(test, setup, store, { quantity: 2 });
    await test.jobs.fanOutNotifications();

    const merchant = await listOf(store.accessToken);
    const news = merchant.notifications.find((entry) => entry.kind === 'order.paid');
    expect(news).toBeDefined();
    expect(news!.link).toBe(`/merchant/orders/${paid.orderId}`);
    expect(news!.body).toMatch(/^₦[\d,]+\.\d\d paid for 2 items\./);
    expect(merchant.unreadCount).toBeGreaterThanOrEqual(1);

    // The other store hears nothing of it.
    const other = await listOf(otherStore.accessToken);
    expect(other.notifications.some((entry) => entry.link?.includes(paid.orderId))).toBe(false);

    // The customer's list has the receipt; the store's words never reach them.
    const customer = await listOf(paid.customer.token);
    expect(customer.notifications.map((entry) => entry.kind)).toContain('order.receipt');
    expect(customer.notifications.map((entry) => entry.kind)).not.toContain('order.paid');

    // Mail with a plain-text part and a link to the screen that acts on it; SMS in one or two segments, in GSM.
    const mails = await test.deps.db.select().from(outboxMails).where(eq(outboxMails.to, store.email));
    const mail = mails.find((row) => row.subject === news!.title);
    expect(mail?.text).toContain(`/merchant/orders/${paid.orderId}`);
    expect(mail?.html).toContain('<a href=');
    const texts = await test.deps.db
      .select()
      .from(outboxSms)
      .where(eq(outboxSms.to, await phoneOf(store.email, 'merchant')));
    const sms = texts.find((row) => row.text.startsWith('New paid order'));
    expect(sms).toBeDefined();
    expect(sms!.segments).toBeLessThanOrEqual(2);
    expect(smsSegments(sms!.text).encoding).toBe('gsm7');
  });

  it("reaches the store's staff whose role holds the order permission, not the others", async () => {
    const sales = await storeMemberToken(test, store.storeId, 'sales');
    const inventory = await storeMemberToken(test, store.storeId, 'inventory');
    const paid = await paidOrder(test, setup, store);
    await test.jobs.fanOutNotifications();
    const aboutIt = async (token: string) =>
      (await listOf(token)).notifications
        .filter((entry) => entry.link?.endsWith(paid.orderId))
        .map((e) => e.kind);
    expect(await aboutIt(sales)).toEqual(['order.paid']);
    expect(await aboutIt(inventory)).toEqual([]);
  });

  it('is told once, however many times the fan-out runs or the event is emitted', async () => {
    const paid = await paidOrder(test, setup, store);
    await Promise.all([test.jobs.fanOutNotifications(), test.jobs.fanOutNotifications()]);
    await test.jobs.fanOutNotifications();
    const again = await test.deps.db.transaction((tx) =>
      test.deps.events.emit(tx, {
        kind: 'order.paid',
        key: `order.paid:${paid.orderId}`,
        audience: [{ store: store.storeId, permission: 'orders:write' }],
        params: { orderId: paid.orderId },
      }),
    );
    expect(again).toBeUndefined();
    await test.jobs.fanOutNotifications();
    // Told events are marked so: the next run has nothing left to claim (not every event ever emitted again).
    expect(await test.jobs.fanOutNotifications()).toBe(0);
    const rows = (await listOf(store.accessToken)).notifications.filter(
      (entry) => entry.kind === 'order.paid' && entry.link?.endsWith(paid.orderId),
    );
    expect(rows).toHaveLength(1);
  });
});

describe('reading and marking', () => {
  it('marks one read, then all; another account gets 404 and changes nothing', async () => {
    await paidOrder(test, setup, store);
    await test.jobs.fanOutNotifications();
    const before = await listOf(store.accessToken);
    const first = before.notifications.find((entry) => entry.readAt === null)!;

    const partner = await createPartner(test);
    const admin = await createAdmin(test, 'admin');
    for (const token of [otherStore.accessToken, partner.accessToken, admin.accessToken]) {
      const refused = await call(
        'PATCH',
        urlOf(notificationEndpoints.markRead, { params: { id: first.id } }),
        token,
      );
      expect(refused.statusCode).toBe(404);
      expect(json(refused).error).toBe('NOT_FOUND');
    }
    const [untouched] = await test.deps.db.select().from(notifications).where(eq(notifications.id, first.id));
    expect(untouched!.readAt).toBeNull();

    const marked = await call(
      'PATCH',
      urlOf(notificationEndpoints.markRead, { params: { id: first.id } }),
      store.accessToken,
    );
    expect(marked.statusCode).toBe(200);
    expect(json(marked).data.readAt).not.toBeNull();
    const count = json(await call('GET', urlOf(notificationEndpoints.unreadCount), store.accessToken)).data;
    expect(count.unreadCount).toBe(before.unreadCount - 1);

    expect((await call('POST', urlOf(notificationEndpoints.markAllRead), store.accessToken)).statusCode).toBe(
      200,
    );
    expect((await listOf(store.accessToken)).unreadCount).toBe(0);
    expect(
      (
        await call(
          'PATCH',
          urlOf(notificationEndpoints.markRead, { params: { id: 'not-a-uuid' } }),
          store.accessToken,
        )
      ).statusCode,
    ).toBe(422);
  });

  it('needs a signed-in account', async () => {
    for (const [method, url] of [
      ['GET', urlOf(notificationEndpoints.list)],
      ['GET', urlOf(notificationEndpoints.unreadCount)],
      ['POST', urlOf(notificationEndpoints.markAllRead)],
      ['GET', urlOf(notificationEndpoints.preferences)],
    ] as const) {
      const response = await call(method, url);
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('preferences', () => {
  it('lists only the kinds an account receives, and a channel turned off is not used', async () => {
    const shown = json(await call('GET', urlOf(notificationEndpoints.preferences), store.accessToken))
      .data as {
      kind: string;
      sms: boolean;
      offered: string[];
    }[];
    expect(shown.map((row) => row.kind)).toContain('order.paid');
    expect(shown.map((row) => row.kind)).not.toContain('order.receipt');
    expect(shown.find((row) => row.kind === 'order.paid')).toMatchObject({ sms: true });

    // A customer's kind is refused for a merchant, and nothing is saved.
    const refused = await test.app.inject({
      ...requestOf(notificationEndpoints.updatePreferences),
      headers: { authorization: `Bearer ${store.accessToken}` },
      payload: { preferences: [{ kind: 'order.receipt', inApp: false, email: false, sms: true }] },
    });
    expect(refused.statusCode).toBe(422);
    expect(json(refused).error).toBe('VALIDATION_ERROR');

    // A sales member who turned the in-app channel off for paid orders does not find the next one in their list.
    const quiet = await storeMemberToken(test, store.storeId, 'sales');
    const off = await test.app.inject({
      ...requestOf(notificationEndpoints.updatePreferences),
      headers: { authorization: `Bearer ${quiet}` },
      payload: { preferences: [{ kind: 'order.paid', inApp: false, email: false, sms: false }] },
    });
    expect(off.statusCode).toBe(200);

    const saved = await test.app.inject({
      ...requestOf(notificationEndpoints.updatePreferences),
      headers: { authorization: `Bearer ${store.accessToken}` },
      payload: { preferences: [{ kind: 'order.paid', inApp: true, email: false, sms: false }] },
    });
    expect(saved.statusCode).toBe(200);
    expect(json(saved).data.find((row: { kind: string }) => row.kind === 'order.paid')).toMatchObject({
      inApp: true,
      email: false,
      sms: false,
    });

    const phone = await phoneOf(store.email, 'merchant');
    const smsBefore = (await test.deps.db.select().from(outboxSms).where(eq(outboxSms.to, phone))).length;
    const newOrderMails = async () =>
      (await test.deps.db.select().from(outboxMails).where(eq(outboxMails.to, store.email))).filter((row) =>
        row.subject.startsWith('New order'),
      ).length;
    const mailsBefore = await newOrderMails();
    const paid = await paidOrder(test, setup, store);
    await test.jobs.fanOutNotifications();
    expect(
      (await listOf(store.accessToken)).notifications.some((entry) => entry.link?.endsWith(paid.orderId)),
    ).toBe(true);
    expect((await listOf(quiet)).notifications.some((entry) => entry.link?.endsWith(paid.orderId))).toBe(
      false,
    );
    expect((await test.deps.db.select().from(outboxSms).where(eq(outboxSms.to, phone))).length).toBe(
      smsBefore,
    );
    expect(await newOrderMails()).toBe(mailsBefore);
  });
});

describe('preferences follow the permissions that put an account in an audience (issue 34 item 9)', () => {
  const kindsOf = async (token: string) =>
    (json(await call('GET', urlOf(notificationEndpoints.preferences), token)).data as { kind: string }[]).map(
      (row) => row.kind,
    );

  it('inventory staff are offered stock and product news, not paid orders, returns or payouts', async () => {
    const inventory = await storeMemberToken(test, store.storeId, 'inventory');
    const kinds = await kindsOf(inventory);
    expect(kinds).toEqual(expect.arrayContaining(['stock.low', 'product.decided']));
    for (const never of ['order.paid', 'order.cancelled', 'return.requested', 'payout.paid', 'payout.failed'])
      expect(kinds).not.toContain(never);
    // Choosing a kind the role can never receive is refused like a foreign kind, and nothing is saved.
    const refused = await test.app.inject({
      ...requestOf(notificationEndpoints.updatePreferences),
      headers: { authorization: `Bearer ${inventory}` },
      payload: { preferences: [{ kind: 'order.paid', inApp: true, email: false, sms: false }] },
    });
    expect(refused.statusCode).toBe(422);
    // The owner still gets all of them.
    expect(await kindsOf(store.accessToken)).toEqual(
      expect.arrayContaining(['order.paid', 'payout.paid', 'stock.low', 'return.requested']),
    );
  });

  it('an admin whose custom role only sees finance is offered no carrier or queue news', async () => {
    const superadmin = await createAdmin(test, 'superadmin');
    const viewer = await createAdmin(test, 'admin');
    const role = await call('POST', urlOf(adminRoleEndpoints.create), superadmin.accessToken, {
      name: `Finance viewers ${viewer.id.slice(0, 8)}`,
      permissions: ['finance:read'],
    });
    expect(role.statusCode).toBe(201);
    const assigned = await call('POST', urlOf(adminRoleEndpoints.assign), superadmin.accessToken, {
      adminId: viewer.id,
      roleId: json(role).data.id,
    });
    expect(assigned.statusCode).toBe(200);
    const session = await login(test, 'admin', viewer.email, PASSWORD);
    expect(await kindsOf(session.accessToken)).toEqual([]);
    const dispatcher = await createAdmin(test, 'dispatcher');
    expect(await kindsOf(dispatcher.accessToken)).toEqual(
      expect.arrayContaining(['assignment.new', 'queue.waiting', 'pickup.assigned']),
    );
    expect(await kindsOf(dispatcher.accessToken)).not.toContain('contact.message');
  });
});

describe('carriers and the queue', () => {
  it('a partner hears of its assignment; its decline reaches the admins who assign, with the reason', async () => {
    const paid = await paidOrder(test, setup, store);
    for (const status of ['accepted', 'ready_for_pickup'])
      expect(
        (
          await call(
            'PATCH',
            urlOf(fulfilmentEndpoints.updateOrder, { params: { id: paid.orderId } }),
            store.accessToken,
            {
              status,
            },
          )
        ).statusCode,
      ).toBe(200);
    const admin = await createAdmin(test, 'admin');
    const dispatcher = await createAdmin(test, 'dispatcher');
    const [first, second] = [await createPartner(test), await createPartner(test)];
    const assign = (partnerId: string) =>
      call('POST', urlOf(adminOrderEndpoints.assign, { params: { id: paid.orderId } }), admin.accessToken, {
        carrier: 'partner',
        partnerId,
      });
    expect((await assign(first.id)).statusCode).toBe(200);
    await test.jobs.fanOutNotifications();
    const firstList = (await listOf(first.accessToken)).notifications;
    expect(firstList.map((entry) => entry.kind)).toEqual(['assignment.new']);
    expect(firstList[0]!.link).toBe(`/shipping-partner/orders/${paid.orderId}`);
    expect((await listOf(second.accessToken)).notifications).toEqual([]);

    const declined = await call(
      'PATCH',
      urlOf(fulfilmentEndpoints.updateOrder, { params: { id: paid.orderId } }),
      first.accessToken,
      {
        status: 'declined',
        note: 'Our van is in the workshop',
      },
    );
    expect(declined.statusCode).toBe(200);
    await test.jobs.fanOutNotifications();
    // Admins who assign (the dispatcher role included) hear of it with the partner's reason.
    for (const token of [admin.accessToken, dispatcher.accessToken]) {
      const waiting = (await listOf(token)).notifications.find((entry) => entry.kind === 'queue.waiting');
      expect(waiting?.body).toContain('Our van is in the workshop');
    }
    // The customer hears that the store accepted, never the carrier's internal reason.
    const customer = (await listOf(paid.customer.token)).notifications;
    expect(customer.map((entry) => entry.kind)).toContain('order.accepted');
    expect(JSON.stringify(customer)).not.toContain('workshop');
  });
});

describe('timed notices', () => {
  it('a product running low, an order left in the queue and a store awaiting approval are told once', async () => {
    const paid = await paidOrder(test, setup, store);
    for (const status of ['accepted', 'ready_for_pickup'])
      expect(
        (
          await call(
            'PATCH',
            urlOf(fulfilmentEndpoints.updateOrder, { params: { id: paid.orderId } }),
            store.accessToken,
            {
              status,
            },
          )
        ).statusCode,
      ).toBe(200);
    // Two hours in the queue; the product down to its alert level.
    await test.deps.db
      .update(orders)
      .set({ updatedAt: new Date(test.deps.now().getTime() - 2 * 60 * 60 * 1000) })
      .where(eq(orders.id, paid.orderId));
    await test.deps.db.update(products).set({ quantity: 1 }).where(eq(products.id, paid.productId));
    const dispatcher = await createAdmin(test, 'dispatcher');

    await test.jobs.emitTimedNotices();
    await test.jobs.emitTimedNotices();
    await test.jobs.fanOutNotifications();

    const low = (await listOf(store.accessToken)).notifications.filter((entry) => entry.kind === 'stock.low');
    expect(low).toHaveLength(1);
    expect(low[0]!.body).toContain('1 unit is left');
    expect(low[0]!.link).toBe('/merchant/products/low-stock');
    // The other store's products are its own business.
    expect(
      (await listOf(otherStore.accessToken)).notifications.some((entry) => entry.kind === 'stock.low'),
    ).toBe(false);
    const waiting = (await listOf(dispatcher.accessToken)).notifications.filter(
      (entry) => entry.kind === 'queue.waiting' && entry.title.includes('is waiting for a carrier'),
    );
    expect(waiting.length).toBeGreaterThanOrEqual(1);
    expect(
      waiting.some((entry) => /^It has waited [1-3] hours?( \d+ minutes?)?\. Assign/.test(entry.body)),
    ).toBe(true);
    // A store whose onboarding is complete waits for its approvers, who hear of it once.
    const newcomer = await createConfirmedAccount(test, 'merchant');
    const session = await login(test, 'merchant', newcomer.email);
    await completeOnboarding(test, session.accessToken);
    await test.jobs.emitTimedNotices();
    await test.jobs.emitTimedNotices();
    await test.jobs.fanOutNotifications();
    const approver = (await listOf(setup.approvers.first.accessToken)).notifications.filter(
      (entry) => entry.kind === 'approval.waiting' && entry.link === '/admin/approvals/stores',
    );
    expect(approver.length).toBeGreaterThanOrEqual(1);
    expect(new Set(approver.map((entry) => entry.title)).size).toBe(approver.length);
    // A customer hears nothing of the queue.
    expect(
      (await listOf(paid.customer.token)).notifications.some((entry) => entry.kind === 'queue.waiting'),
    ).toBe(false);
  });
});

describe('wording', () => {
  const params = {
    orderId: '3f0c1c1e-1111-4222-8333-444455556666',
    orderNumber: 'NM-ABCDE12345',
    storeName: 'Ankara Palace Lagos Island',
    amountKobo: 1_234_567_89,
    refundKobo: 1_234_567_89,
    itemCount: 12,
    token: '482913',
    productName: 'Men’s Agbada 3-piece embroidered (wine)',
    reason: 'The parcel was damaged',
    reference: 'pay_3k2j4h5g6f7d8s9a',
    accountEnding: '••••6789',
    rating: 1,
    stock: 1,
    minutes: 95,
    returnId: 'r1',
    subject: 'Contact form question',
    name: 'Chinedu',
    decision: 'approved',
    outcome: 'the customer is refunded',
    quantity: 3,
    returnDays: 7,
  };
  it('keeps every SMS within two segments and every amount in naira', () => {
    for (const kind of notificationKindIds)
      for (const account of notificationKinds[kind].accounts) {
        const words = wordingOf(kind, account, params);
        expect(smsSegments(words.sms).segments, `${kind} to ${account}: ${words.sms}`).toBeLessThanOrEqual(2);
        expect(words.title.length).toBeGreaterThan(0);
        expect(`${words.title} ${words.body}`).not.toMatch(/\b(undefined|null|NaN)\b/);
      }
    expect(wordingOf('payout.paid', 'merchant', params).title).toBe('Payout of ₦1,234,567.89 sent');
    expect(wordingOf('review.new', 'merchant', params).title).toBe('New 1-star review');
    expect(wordingOf('review.new', 'merchant', { ...params, rating: 4 }).title).toBe('New 4-star review');
    // Issue 34 item 21: a sold-out product is not "running low — 0 units are left"; waits read as people say them.
    const soldOut = wordingOf('stock.low', 'merchant', { ...params, stock: 0 });
    expect(soldOut.title).toMatch(/is sold out$/);
    expect(soldOut.body).not.toMatch(/0 units/);
    expect(wordingOf('queue.waiting', 'admin', { ...params, reason: null, minutes: 305 }).body).toContain(
      'It has waited 5 hours 5 minutes.',
    );
    expect(waitedFor(45)).toBe('45 minutes');
    expect(waitedFor(120)).toBe('2 hours');
    expect(waitedFor(61)).toBe('1 hour 1 minute');
    expect(waitedFor(3 * 24 * 60 + 7)).toBe('3 days');
  });

  it('counts GSM and UCS-2 segments as networks do', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161)).segments).toBe(2);
    expect(smsSegments('€'.repeat(80))).toMatchObject({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(smsSegments('₦1,000')).toMatchObject({ encoding: 'ucs2', segments: 1 });
    expect(smsSegments('₦'.repeat(71)).segments).toBe(2);
  });
});

describe('the Termii adapter', () => {
  it('sends on the DND route as the documentation shows, and backs off when Termii refuses', async () => {
    const seen: Record<string, unknown>[] = [];
    let answer: { status: number; body: unknown } = {
      status: 200,
      // Termii's documented answer to POST /api/sms/send.
      body: {
        code: 'ok',
        message_id: '9122821270554876574',
        message_id_str: '9122821270554876574',
        message: 'Successfully Sent',
        balance: 9,
        user: 'Peter Mcleish',
      },
    };
    const server = http.createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      request.on('end', () => {
        seen.push({ path: request.url, ...JSON.parse(raw) });
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const sender = createSmsSender({
        db: test.deps.db,
        termii: { apiKey: 'TLtestkey', baseUrl: `http://127.0.0.1:${port}`, senderId: 'NaijaMarket' },
        logger: test.deps.logger,
      });
      const to = '+2348039998877';
      await sender.send(test.deps.db, { to, text: 'Order NM-1 is out for delivery.' });
      expect(await sender.flush()).toBeGreaterThanOrEqual(1);
      expect(seen.find((body) => body.to === '2348039998877')).toEqual({
        path: '/api/sms/send',
        api_key: 'TLtestkey',
        to: '2348039998877',
        from: 'NaijaMarket',
        sms: 'Order NM-1 is out for delivery.',
        type: 'plain',
        channel: 'dnd',
      });
      const [sent] = await test.deps.db.select().from(outboxSms).where(eq(outboxSms.to, to));
      expect(sent).toMatchObject({ providerMessageId: '9122821270554876574', attempts: 1 });
      expect(sent!.sentAt).not.toBeNull();

      answer = { status: 400, body: { message: 'Insufficient balance' } };
      const failing = '+2348039998878';
      await sender.send(test.deps.db, { to: failing, text: 'Second' });
      await sender.flush();
      const [waiting] = await test.deps.db.select().from(outboxSms).where(eq(outboxSms.to, failing));
      expect(waiting).toMatchObject({ sentAt: null, attempts: 1 });
      expect(waiting!.lastError).toContain('Insufficient balance');
      // Its retry is not due yet: another flush does not send it again.
      const tries = () => seen.filter((body) => body.to === '2348039998878').length;
      expect(tries()).toBe(1);
      await sender.flush();
      expect(tries()).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
