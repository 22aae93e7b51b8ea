import {
  ACCOUNT_CLOSED_MESSAGE,
  auditEndpoints,
  authEndpoints,
  BUSINESS_ACCOUNT_CLOSED_MESSAGE,
  CLOSE_REFUSED_DELIVERY_IN_FLIGHT,
  CLOSE_REFUSED_ORDER_IN_FLIGHT,
  CLOSE_REFUSED_REFUND_PENDING,
  CLOSE_REFUSED_STORE_OWNER,
  customerProfileEndpoints,
  dataRightsEndpoints,
  fulfilmentEndpoints,
  PERSONAL_DATA_FORMAT,
} from '@market/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerShippingAddresses } from '../../src/modules/addresses/addresses.schema.js';
import { partnerProfiles, users } from '../../src/modules/auth/auth.schema.js';
import { marketingRecipients } from '../../src/modules/auth/index.js';
import { ledgerEntries } from '../../src/modules/ledger/ledger.schema.js';
import { orderRefunds, orders } from '../../src/modules/orders/orders.schema.js';
import { storeMembers } from '../../src/modules/stores/stores.schema.js';
import { auditLog } from '../../src/platform/audit/audit.schema.js';
import type { TestMerchant } from '../support/catalog-factory.js';
import type { Shopper } from '../support/commerce-factory.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { inviteStaff, type TestStaff } from '../support/staff-factory.js';
import { bearer, createAdmin, createPartner, json, PASSWORD, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// Data rights (NDPA 2023, issue 33, ADR 073): download, close with the books kept, marketing consent; nobody reaches
// another person's data or account.

let test: TestApp;
let buyer: Shopper;
let other: Shopper;
let orderId: string;
let merchantToken: string;
let superadmin: { accessToken: string };
let plainAdmin: { accessToken: string };
let partnerToken: string;

beforeAll(async () => {
  const market = await world({ customers: 2, carriers: 1 });
  test = market.test;
  [buyer, other] = market.customers;
  const [store] = market.stores;
  merchantToken = store.accessToken;
  const paid = await market.paidOrder(store, { customer: buyer, quantity: 2, stock: 20 });
  orderId = paid.orderId;
  await test.deps.payments.settle(paid.reference);
  superadmin = await createAdmin(test, 'superadmin');
  plainAdmin = market.admin;
  partnerToken = market.carriers[0].accessToken;
}, 120_000);
afterAll(() => test.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  test.app.inject({ method, url, headers: bearer(token), payload });

const booksOf = async (id: string) =>
  (
    await test.deps.db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountKobo}), 0)::text`, lines: count() })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, id))
  )[0];

describe('downloading personal data', () => {
  it('gives the customer their profile, addresses and orders with items and money, and records it', async () => {
    const response = await call('GET', urlOf(dataRightsEndpoints.exportMine), buyer.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const data = json(response).data;
    expect(data.format).toBe(PERSONAL_DATA_FORMAT);
    expect(data.account).toMatchObject({ id: buyer.userId, email: buyer.email, marketingConsent: false });
    expect(data.account).not.toHaveProperty('passwordHash');
    expect(data.addresses).toHaveLength(1);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({ id: orderId, items: [{ quantity: 2 }] });
    expect(data.orders[0].totalKobo).toBeGreaterThan(0);
    const lines = await test.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, buyer.userId), eq(auditLog.action, 'account.export')));
    expect(lines).toHaveLength(1);
  });

  it("another customer's download holds only their own data", async () => {
    const data = json(await call('GET', urlOf(dataRightsEndpoints.exportMine), other.token)).data;
    expect(data.account.id).toBe(other.userId);
    expect(data.orders).toEqual([]);
    expect(JSON.stringify(data)).not.toContain(buyer.email);
  });

  it('refuses merchants, partners and admins on the customer endpoints, and all but data-rights:act on the admin ones', async () => {
    for (const token of [merchantToken, partnerToken, plainAdmin.accessToken, superadmin.accessToken]) {
      expect((await call('GET', urlOf(dataRightsEndpoints.exportMine), token)).statusCode).toBe(403);
      expect(
        (
          await call('POST', urlOf(dataRightsEndpoints.closeMine), token, {
            password: PASSWORD,
            confirm: 'CLOSE',
          })
        ).statusCode,
      ).toBe(403);
    }
    for (const token of [other.token, merchantToken, partnerToken, plainAdmin.accessToken]) {
      const read = await call(
        'GET',
        urlOf(dataRightsEndpoints.adminExport, {
          params: { id: buyer.userId },
          query: { reason: 'Letter of 1 Dec' },
        }),
        token,
      );
      expect(read.statusCode).toBe(403);
      const close = await call(
        'POST',
        urlOf(dataRightsEndpoints.adminClose, { params: { id: buyer.userId } }),
        token,
        {
          reason: 'Letter of 1 Dec',
        },
      );
      expect(close.statusCode).toBe(403);
    }
    const byAdmin = await call(
      'GET',
      urlOf(dataRightsEndpoints.adminExport, {
        params: { id: buyer.userId },
        query: { reason: 'Letter of 1 Dec' },
      }),
      superadmin.accessToken,
    );
    expect(byAdmin.statusCode).toBe(200);
    expect(json(byAdmin).data.account.id).toBe(buyer.userId);
  });
});

describe("an order's status moves in the audit trail (issue 33)", () => {
  it('records who moved it from what to what, when and from where; an admin reads one order by its id', async () => {
    const moved = await test.app.inject({
      ...requestOf(fulfilmentEndpoints.updateOrder, { params: { id: orderId } }),
      headers: { ...bearer(merchantToken), 'user-agent': 'StoreTablet/1.0' },
      payload: { status: 'accepted' },
      remoteAddress: '198.51.100.23',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const read = await call(
      'GET',
      urlOf(auditEndpoints.list, { query: { subjectType: 'order', subjectId: orderId } }),
      superadmin.accessToken,
    );
    expect(read.statusCode).toBe(200);
    const lines = json(read).data.entries as {
      action: string;
      before: { status: string };
      after: { status: string };
      actor: { kind: string } | null;
      ip: string | null;
      userAgent: string | null;
      storeId: string | null;
      at: string;
    }[];
    // Newest first: the store accepted it, after the payment (no person: the platform) made it pending.
    expect(lines.map((line) => [line.action, line.before.status, line.after.status])).toEqual([
      ['order.status', 'pending', 'accepted'],
      ['order.status', 'awaiting_payment', 'pending'],
    ]);
    expect(lines[0]).toMatchObject({
      actor: { kind: 'merchant' },
      ip: '198.51.100.23',
      userAgent: 'StoreTablet/1.0',
      storeId: expect.any(String),
    });
    expect(lines[1]!.actor).toBeNull();
    // The store's owner reads the same lines in their store's trail; the buyer cannot read the admin's.
    const own = await call(
      'GET',
      urlOf(auditEndpoints.store, { query: { subjectType: 'order', subjectId: orderId } }),
      merchantToken,
    );
    expect(json(own).data.entries).toHaveLength(2);
    expect(
      (await call('GET', urlOf(auditEndpoints.list, { query: { subjectId: orderId } }), buyer.token))
        .statusCode,
    ).toBe(403);
  });
});

describe('marketing consent', () => {
  it('is off by default, recorded with its time when turned on, and decides who marketing may reach', async () => {
    expect(await marketingRecipients(test.deps.db, [buyer.userId, other.userId])).toEqual([]);
    const on = await call('PATCH', urlOf(dataRightsEndpoints.marketingConsent), other.token, {
      consent: true,
    });
    expect(on.statusCode).toBe(200);
    expect(json(on).data.marketingConsent).toBe(true);
    expect(json(on).data.marketingConsentAt).not.toBeNull();
    const profile = json(await call('GET', urlOf(customerProfileEndpoints.get), other.token)).data;
    expect(profile).toMatchObject({ marketingConsent: true });
    expect(await marketingRecipients(test.deps.db, [buyer.userId, other.userId])).toEqual([other.userId]);
    await call('PATCH', urlOf(dataRightsEndpoints.marketingConsent), other.token, { consent: false });
    expect(await marketingRecipients(test.deps.db, [other.userId])).toEqual([]);
  });
});

describe('closing an account', () => {
  const close = (token: string, password = PASSWORD) =>
    call('POST', urlOf(dataRightsEndpoints.closeMine), token, { password, confirm: 'CLOSE' });

  it('is refused while an order is unfinished or a refund is on its way, and with a wrong password', async () => {
    const inFlight = await close(buyer.token);
    expect(inFlight.statusCode).toBe(409);
    expect(json(inFlight).message).toBe(CLOSE_REFUSED_ORDER_IN_FLIGHT);

    await test.deps.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, orderId));
    const [order] = await test.deps.db.select().from(orders).where(eq(orders.id, orderId));
    const [refund] = await test.deps.db
      .insert(orderRefunds)
      .values({
        reference: 'RFD-DATA-RIGHTS',
        trackerId: order!.trackerId,
        orderId,
        kind: 'cancellation',
        destination: 'provider',
        paymentReference: 'CHK-DATA-RIGHTS',
        amountKobo: 100,
        reason: 'test',
        requestedByRole: 'admin',
      })
      .returning({ id: orderRefunds.id });
    const refundPending = await close(buyer.token);
    expect(refundPending.statusCode).toBe(409);
    expect(json(refundPending).message).toBe(CLOSE_REFUSED_REFUND_PENDING);
    await test.deps.db.delete(orderRefunds).where(eq(orderRefunds.id, refund!.id));

    expect((await close(buyer.token, 'not-my-password')).statusCode).toBe(422);
    expect((await call('GET', urlOf(customerProfileEndpoints.get), buyer.token)).statusCode).toBe(200);
  });

  it('erases the person, ends every session, refuses sign-in, and keeps the order in the books', async () => {
    const booksBefore = await booksOf(orderId);
    expect(Number(booksBefore?.lines)).toBeGreaterThan(0);
    const closed = await close(buyer.token);
    expect(closed.statusCode).toBe(200);
    expect(json(closed).message).toBe(ACCOUNT_CLOSED_MESSAGE);

    expect((await call('GET', urlOf(customerProfileEndpoints.get), buyer.token)).statusCode).toBe(401);
    const signIn = await test.app.inject({
      ...requestOf(authEndpoints.customer.login),
      payload: { email: buyer.email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);

    const [order] = await test.deps.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.totalKobo).toBeGreaterThan(0);
    expect(order?.deliveryAddress).toMatchObject({
      fullName: 'Closed account',
      phoneNumber: '',
      address: '',
    });
    expect(await booksOf(orderId)).toEqual(booksBefore);
    const addresses = await test.deps.db
      .select()
      .from(customerShippingAddresses)
      .where(eq(customerShippingAddresses.customerId, buyer.userId));
    expect(addresses).toEqual([]);
    const [person] = await test.deps.db
      .select({ email: users.email, firstName: users.firstName, phoneNumber: users.phoneNumber })
      .from(users)
      .where(eq(users.id, buyer.userId));
    expect(person).toEqual({
      email: `closed-${buyer.userId}@closed.invalid`,
      firstName: 'Closed account',
      phoneNumber: null,
    });
    const [line] = await test.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, buyer.userId), eq(auditLog.action, 'account.close')));
    expect(line).toMatchObject({ actorId: buyer.userId, actorKind: 'customer' });
  });

  it('an admin closes an account on a written request, with the request recorded', async () => {
    const closed = await call(
      'POST',
      urlOf(dataRightsEndpoints.adminClose, { params: { id: other.userId } }),
      superadmin.accessToken,
      {
        reason: 'Signed letter of 28 Nov, ticket DR-17',
      },
    );
    expect(closed.statusCode).toBe(200);
    expect((await call('GET', urlOf(customerProfileEndpoints.get), other.token)).statusCode).toBe(401);
    const [line] = await test.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, other.userId), eq(auditLog.action, 'account.close')));
    expect(line).toMatchObject({ actorKind: 'admin', reason: 'Signed letter of 28 Nov, ticket DR-17' });
    const again = await call(
      'POST',
      urlOf(dataRightsEndpoints.adminClose, { params: { id: other.userId } }),
      superadmin.accessToken,
      {
        reason: 'Signed letter of 28 Nov, ticket DR-17',
      },
    );
    expect(again.statusCode).toBe(404);
  });
});

describe("a store's staff member and a shipping partner have the same rights (issue 33)", () => {
  let owner: TestMerchant;
  let staff: TestStaff;
  let partner: { id: string; email: string; accessToken: string };

  beforeAll(async () => {
    const [ownerId] = await test.deps.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        eq(users.id, (await call('GET', urlOf(authEndpoints.userData), merchantToken).then(json)).data.id),
      );
    owner = { id: ownerId!.id, email: ownerId!.email, token: merchantToken, storeId: '', storeName: '' };
    [staff, partner] = await Promise.all([inviteStaff(test, owner, 'sales'), createPartner(test)]);
  }, 60_000);

  const staffUserId = async () =>
    (await test.deps.db.select({ id: users.id }).from(users).where(eq(users.email, staff.email)))[0]!.id;

  it('each downloads only their own data, and no other kind of account reaches their endpoints', async () => {
    const mine = await call('GET', urlOf(dataRightsEndpoints.exportMineMerchant), staff.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const data = json(mine).data;
    expect(data.account).toMatchObject({ email: staff.email, kind: 'merchant' });
    expect(data.storeMemberships).toEqual([expect.objectContaining({ role: 'sales', isActive: true })]);
    expect(JSON.stringify(data)).not.toContain(owner.email);
    // Another merchant account (the store's owner) gets its own, not the staff member's.
    const owners = json(await call('GET', urlOf(dataRightsEndpoints.exportMineMerchant), merchantToken)).data;
    expect(owners.account.email).toBe(owner.email);
    expect(JSON.stringify(owners)).not.toContain(staff.email);

    const carrier = await call('GET', urlOf(dataRightsEndpoints.exportMinePartner), partner.accessToken);
    expect(carrier.statusCode).toBe(200);
    expect(json(carrier).data).toMatchObject({
      account: { email: partner.email, kind: 'partner' },
      partner: { companyName: 'Test Riders', deliveries: [] },
    });
    expect(JSON.stringify(json(carrier).data)).not.toContain('0123456789');

    const close = { password: PASSWORD, confirm: 'CLOSE' };
    for (const token of [buyer.token, partner.accessToken, plainAdmin.accessToken, superadmin.accessToken]) {
      expect((await call('GET', urlOf(dataRightsEndpoints.exportMineMerchant), token)).statusCode).toBe(403);
      expect(
        (await call('POST', urlOf(dataRightsEndpoints.closeMineMerchant), token, close)).statusCode,
      ).toBe(403);
    }
    for (const token of [buyer.token, staff.token, plainAdmin.accessToken, superadmin.accessToken]) {
      expect((await call('GET', urlOf(dataRightsEndpoints.exportMinePartner), token)).statusCode).toBe(403);
      expect((await call('POST', urlOf(dataRightsEndpoints.closeMinePartner), token, close)).statusCode).toBe(
        403,
      );
    }
  });

  it("a store's owner may not close; a staff member closes, leaves the store, and is signed out", async () => {
    const refused = await call('POST', urlOf(dataRightsEndpoints.closeMineMerchant), merchantToken, {
      password: PASSWORD,
      confirm: 'CLOSE',
    });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe(CLOSE_REFUSED_STORE_OWNER);
    const wrong = await call('POST', urlOf(dataRightsEndpoints.closeMineMerchant), staff.token, {
      password: 'not-the-password',
      confirm: 'CLOSE',
    });
    expect(wrong.statusCode).toBe(422);

    const id = await staffUserId();
    const closed = await call('POST', urlOf(dataRightsEndpoints.closeMineMerchant), staff.token, {
      password: PASSWORD,
      confirm: 'CLOSE',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(json(closed).message).toBe(BUSINESS_ACCOUNT_CLOSED_MESSAGE);
    expect((await call('GET', urlOf(dataRightsEndpoints.exportMineMerchant), staff.token)).statusCode).toBe(
      401,
    );
    const [row] = await test.deps.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ firstName: 'Closed account', phoneNumber: null, passwordHash: null });
    expect(row!.email).not.toBe(staff.email);
    const places = await test.deps.db.select().from(storeMembers).where(eq(storeMembers.userId, id));
    expect(places.every((place) => !place.isActive)).toBe(true);
    const signIn = await test.app.inject({
      ...requestOf(authEndpoints.merchant.login),
      payload: { email: staff.email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
    const [line] = await test.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, id), eq(auditLog.action, 'account.close')));
    expect(line).toMatchObject({ actorId: id, actorKind: 'merchant' });
  });

  it('a partner may not close while it carries an order; once none is left it closes, its bank details gone', async () => {
    const [order] = await test.deps.db.select().from(orders).where(eq(orders.id, orderId));
    await test.deps.db
      .update(orders)
      .set({ partnerId: partner.id, status: 'out_for_delivery' })
      .where(eq(orders.id, orderId));
    try {
      const refused = await call('POST', urlOf(dataRightsEndpoints.closeMinePartner), partner.accessToken, {
        password: PASSWORD,
        confirm: 'CLOSE',
      });
      expect(refused.statusCode).toBe(409);
      expect(json(refused).message).toBe(CLOSE_REFUSED_DELIVERY_IN_FLIGHT);
      const carried = json(
        await call('GET', urlOf(dataRightsEndpoints.exportMinePartner), partner.accessToken),
      ).data;
      expect(carried.partner.deliveries).toEqual([
        expect.objectContaining({ orderId, status: 'out_for_delivery' }),
      ]);
      // An admin acting on a written request meets the same refusal.
      const forThem = await call(
        'POST',
        urlOf(dataRightsEndpoints.adminClose, { params: { id: partner.id } }),
        superadmin.accessToken,
        {
          reason: 'Letter from Test Riders, ticket DR-21',
        },
      );
      expect(forThem.statusCode).toBe(409);
    } finally {
      await test.deps.db
        .update(orders)
        .set({ partnerId: order!.partnerId, status: order!.status })
        .where(eq(orders.id, orderId));
    }
    const read = await call(
      'GET',
      urlOf(dataRightsEndpoints.adminExport, {
        params: { id: partner.id },
        query: { reason: 'Letter from Test Riders' },
      }),
      superadmin.accessToken,
    );
    expect(json(read).data.partner.companyName).toBe('Test Riders');
    const closed = await call(
      'POST',
      urlOf(dataRightsEndpoints.adminClose, { params: { id: partner.id } }),
      superadmin.accessToken,
      {
        reason: 'Letter from Test Riders, ticket DR-21',
      },
    );
    expect(closed.statusCode, closed.body).toBe(200);
    expect(
      (await call('GET', urlOf(dataRightsEndpoints.exportMinePartner), partner.accessToken)).statusCode,
    ).toBe(401);
    const [profile] = await test.deps.db
      .select()
      .from(partnerProfiles)
      .where(eq(partnerProfiles.userId, partner.id));
    expect(profile!.bankDetails).toEqual({});
    // An admin's account is the platform's: no written request reaches it.
    const adminId = (await call('GET', urlOf(authEndpoints.userData), superadmin.accessToken).then(json)).data
      .id;
    const onAdmin = await call(
      'POST',
      urlOf(dataRightsEndpoints.adminClose, { params: { id: adminId } }),
      superadmin.accessToken,
      {
        reason: 'Letter of nobody',
      },
    );
    expect(onAdmin.statusCode).toBe(404);
  });
});
