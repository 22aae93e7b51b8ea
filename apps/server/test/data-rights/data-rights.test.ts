import {
  ACCOUNT_CLOSED_MESSAGE,
  CLOSE_REFUSED_ORDER_IN_FLIGHT,
  CLOSE_REFUSED_REFUND_PENDING,
  PERSONAL_DATA_FORMAT,
} from '@market/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerShippingAddresses } from '../../src/modules/addresses/addresses.schema.js';
import { users } from '../../src/modules/auth/auth.schema.js';
import { marketingRecipients } from '../../src/modules/auth/index.js';
import { ledgerEntries } from '../../src/modules/ledger/ledger.schema.js';
import { orderRefunds, orders } from '../../src/modules/orders/orders.schema.js';
import { auditLog } from '../../src/platform/audit/audit.schema.js';
import {
  addToCart,
  checkout,
  commerceSetup,
  listedProduct,
  payInSandbox,
  type Shopper,
  sellingStore,
  shopper,
} from '../support/commerce-factory.js';
import {
  bearer,
  createAdmin,
  createPartner,
  createTestApp,
  json,
  PASSWORD,
  type TestApp,
} from '../support/test-app.js';

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
  test = await createTestApp();
  const setup = await commerceSetup(test);
  const store = await sellingStore(test, setup);
  merchantToken = store.accessToken;
  const product = await listedProduct(test, setup, store);
  [buyer, other] = await Promise.all([shopper(test), shopper(test)]);
  await addToCart(test, buyer, product.id, 2);
  const created = json(await checkout(test, buyer)).data;
  orderId = created.tracker.orders[0].id;
  await payInSandbox(test, created.payment.authorizationUrl, 'success');
  await test.deps.payments.settle(created.tracker.reference);
  superadmin = await createAdmin(test, 'superadmin');
  plainAdmin = setup.admin;
  partnerToken = (await createPartner(test)).accessToken;
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
    const response = await call('GET', '/api/auth/customer/profile/data', buyer.token);
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
    const data = json(await call('GET', '/api/auth/customer/profile/data', other.token)).data;
    expect(data.account.id).toBe(other.userId);
    expect(data.orders).toEqual([]);
    expect(JSON.stringify(data)).not.toContain(buyer.email);
  });

  it('refuses merchants, partners and admins on the customer endpoints, and all but data-rights:act on the admin ones', async () => {
    for (const token of [merchantToken, partnerToken, plainAdmin.accessToken, superadmin.accessToken]) {
      expect((await call('GET', '/api/auth/customer/profile/data', token)).statusCode).toBe(403);
      expect(
        (
          await call('POST', '/api/auth/customer/close-account', token, {
            password: PASSWORD,
            confirm: 'CLOSE',
          })
        ).statusCode,
      ).toBe(403);
    }
    for (const token of [other.token, merchantToken, partnerToken, plainAdmin.accessToken]) {
      const read = await call(
        'GET',
        `/api/admin/data-rights/${buyer.userId}/data?reason=Letter%20of%201%20Dec`,
        token,
      );
      expect(read.statusCode).toBe(403);
      const close = await call('POST', `/api/admin/data-rights/${buyer.userId}/close`, token, {
        reason: 'Letter of 1 Dec',
      });
      expect(close.statusCode).toBe(403);
    }
    const byAdmin = await call(
      'GET',
      `/api/admin/data-rights/${buyer.userId}/data?reason=Letter%20of%201%20Dec`,
      superadmin.accessToken,
    );
    expect(byAdmin.statusCode).toBe(200);
    expect(json(byAdmin).data.account.id).toBe(buyer.userId);
  });
});

describe('marketing consent', () => {
  it('is off by default, recorded with its time when turned on, and decides who marketing may reach', async () => {
    expect(await marketingRecipients(test.deps.db, [buyer.userId, other.userId])).toEqual([]);
    const on = await call('PATCH', '/api/auth/customer/profile/marketing-consent', other.token, {
      consent: true,
    });
    expect(on.statusCode).toBe(200);
    expect(json(on).data.marketingConsent).toBe(true);
    expect(json(on).data.marketingConsentAt).not.toBeNull();
    const profile = json(await call('GET', '/api/auth/customer/profile', other.token)).data;
    expect(profile).toMatchObject({ marketingConsent: true });
    expect(await marketingRecipients(test.deps.db, [buyer.userId, other.userId])).toEqual([other.userId]);
    await call('PATCH', '/api/auth/customer/profile/marketing-consent', other.token, { consent: false });
    expect(await marketingRecipients(test.deps.db, [other.userId])).toEqual([]);
  });
});

describe('closing an account', () => {
  const close = (token: string, password = PASSWORD) =>
    call('POST', '/api/auth/customer/close-account', token, { password, confirm: 'CLOSE' });

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
    expect((await call('GET', '/api/auth/customer/profile', buyer.token)).statusCode).toBe(200);
  });

  it('erases the person, ends every session, refuses sign-in, and keeps the order in the books', async () => {
    const booksBefore = await booksOf(orderId);
    expect(Number(booksBefore?.lines)).toBeGreaterThan(0);
    const closed = await close(buyer.token);
    expect(closed.statusCode).toBe(200);
    expect(json(closed).message).toBe(ACCOUNT_CLOSED_MESSAGE);

    expect((await call('GET', '/api/auth/customer/profile', buyer.token)).statusCode).toBe(401);
    const signIn = await test.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
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
      `/api/admin/data-rights/${other.userId}/close`,
      superadmin.accessToken,
      {
        reason: 'Signed letter of 28 Nov, ticket DR-17',
      },
    );
    expect(closed.statusCode).toBe(200);
    expect((await call('GET', '/api/auth/customer/profile', other.token)).statusCode).toBe(401);
    const [line] = await test.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, other.userId), eq(auditLog.action, 'account.close')));
    expect(line).toMatchObject({ actorKind: 'admin', reason: 'Signed letter of 28 Nov, ticket DR-17' });
    const again = await call('POST', `/api/admin/data-rights/${other.userId}/close`, superadmin.accessToken, {
      reason: 'Signed letter of 28 Nov, ticket DR-17',
    });
    expect(again.statusCode).toBe(404);
  });
});
