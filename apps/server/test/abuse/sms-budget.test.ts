import {
  customerReturnEndpoints,
  merchantReturnEndpoints,
  returnPickupEndpoints,
  systemEndpoints,
} from '@market/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxSms } from '../../src/platform/sms/sms.schema.js';
import { caller, type Dispatcher, deliveredOrder } from '../returns/returns-support.js';
import type { CommerceSetup, SellingStore } from '../support/commerce-factory.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { bearer, createAdmin, createPartner, json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// Issue 31, finding 3: the scheduler reassigned one return pickup 20 times: 20 × 200 and 40 SMS, each texting the
// customer a new token and both carriers. Now an assignment's text waits to settle and a newer one replaces it, and
// caps per recipient an hour, per order and per platform a day hold every text beyond them (ADR 066).

let test: TestApp;
let setup: CommerceSetup;
let store: SellingStore;
let dispatcher: Dispatcher;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  const market = await world({
    customers: 0,
    dispatchers: 1,
    app: { env: { SMS_CAP_PER_RECIPIENT_HOUR: '10', SMS_CAP_PER_ORDER: '30', SMS_CAP_PER_DAY: '100' } },
  });
  ({ test, setup } = market);
  [store] = market.stores;
  [dispatcher] = market.dispatchers;
  call = caller(test);
}, 240_000);
afterAll(() => test.close());

const texts = (where: ReturnType<typeof eq> | undefined) =>
  test.deps.db.select().from(outboxSms).where(where);

describe('the SMS budget', () => {
  it('twenty reassignments of a pickup text the customer once, with the last token, after it settles', async () => {
    const partners = [
      await createPartner(test, { approved: true }),
      await createPartner(test, { approved: true }),
    ];
    const paid = await deliveredOrder(test, setup, store, dispatcher, { quantity: 2 });
    const created = await call('POST', urlOf(customerReturnEndpoints.create), paid.customer.token, {
      orderId: paid.orderId,
      type: 'return',
      reason: 'The blender does not turn on.',
      items: [{ productId: paid.productId, quantity: 1 }],
    });
    expect(created.statusCode).toBe(201);
    const approved = await call(
      'PATCH',
      urlOf(merchantReturnEndpoints.updateStatus, { params: { id: json(created).data.id } }),
      store.accessToken,
      { status: 'approved' },
    );
    const pickupId = json(approved).data.pickup.id as string;
    for (let i = 0; i < 20; i++) {
      const assigned = await call(
        'POST',
        urlOf(returnPickupEndpoints.assign, { params: { id: pickupId } }),
        setup.admin.accessToken,
        {
          carrier: 'partner',
          partnerId: partners[i % 2]!.id,
        },
      );
      expect(assigned.statusCode).toBe(200);
      await test.jobs.fanOutNotifications();
    }
    // Texts of the pickup's kinds (this file's app assigns this one pickup only).
    const aboutOrder = await texts(
      inArray(outboxSms.kind, ['pickup.scheduled', 'pickup.assigned', 'assignment.removed']),
    );
    expect(new Set(aboutOrder.map((row) => row.orderId)).size).toBe(1);
    const toSend = aboutOrder.filter((row) => row.heldReason === null);
    const scheduled = toSend.filter((row) => row.kind === 'pickup.scheduled');
    // The customer: one text, the last token, not before the settle delay.
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]!.notBefore!.getTime()).toBeGreaterThan(scheduled[0]!.createdAt.getTime());
    // Each carrier: one text of its latest assignment at most; 40 before.
    expect(toSend.length).toBeLessThanOrEqual(3);
    expect(aboutOrder.filter((row) => row.heldReason === 'superseded').length).toBeGreaterThanOrEqual(19);

    // Admins see what the budget held.
    const superadmin = await createAdmin(test, 'superadmin');
    const seen = await test.app.inject({
      ...requestOf(systemEndpoints.smsHeld, { query: { hours: 1 } }),
      headers: bearer(superadmin.accessToken),
    });
    expect(seen.statusCode).toBe(200);
    expect(json(seen).data.held.superseded).toBeGreaterThanOrEqual(19);
    expect(json(seen).data.budget).toMatchObject({ perRecipientHour: 10, perOrder: 30, perDay: 100 });
    const notAllowed = await test.app.inject({
      ...requestOf(systemEndpoints.smsHeld),
      headers: bearer(setup.admin.accessToken),
    });
    expect(notAllowed.statusCode).toBe(403);
  }, 240_000);

  it('decides a batch of texts (the fan-out, ADR 082) as that many single sends would', async () => {
    const sms = test.deps.sms;
    const db = test.deps.db;
    const to = '+2348030000077';
    await db.transaction((tx) =>
      sms.sendMany(
        tx,
        Array.from({ length: 12 }, (_, i) => ({ to, text: `Batch ${i}` })),
      ),
    );
    const batch = await texts(eq(outboxSms.to, to));
    expect(batch.filter((row) => row.heldReason === null)).toHaveLength(10);
    expect(batch.filter((row) => row.heldReason === 'recipient-hour').map((row) => row.text)).toEqual([
      'Batch 10',
      'Batch 11',
    ]);

    // Two assignment texts about one order in one batch: the later replaces the earlier, which stops counting.
    const carrier = '+2348030000078';
    const orderId = crypto.randomUUID();
    await db.transaction((tx) =>
      sms.sendMany(tx, [
        { to: carrier, text: 'First token', orderId, kind: 'assignment.new' },
        { to: carrier, text: 'Second token', orderId, kind: 'assignment.new' },
      ]),
    );
    const settling = await texts(eq(outboxSms.to, carrier));
    expect(settling.map((row) => [row.text, row.heldReason])).toEqual(
      expect.arrayContaining([
        ['First token', 'superseded'],
        ['Second token', null],
      ]),
    );
  });

  it('holds texts past the caps per recipient an hour, per order and per platform a day', async () => {
    const sms = test.deps.sms;
    const db = test.deps.db;
    for (let i = 0; i < 12; i++) await sms.send(db, { to: '+2348030000001', text: `Hello ${i}` });
    const one = await texts(eq(outboxSms.to, '+2348030000001'));
    expect(one.filter((row) => row.heldReason === null)).toHaveLength(10);
    expect(one.filter((row) => row.heldReason === 'recipient-hour')).toHaveLength(2);

    const orderId = crypto.randomUUID();
    for (let i = 0; i < 32; i++)
      await sms.send(db, { to: `+23480300001${String(i).padStart(2, '0')}`, text: 'Order news', orderId });
    const order = await texts(eq(outboxSms.orderId, orderId));
    expect(order.filter((row) => row.heldReason === null)).toHaveLength(30);
    expect(order.filter((row) => row.heldReason === 'order')).toHaveLength(2);

    type Rows<T> = { rows: T[] };
    const counted = (await db.execute(
      sql`select count(*)::int as sent from ${outboxSms} where held_reason is null`,
    )) as unknown as Rows<{ sent: number }>;
    const sent = Number(counted.rows[0]!.sent);
    for (let i = sent; i < 102; i++)
      await sms.send(db, { to: `+2348031${String(i).padStart(6, '0')}`, text: 'Hi' });
    const platform = (await db.execute(
      sql`select count(*)::int as platform from ${outboxSms} where held_reason = 'platform-day'`,
    )) as unknown as Rows<{ platform: number }>;
    expect(Number(platform.rows[0]!.platform)).toBe(2);
  });
});
