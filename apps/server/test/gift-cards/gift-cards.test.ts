import { randomUUID } from 'node:crypto';
import { giftCardAdminEndpoints, giftCardCustomerEndpoints, systemEndpoints } from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/auth/auth.schema.js';
import {
  coverTotal,
  createCodeCipher,
  generateCode,
  hashCode,
} from '../../src/modules/gift-cards/gift-card-codes.js';
import { confirmHolds, holdBalances, releaseHolds } from '../../src/modules/gift-cards/gift-card-holds.js';
import { giftCardActivities, giftCards } from '../../src/modules/gift-cards/gift-cards.schema.js';
import { SANDBOX_CARDS } from '../../src/platform/payments/sandbox.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { pglite } from '../support/postgres-proofs.js';
import {
  bearer,
  createAdmin,
  createConfirmedAccount,
  createTestApp,
  json,
  login,
  nextIp,
  type TestApp,
} from '../support/test-app.js';

let test: TestApp;
let buyer: { id: string; token: string; email: string };
let friend: { id: string; token: string; email: string };
let admin: { accessToken: string };

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  test.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    payload: payload as object,
    remoteAddress: nextIp(),
  });

async function customer() {
  const account = await createConfirmedAccount(test, 'customer');
  const session = await login(test, 'customer', account.email);
  return { id: session.user.id as string, token: session.accessToken, email: account.email };
}

/** Bought and paid through the sandbox checkout, as a person would. */
async function paidCard(owner = buyer, amount = 5000, extra: Record<string, unknown> = {}) {
  const purchased = await call('POST', urlOf(giftCardCustomerEndpoints.purchase), owner.token, {
    amount,
    ...extra,
  });
  if (purchased.statusCode !== 201) throw new Error(purchased.body);
  const card = json(purchased).data as { id: string };
  const pay = await call('POST', urlOf(giftCardCustomerEndpoints.pay), owner.token, { giftCardId: card.id });
  if (pay.statusCode !== 200) throw new Error(pay.body);
  const { authorizationUrl, reference } = json(pay).data as { authorizationUrl: string; reference: string };
  const paid = await test.app.inject({
    method: 'POST',
    url: new URL(authorizationUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      cardNumber: SANDBOX_CARDS.success,
      expiry: '12/39',
      cvv: '123',
    }).toString(),
  });
  if (paid.statusCode !== 303) throw new Error(paid.body);
  const status = await call('POST', urlOf(giftCardCustomerEndpoints.status), owner.token, { reference });
  return {
    ...(json(status).data as { id: string; code: string; status: string; balance: number }),
    reference,
  };
}

beforeAll(async () => {
  test = await createTestApp();
  buyer = await customer();
  friend = await customer();
  admin = await createAdmin(test, 'admin');
});
afterAll(() => test?.close());

pglite.describe('codes', () => {
  it('are 16 unambiguous characters, hashed and encrypted', () => {
    const code = generateCode();
    expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{16}$/);
    expect(hashCode(`${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`)).toBe(hashCode(code));
    const cipher = createCodeCipher('a-secret-of-at-least-32-characters-long');
    const stored = cipher.encrypt(code);
    expect(stored).not.toContain(code);
    expect(cipher.decrypt(stored)).toBe(code);
    expect(() => createCodeCipher('another-secret-of-at-least-32-chars!').decrypt(stored)).toThrow();
  });

  it('cover a total card by card, shipping included, never more than a balance', () => {
    const { cards, coveredKobo } = coverTotal(
      [{ balanceKobo: 300 }, { balanceKobo: 1000 }, { balanceKobo: 50 }],
      800,
    );
    expect(cards.map((card) => card.coversKobo)).toEqual([300, 500, 0]);
    expect(coveredKobo).toBe(800);
    expect(coverTotal([{ balanceKobo: 100 }], 800).coveredKobo).toBe(100);
  });
});

pglite.describe('purchase and payment', () => {
  it('validates the amount (₦1,000 to ₦500,000) with details', async () => {
    for (const amount of [999.99, 500_000.01, 1000.001]) {
      const response = await call('POST', urlOf(giftCardCustomerEndpoints.purchase), buyer.token, { amount });
      expect(response.statusCode).toBe(422);
      expect(json(response).details![0]!.path).toBe('amount');
    }
    const email = await call('POST', urlOf(giftCardCustomerEndpoints.purchase), buyer.token, {
      amount: 2000,
      recipientEmail: 'nope',
    });
    expect(json(email).details![0]!.path).toBe('recipientEmail');
  });

  it('waits for payment without showing the code, then activates through the GFT payment and mails the recipient', async () => {
    const purchased = await call('POST', urlOf(giftCardCustomerEndpoints.purchase), buyer.token, {
      amount: 25_000.5,
      recipientEmail: 'ngozi@example.ng',
      recipientName: 'Ngozi',
      message: 'Happy birthday!',
    });
    expect(purchased.statusCode).toBe(201);
    const pending = json(purchased).data;
    expect(pending).toMatchObject({ status: 'pending_payment', code: null, amount: 25_000.5, balance: 0 });

    const pay = await call('POST', urlOf(giftCardCustomerEndpoints.pay), buyer.token, {
      giftCardId: pending.id,
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const { reference, authorizationUrl } = json(pay).data;
    expect(reference).toMatch(/^GFT-/);
    expect(authorizationUrl).toContain(reference);
    const stillPending = await call('POST', urlOf(giftCardCustomerEndpoints.status), buyer.token, {
      id: pending.id,
    });
    expect(json(stillPending).data).toMatchObject({ status: 'pending_payment', code: null });

    await test.app.inject({
      method: 'POST',
      url: new URL(authorizationUrl).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        cardNumber: SANDBOX_CARDS.success,
        expiry: '12/39',
        cvv: '123',
      }).toString(),
    });
    const status = json(
      await call('POST', urlOf(giftCardCustomerEndpoints.status), buyer.token, { reference }),
    ).data;
    expect(status).toMatchObject({
      status: 'active',
      amount: 25_000.5,
      balance: 25_000.5,
      paymentReference: reference,
    });
    expect(status.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(status.code.endsWith(status.last4)).toBe(true);

    // the outbox answers local callers only, as a developer on the same machine reads it
    const outbox = await test.app.inject(
      requestOf(systemEndpoints.outbox, { query: { to: 'ngozi@example.ng', limit: 1 } }),
    );
    const mail = json(outbox).data[0];
    expect(JSON.stringify(mail)).toContain(status.code);
    const [row] = await test.deps.db.select().from(giftCards).where(eq(giftCards.id, pending.id));
    expect(row!.codeHash).toBe(hashCode(status.code));
    expect(JSON.stringify(row)).not.toContain(status.code.replaceAll('-', ''));

    const repay = await call('POST', urlOf(giftCardCustomerEndpoints.pay), buyer.token, {
      giftCardId: pending.id,
    });
    expect(repay.statusCode).toBe(422);
  });

  it("hides another customer's card (404)", async () => {
    const card = await paidCard();
    expect(
      (await call('POST', urlOf(giftCardCustomerEndpoints.status), friend.token, { id: card.id })).statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', urlOf(giftCardCustomerEndpoints.status), friend.token, {
          reference: card.reference,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', urlOf(giftCardCustomerEndpoints.pay), friend.token, { giftCardId: card.id }))
        .statusCode,
    ).toBe(404);
    const theirs = json(await call('GET', urlOf(giftCardCustomerEndpoints.myCards), friend.token)).data
      .cards as {
      id: string;
    }[];
    expect(theirs.map((entry) => entry.id)).not.toContain(card.id);
  });

  it('lists my cards newest first with codes once paid, filtered by status', async () => {
    const mine = await customer();
    const first = await paidCard(mine, 1000);
    await call('POST', urlOf(giftCardCustomerEndpoints.purchase), mine.token, { amount: 3000 });
    const all = json(
      await call(
        'GET',
        urlOf(giftCardCustomerEndpoints.myCards, {
          query: { sortBy: 'createdAt', order: 'DESC', page: 1, limit: 10 },
        }),
        mine.token,
      ),
    ).data;
    expect(all.pagination).toEqual({ page: 1, limit: 10, totalItems: 2, totalPages: 1 });
    expect(all.cards.map((card: { status: string }) => card.status)).toEqual(['pending_payment', 'active']);
    expect(all.cards[1].code).toBe(first.code);
    const active = json(
      await call(
        'GET',
        urlOf(giftCardCustomerEndpoints.myCards, { query: { status: 'active' } }),
        mine.token,
      ),
    ).data;
    expect(active.cards.map((card: { id: string }) => card.id)).toEqual([first.id]);
    expect(
      (await call('GET', urlOf(giftCardCustomerEndpoints.myCards, { query: { status: 'lost' } }), mine.token))
        .statusCode,
    ).toBe(422);
  });
});

pglite.describe('applying cards and balances', () => {
  it('applies by code, covers items and shipping, and removes', async () => {
    const card = await paidCard(buyer, 2000);
    const shopper = await customer();
    const applied = await call('POST', urlOf(giftCardCustomerEndpoints.apply), shopper.token, {
      code: card.code.toLowerCase(),
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(json(applied).data).toEqual([expect.objectContaining({ id: card.id, balance: 2000 })]);
    const coverage = await call(
      'GET',
      urlOf(giftCardCustomerEndpoints.recalculate, {
        query: { subtotal: '1500', shippingFee: '1000.5', discount: '200' },
      }),
      shopper.token,
    );
    expect(json(coverage).data).toMatchObject({ total: 2300.5, giftCardDiscount: 2000, amountDue: 300.5 });
    expect(
      json(await call('GET', urlOf(giftCardCustomerEndpoints.applied), shopper.token)).data,
    ).toHaveLength(1);
    const wrong = await call('POST', urlOf(giftCardCustomerEndpoints.apply), shopper.token, {
      code: 'AAAA-BBBB-CCCC-DDDD',
    });
    expect(wrong.statusCode).toBe(422);
    expect((await call('GET', urlOf(giftCardCustomerEndpoints.recalculate), shopper.token)).statusCode).toBe(
      422,
    );
    expect(
      (
        await call(
          'DELETE',
          urlOf(giftCardCustomerEndpoints.unapply, { params: { id: card.id } }),
          shopper.token,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(
          'DELETE',
          urlOf(giftCardCustomerEndpoints.unapply, { params: { id: card.id } }),
          shopper.token,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('holds card by card, releases and confirms, writing every change', async () => {
    const small = await paidCard(buyer, 1000);
    const large = await paidCard(buyer, 5000);
    const stranger = randomUUID();
    const db = test.deps.db;
    // A card neither bought nor applied by the customer is not spent.
    expect(
      await holdBalances(db, { trackerId: 'X', customerId: friend.id, cardIds: [small.id], amountKobo: 100 }),
    ).toEqual({ heldKobo: 0, holds: [] });
    const held = await holdBalances(db, {
      trackerId: 'T-1',
      customerId: buyer.id,
      cardIds: [small.id, large.id],
      amountKobo: 250_000,
    });
    expect(held).toEqual({
      heldKobo: 250_000,
      holds: [
        { cardId: small.id, amountKobo: 100_000 },
        { cardId: large.id, amountKobo: 150_000 },
      ],
    });
    // Asking again for the same checkout answers the same holds.
    expect(
      await holdBalances(db, {
        trackerId: 'T-1',
        customerId: buyer.id,
        cardIds: [small.id, large.id],
        amountKobo: 250_000,
      }),
    ).toEqual(held);
    expect(await releaseHolds(db, 'T-1')).toEqual({ releasedKobo: 250_000 });
    expect(await releaseHolds(db, 'T-1')).toEqual({ releasedKobo: 0 });
    const balances = async () =>
      (await db.select({ id: giftCards.id, balanceKobo: giftCards.balanceKobo }).from(giftCards)).filter(
        (row) => [small.id, large.id].includes(row.id),
      );
    expect(Object.fromEntries((await balances()).map((row) => [row.id, row.balanceKobo]))).toEqual({
      [small.id]: 100_000,
      [large.id]: 500_000,
    });

    const more = await holdBalances(db, {
      trackerId: 'T-2',
      customerId: buyer.id,
      cardIds: [large.id, small.id],
      amountKobo: 900_000,
    });
    expect(more.heldKobo).toBe(600_000);
    expect(await confirmHolds(db, 'T-2')).toEqual({ redeemedKobo: 600_000 });
    expect(await confirmHolds(db, 'T-2')).toEqual({ redeemedKobo: 0 });
    expect(await releaseHolds(db, 'T-2')).toEqual({ releasedKobo: 0 });
    expect((await balances()).every((row) => row.balanceKobo === 0)).toBe(true);
    const activities = await db
      .select()
      .from(giftCardActivities)
      .where(eq(giftCardActivities.giftCardId, large.id));
    expect(activities.map((row) => row.type).sort()).toEqual([
      'hold',
      'hold',
      'purchase',
      'redeem',
      'release',
    ]);
    const used = json(
      await call('POST', urlOf(giftCardCustomerEndpoints.status), buyer.token, { id: large.id }),
    ).data;
    expect(used).toMatchObject({ status: 'used', balance: 0 });
    expect(stranger).toBeTruthy();
  });
});

pglite.describe('admins', () => {
  it('list cards, activities and analytics by UTC day; admins only', async () => {
    await paidCard(buyer, 1234.56);
    const today = new Date().toISOString().slice(0, 10);
    const list = await call(
      'GET',
      urlOf(giftCardAdminEndpoints.list, {
        query: { limit: 5, sortBy: 'createdAt', page: 1, startDate: today, endDate: today },
      }),
      admin.accessToken,
    );
    expect(list.statusCode, list.body).toBe(200);
    const cards = json(list).data.cards;
    expect(cards.length).toBeGreaterThan(0);
    expect(cards[0]).not.toHaveProperty('code');
    expect(cards[0].amount).toBe(1234.56);
    const activities = json(
      await call(
        'GET',
        urlOf(giftCardAdminEndpoints.activities, { query: { limit: 3, page: 1 } }),
        admin.accessToken,
      ),
    ).data;
    expect(activities.activities).toHaveLength(3);
    expect(activities.pagination.totalItems).toBeGreaterThan(3);

    const analytics = json(
      await call(
        'GET',
        urlOf(giftCardAdminEndpoints.analytics, { query: { startDate: today, endDate: today } }),
        admin.accessToken,
      ),
    ).data;
    const [balances] = await test.deps.db
      .select()
      .from(giftCards)
      .where(eq(giftCards.status, 'active'))
      .limit(1);
    expect(balances).toBeDefined();
    expect(analytics.byDay).toHaveLength(1);
    expect(analytics.soldCount).toBeGreaterThanOrEqual(6);
    expect(analytics.byDay[0]).toMatchObject({
      date: today,
      soldCount: analytics.soldCount,
      soldAmount: analytics.soldAmount,
    });
    expect(analytics.redeemedAmount).toBe(6000);
    const outstanding = (await test.deps.db.select().from(giftCards))
      .filter((row) => row.status === 'active')
      .reduce((total, row) => total + row.balanceKobo, 0);
    expect(analytics.outstandingBalance * 100).toBeCloseTo(outstanding, 5);

    expect((await call('GET', urlOf(giftCardAdminEndpoints.list), buyer.token)).statusCode).toBe(403);
    const dispatcher = await createAdmin(test, 'dispatcher');
    expect(
      (await call('GET', urlOf(giftCardAdminEndpoints.activities), dispatcher.accessToken)).statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          'GET',
          urlOf(giftCardAdminEndpoints.analytics, {
            query: { startDate: '2026-01-10', endDate: '2026-01-01' },
          }),
          admin.accessToken,
        )
      ).statusCode,
    ).toBe(422);
    expect((await call('GET', urlOf(giftCardAdminEndpoints.analytics), admin.accessToken)).statusCode).toBe(
      422,
    );
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('concurrent holds on PostgreSQL', () => {
  it('never make a balance negative', async () => {
    const card = await paidCard(buyer, 1000);
    const hold = (trackerId: string) =>
      test.deps.db.transaction((tx) =>
        holdBalances(tx, { trackerId, customerId: buyer.id, cardIds: [card.id], amountKobo: 80_000 }),
      );
    const results = await Promise.all([hold('C-1'), hold('C-2'), hold('C-3')]);
    expect(results.map((result) => result.heldKobo).sort((a, b) => a - b)).toEqual([0, 20_000, 80_000]);
    const [row] = await test.deps.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(row!.balanceKobo).toBe(0);
    await expect(
      test.deps.db.update(giftCards).set({ balanceKobo: -1 }).where(eq(giftCards.id, card.id)),
    ).rejects.toThrow();
    expect(users).toBeDefined();
  });
});
