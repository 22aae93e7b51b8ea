import { planPublicEndpoints, subscriptionMerchantEndpoints } from '@market/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTransactions } from '../../src/modules/payments/payments.schema.js';
import { storeMembers } from '../../src/modules/stores/stores.schema.js';
import {
  storeSubscriptions,
  subscriptionInvoices,
} from '../../src/modules/subscriptions/subscriptions.schema.js';
import { addMonthUtc, MAX_RENEWAL_ATTEMPTS } from '../../src/modules/subscriptions/subscriptions.service.js';
import { outboxMails } from '../../src/platform/mail/mail.schema.js';
import { SANDBOX_CARDS } from '../../src/platform/payments/sandbox.js';
import { sandboxCharges } from '../../src/platform/payments/sandbox.schema.js';
import { createMerchantWithStore, type TestMerchant } from '../support/catalog-factory.js';
import { urlOf } from '../support/contract-requests.js';
import {
  bearer,
  createAdmin,
  createConfirmedAccount,
  createPartner,
  createTestApp,
  json,
  login,
  nextIp,
  type TestApp,
} from '../support/test-app.js';

let test: TestApp;
let growthId: string;
const HOUR = 60 * 60 * 1000;

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  test.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    payload: payload as object,
    remoteAddress: nextIp(),
  });

interface Current {
  plan: { code: string };
  subscription: null | {
    status: string;
    currentPeriodEnd: string;
    autoRenew: boolean;
    renewsAt: string | null;
    card: { brand: string | null; last4: string | null } | null;
  };
}

/** Subscribes to Growth and pays on the sandbox's page with `card` (the webhook settles it in-process). */
async function subscribeWith(merchant: TestMerchant, card: string) {
  const started = await call('POST', urlOf(subscriptionMerchantEndpoints.subscribe), merchant.token, {
    planId: growthId,
  });
  expect(started.statusCode, started.body).toBe(201);
  const { authorizationUrl } = json(started).data as { authorizationUrl: string };
  const paid = await test.app.inject({
    method: 'POST',
    url: new URL(authorizationUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber: card, expiry: '12/39', cvv: '123' }).toString(),
  });
  expect(paid.statusCode, paid.body).toBe(303);
}

async function current(merchant: TestMerchant) {
  const answer = await call('GET', urlOf(subscriptionMerchantEndpoints.current), merchant.token);
  expect(answer.statusCode).toBe(200);
  expect(answer.body).not.toMatch(/AUTH_/);
  return json(answer).data as Current;
}

/** Moves the store's period end to `hoursAhead` from now (tests have no clock to wind). */
async function endPeriodIn(storeId: string, hoursAhead: number): Promise<Date> {
  const end = new Date(Date.now() + hoursAhead * HOUR);
  await test.deps.db
    .update(storeSubscriptions)
    .set({ currentPeriodEnd: end })
    .where(eq(storeSubscriptions.storeId, storeId));
  return end;
}

async function renewals(storeId: string) {
  return test.deps.db
    .select()
    .from(subscriptionInvoices)
    .where(and(eq(subscriptionInvoices.storeId, storeId), isNotNull(subscriptionInvoices.renewsPeriodEnd)));
}

async function savedRow(storeId: string) {
  const [row] = await test.deps.db
    .select()
    .from(storeSubscriptions)
    .where(eq(storeSubscriptions.storeId, storeId));
  return row!;
}

beforeAll(async () => {
  test = await createTestApp();
  const plans = json(await call('GET', urlOf(planPublicEndpoints.list))).data as {
    id: string;
    code: string;
  }[];
  growthId = plans.find((plan) => plan.code === 'growth')!.id;
});
afterAll(() => test?.close());

describe('automatic renewal with the saved card', () => {
  let merchant: TestMerchant;

  beforeAll(async () => {
    merchant = await createMerchantWithStore(test);
    await subscribeWith(merchant, SANDBOX_CARDS.success);
  });

  it('the first payment saves a reusable card: brand and last four shown, the authorization never', async () => {
    const { subscription } = await current(merchant);
    expect(subscription).toMatchObject({
      status: 'active',
      autoRenew: true,
      card: { brand: 'visa', last4: SANDBOX_CARDS.success.slice(-4) },
    });
    expect(new Date(subscription!.renewsAt!).getTime()).toBe(
      new Date(subscription!.currentPeriodEnd).getTime() - 24 * HOUR,
    );
    const row = await savedRow(merchant.storeId);
    expect(row.authorizationCode).toMatch(/^AUTH_sbx[0-9a-f]{12}$/);
    const invoices = await call('GET', urlOf(subscriptionMerchantEndpoints.invoices), merchant.token);
    expect(invoices.body).not.toContain(row.authorizationCode!);
  });

  it('is not charged while the period has more than a day left', async () => {
    await test.jobs.renewSubscriptions();
    expect(await renewals(merchant.storeId)).toHaveLength(0);
  });

  it('a day before the end the job charges the card once and the plan runs a month longer', async () => {
    const end = await endPeriodIn(merchant.storeId, 12);
    const result = await test.jobs.renewSubscriptions();
    expect(result.paid).toBeGreaterThanOrEqual(1);
    const [invoice, ...more] = await renewals(merchant.storeId);
    expect(more).toHaveLength(0);
    expect(invoice).toMatchObject({ status: 'paid', amountKobo: 1_500_000 });
    expect(invoice!.periodStart.getTime()).toBe(end.getTime());
    const { subscription } = await current(merchant);
    expect(new Date(subscription!.currentPeriodEnd).getTime()).toBe(addMonthUtc(end).getTime());
    const [payment] = await test.deps.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.reference, invoice!.reference));
    expect(payment).toMatchObject({ status: 'success', amountKobo: 1_500_000 });
    // Run again: the new period is a month away, nothing is charged.
    await test.jobs.renewSubscriptions();
    expect(await renewals(merchant.storeId)).toHaveLength(1);
  });

  it('turned off, the card is not charged; turned on again, it is', async () => {
    const off = await call('PATCH', urlOf(subscriptionMerchantEndpoints.update), merchant.token, {
      autoRenew: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.body).not.toMatch(/AUTH_/);
    expect((json(off).data as Current).subscription).toMatchObject({ autoRenew: false, renewsAt: null });
    await endPeriodIn(merchant.storeId, 6);
    await test.jobs.renewSubscriptions();
    expect(await renewals(merchant.storeId)).toHaveLength(1);

    const on = await call('PATCH', urlOf(subscriptionMerchantEndpoints.update), merchant.token, {
      autoRenew: true,
    });
    expect(on.statusCode).toBe(200);
    await test.jobs.renewSubscriptions();
    expect(await renewals(merchant.storeId)).toHaveLength(2);
  });

  it('bad input is 422; a store with no paid plan gets 404', async () => {
    const bad = await call('PATCH', urlOf(subscriptionMerchantEndpoints.update), merchant.token, {
      autoRenew: 'yes',
    });
    expect(bad.statusCode).toBe(422);
    const fresh = await createMerchantWithStore(test);
    const none = await call('PATCH', urlOf(subscriptionMerchantEndpoints.update), fresh.token, {
      autoRenew: false,
    });
    expect(none.statusCode).toBe(404);
    expect(json(none).message).toBe('You have no paid plan to renew');
  });

  it('only the owner toggles it: another merchant, a manager, customers, admins, partners; anonymous 401', async () => {
    const other = await createMerchantWithStore(test);
    await subscribeWith(other, SANDBOX_CARDS.success);
    const otherOff = await call('PATCH', urlOf(subscriptionMerchantEndpoints.update), other.token, {
      autoRenew: false,
    });
    expect(otherOff.statusCode).toBe(200);
    // The other merchant changed its own store only.
    expect((await current(merchant)).subscription!.autoRenew).toBe(true);

    const staff = await createConfirmedAccount(test, 'merchant');
    const session = await login(test, 'merchant', staff.email);
    const userId = session.user.id as string;
    await test.deps.db.update(storeMembers).set({ isActive: false }).where(eq(storeMembers.userId, userId));
    await test.deps.db.insert(storeMembers).values({ storeId: merchant.storeId, userId, role: 'manager' });
    const customer = await createConfirmedAccount(test, 'customer');
    const customerToken = (await login(test, 'customer', customer.email)).accessToken;
    const adminToken = (await createAdmin(test, 'admin')).accessToken;
    const partnerToken = (await createPartner(test)).accessToken;
    for (const token of [session.accessToken, customerToken, adminToken, partnerToken]) {
      const refused = await call('PATCH', urlOf(subscriptionMerchantEndpoints.update), token, {
        autoRenew: false,
      });
      expect(refused.statusCode).toBe(403);
    }
    expect(
      (await call('PATCH', urlOf(subscriptionMerchantEndpoints.update), undefined, { autoRenew: false }))
        .statusCode,
    ).toBe(401);
    expect((await current(merchant)).subscription!.autoRenew).toBe(true);
  });
});

describe('a declined renewal', () => {
  let merchant: TestMerchant;

  beforeAll(async () => {
    merchant = await createMerchantWithStore(test);
    await subscribeWith(merchant, SANDBOX_CARDS.renewalDeclined);
  });

  it('fails the invoice, mails the owner, retries after a back-off a few times, then the plan lapses', async () => {
    expect((await current(merchant)).subscription!.card).toMatchObject({ last4: '5408' });
    await endPeriodIn(merchant.storeId, 20);
    expect((await test.jobs.renewSubscriptions()).failed).toBeGreaterThanOrEqual(1);
    let invoices = await renewals(merchant.storeId);
    expect(invoices.map((invoice) => invoice.status)).toEqual(['failed']);
    const row = await savedRow(merchant.storeId);
    expect(row.renewalAttempts).toBe(1);
    expect(row.nextRenewalAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 0.9 * HOUR);
    const mails = await test.deps.db.select().from(outboxMails).where(eq(outboxMails.to, merchant.email));
    const mail = mails.find((one) => one.subject.startsWith('We could not renew the Growth plan'));
    expect(mail).toBeDefined();
    expect(JSON.stringify(mail)).not.toMatch(/AUTH_/);

    // During the back-off nothing is charged.
    await test.jobs.renewSubscriptions();
    expect(await renewals(merchant.storeId)).toHaveLength(1);

    // Each time the back-off has passed it tries again, at most MAX_RENEWAL_ATTEMPTS times in all.
    for (let attempt = 2; attempt <= MAX_RENEWAL_ATTEMPTS + 1; attempt++) {
      await test.deps.db
        .update(storeSubscriptions)
        .set({ nextRenewalAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(storeSubscriptions.storeId, merchant.storeId));
      await test.jobs.renewSubscriptions();
    }
    invoices = await renewals(merchant.storeId);
    expect(invoices).toHaveLength(MAX_RENEWAL_ATTEMPTS);
    expect(invoices.every((invoice) => invoice.status === 'failed')).toBe(true);
    expect((await current(merchant)).subscription!.renewsAt).toBeNull();

    // The period ends: the store is back on the default plan.
    await endPeriodIn(merchant.storeId, -1);
    const lapsed = await current(merchant);
    expect(lapsed.plan.code).toBe('starter');
    expect(lapsed.subscription!.status).toBe('expired');
  });
});

describe('an authorization the provider no longer accepts', () => {
  it('fails the renewal invoice and its payment, like a declined charge', async () => {
    const merchant = await createMerchantWithStore(test);
    await subscribeWith(merchant, SANDBOX_CARDS.success);
    await test.deps.db
      .update(storeSubscriptions)
      .set({ authorizationCode: 'AUTH_sbxrevoked00000' })
      .where(eq(storeSubscriptions.storeId, merchant.storeId));
    await endPeriodIn(merchant.storeId, 8);
    await test.jobs.renewSubscriptions();
    const [invoice] = await renewals(merchant.storeId);
    expect(invoice!.status).toBe('failed');
    const [payment] = await test.deps.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.reference, invoice!.reference));
    expect(payment!.status).toBe('failed');
    expect(JSON.stringify(payment)).not.toMatch(/AUTH_/);
    expect((await savedRow(merchant.storeId)).renewalAttempts).toBe(1);
  });
});

describe('one renewal per period', () => {
  it('many runs of the job at once charge the card once and extend the period once', async () => {
    const merchant = await createMerchantWithStore(test);
    await subscribeWith(merchant, SANDBOX_CARDS.success);
    const end = await endPeriodIn(merchant.storeId, 3);
    await Promise.all(Array.from({ length: 6 }, () => test.jobs.renewSubscriptions()));
    const invoices = await renewals(merchant.storeId);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]!.status).toBe('paid');
    const charges = await test.deps.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.reference, invoices[0]!.reference));
    expect(charges).toHaveLength(1);
    const row = await savedRow(merchant.storeId);
    expect(row.currentPeriodEnd.getTime()).toBe(addMonthUtc(end).getTime());
  });

  it('the database refuses a second live renewal invoice of the same period', async () => {
    const merchant = await createMerchantWithStore(test);
    await subscribeWith(merchant, SANDBOX_CARDS.success);
    const row = await savedRow(merchant.storeId);
    const values = {
      storeId: merchant.storeId,
      planId: row.planId,
      planName: 'Growth',
      amountKobo: 1_500_000,
      periodStart: row.currentPeriodEnd,
      periodEnd: addMonthUtc(row.currentPeriodEnd),
      renewsPeriodEnd: row.currentPeriodEnd,
      createdBy: merchant.id,
    };
    await test.deps.db.insert(subscriptionInvoices).values({ ...values, reference: `SUB-T1${Date.now()}` });
    await expect(
      test.deps.db.insert(subscriptionInvoices).values({ ...values, reference: `SUB-T2${Date.now()}` }),
    ).rejects.toThrow();
  });
});
