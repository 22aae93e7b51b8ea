import { randomUUID } from 'node:crypto';
import { adminPayoutEndpoints, giftCardCustomerEndpoints } from '@market/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../../src/modules/ledger/ledger.schema.js';
import { idempotencyKeys } from '../../src/platform/http/idempotency.schema.js';
import { createPaystackTransfers } from '../../src/platform/payments/transfers.js';
import { payableOrder, saveBankAccount } from '../ledger/ledger-support.js';
import type { Dispatcher } from '../returns/returns-support.js';
import { type CommerceSetup, type SellingStore, sellingStore, shopper } from '../support/commerce-factory.js';
import { requestOf } from '../support/contract-requests.js';
import { type FakePaystack, startFakePaystack } from '../support/payments.fake-paystack.js';
import { pglite } from '../support/postgres-proofs.js';
import { bearer, createAdmin, json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// Idempotent money requests (ADR 064): a money mutation sent with an Idempotency-Key does its work once per key and
// account, however often and however concurrently it is sent; a repeat answers the first answer. Payouts go through
// the Paystack Transfers adapter against a local stand-in that counts every transfer, so "once" is what the
// provider saw. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (the concurrency proof).

const SECRET = 'sk_test_idempotency';
let fake: FakePaystack;
let test: TestApp;
let setup: CommerceSetup;
let dispatcher: Dispatcher;

beforeAll(async () => {
  fake = await startFakePaystack(SECRET);
  const market = await world({
    stores: 0,
    customers: 0,
    dispatchers: 1,
    app: {
      transferProvider: createPaystackTransfers({ secretKey: SECRET, baseUrl: fake.url }),
    },
  });
  ({ test, setup } = market);
  [dispatcher] = market.dispatchers;
}, 240_000);
afterAll(async () => {
  await test.close();
  await fake.close();
});

function approve(storeId: string, token: string, key?: string) {
  return test.app.inject({
    ...requestOf(adminPayoutEndpoints.approvePayout, { params: { storeId } }),
    headers: { ...bearer(token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
  });
}

async function payableStore(): Promise<SellingStore> {
  const store = await sellingStore(test, setup);
  await saveBankAccount(test, store.storeId, store.id);
  await payableOrder(test, setup, store, dispatcher, { price: 6_000 });
  return store;
}

const transfers = () => fake.requests.filter((request) => request.url === '/transfer').length;
const payoutsOf = (storeId: string) =>
  test.deps.db.select().from(payouts).where(eq(payouts.storeId, storeId));

describe('one Idempotency-Key, many requests', () => {
  it('ten identical approvals at once with one key pay out once, and all ten answer the first answer', async () => {
    const store = await payableStore();
    const key = randomUUID();
    const before = transfers();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => approve(store.storeId, setup.admin.accessToken, key)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const bodies = new Set(answers.map((answer) => answer.body));
    expect(bodies.size).toBe(1);
    // One did the work; the other nine were answered from the key.
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    const rows = await payoutsOf(store.storeId);
    expect(rows).toHaveLength(1);
    expect(json(answers[0]!).data).toMatchObject({ id: rows[0]!.id, status: 'processing' });
    expect(transfers() - before).toBe(1);

    // Sent again later (a retry after a lost answer): the same answer, still one payout and one transfer.
    const later = await approve(store.storeId, setup.admin.accessToken, key);
    expect(later.statusCode).toBe(200);
    expect(later.body).toBe(answers[0]!.body);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(await payoutsOf(store.storeId)).toHaveLength(1);
    expect(transfers() - before).toBe(1);
  }, 90_000);

  pglite.it(
    'without a key a repeat is a new request, as before: the second approval finds nothing payable',
    async () => {
      const store = await payableStore();
      expect((await approve(store.storeId, setup.admin.accessToken)).statusCode).toBe(200);
      const again = await approve(store.storeId, setup.admin.accessToken);
      expect(again.statusCode).toBe(409);
      expect(again.headers['idempotent-replayed']).toBeUndefined();
    },
  );

  pglite.it(
    'a refusal is the first answer too: a repeat gets the same 409, even once the store has money to pay',
    async () => {
      const store = await sellingStore(test, setup);
      const key = randomUUID();
      const first = await approve(store.storeId, setup.admin.accessToken, key);
      expect(first.statusCode).toBe(409);
      await saveBankAccount(test, store.storeId, store.id);
      await payableOrder(test, setup, store, dispatcher, { price: 6_000 });
      const repeat = await approve(store.storeId, setup.admin.accessToken, key);
      expect(repeat.statusCode).toBe(409);
      expect(repeat.body).toBe(first.body);
      expect(await payoutsOf(store.storeId)).toHaveLength(0);
      // A new action is a new key: it pays.
      expect((await approve(store.storeId, setup.admin.accessToken, randomUUID())).statusCode).toBe(200);
    },
  );
});

pglite.describe('a key belongs to one request of one account', () => {
  it('the same key with a different request is refused with 422 and does nothing', async () => {
    const first = await payableStore();
    const second = await payableStore();
    const key = randomUUID();
    expect((await approve(first.storeId, setup.admin.accessToken, key)).statusCode).toBe(200);
    const before = transfers();
    const reused = await approve(second.storeId, setup.admin.accessToken, key);
    expect(reused.statusCode).toBe(422);
    expect(json(reused)).toMatchObject({
      error: 'VALIDATION_ERROR',
      message: expect.stringMatching(/already used for a different request/),
      details: [{ path: 'headers.idempotency-key' }],
    });
    expect(await payoutsOf(second.storeId)).toHaveLength(0);
    expect(transfers()).toBe(before);
  });

  it("another admin's key space is separate: the same key is their own request, never the first admin's answer", async () => {
    const mine = await payableStore();
    const theirs = await payableStore();
    const key = randomUUID();
    const first = await approve(mine.storeId, setup.admin.accessToken, key);
    expect(first.statusCode).toBe(200);
    // Same key, same store, another admin: their own request (nothing payable left), not the first admin's answer.
    const other = await createAdmin(test, 'superadmin');
    const peek = await approve(mine.storeId, other.accessToken, key);
    expect(peek.headers['idempotent-replayed']).toBeUndefined();
    expect(peek.statusCode).toBe(409);
    expect(peek.body).not.toContain(json(first).data.id);
    // Same key, another store, a third admin: not refused as the first admin's key, and it pays.
    const third = await createAdmin(test, 'admin');
    const second = await approve(theirs.storeId, third.accessToken, key);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(json(second).data.id).not.toBe(json(first).data.id);
    expect(await payoutsOf(theirs.storeId)).toHaveLength(1);
  });

  it("an account of another kind keeps its own keys: a customer's gift card with the admin's key is theirs", async () => {
    const key = randomUUID();
    const store = await payableStore();
    expect((await approve(store.storeId, setup.admin.accessToken, key)).statusCode).toBe(200);
    const customer = await shopper(test);
    const purchase = (amount: number) =>
      test.app.inject({
        ...requestOf(giftCardCustomerEndpoints.purchase),
        headers: { ...bearer(customer.token), 'idempotency-key': key },
        payload: { amount, recipientEmail: 'friend@example.ng', recipientName: 'Ngozi' },
      });
    const bought = await purchase(5_000);
    expect(bought.statusCode).toBe(201);
    expect(bought.headers['idempotent-replayed']).toBeUndefined();
    const again = await purchase(5_000);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(bought.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await purchase(7_000)).statusCode).toBe(422);
    const rows = await test.deps.db
      .select({ kind: idempotencyKeys.accountKind })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key));
    expect(rows.map((row) => row.kind).sort()).toEqual(['admin', 'customer']);
  });
});

pglite.describe('what is not kept', () => {
  it('a request refused before it ran (no token) keeps nothing: the retry with a token does the work', async () => {
    const store = await payableStore();
    const key = randomUUID();
    const unsigned = await test.app.inject({
      ...requestOf(adminPayoutEndpoints.approvePayout, { params: { storeId: store.storeId } }),
      headers: { 'idempotency-key': key },
    });
    expect(unsigned.statusCode).toBe(401);
    const signed = await approve(store.storeId, setup.admin.accessToken, key);
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a malformed key is refused with 422 before anything is done', async () => {
    const store = await payableStore();
    for (const bad of ['', 'x'.repeat(256), 'has space']) {
      const answer = await approve(store.storeId, setup.admin.accessToken, bad);
      expect(answer.statusCode).toBe(422);
      expect(json(answer).details?.[0]?.path).toBe('headers.idempotency-key');
    }
    expect(await payoutsOf(store.storeId)).toHaveLength(0);
  });

  it('expired keys are purged by the job, and a key past its day is free for a new request', async () => {
    const store = await payableStore();
    const key = randomUUID();
    expect((await approve(store.storeId, setup.admin.accessToken, key)).statusCode).toBe(200);
    const mine = and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.accountId, setup.admin.id));
    await test.deps.db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(mine);
    const fresh = await approve(store.storeId, setup.admin.accessToken, key);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(fresh.statusCode).toBe(409); // its own answer: nothing payable left
    await test.deps.db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(mine);
    expect(await test.jobs.purgeIdempotencyKeys()).toBeGreaterThanOrEqual(1);
    expect(await test.deps.db.select().from(idempotencyKeys).where(mine)).toHaveLength(0);
  });
});

pglite.describe('the API document', () => {
  it('documents the header, the replay and the refusals on every idempotent operation', async () => {
    const document = json(await test.app.inject({ method: 'GET', url: '/api/docs/json' })) as unknown as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const operation = document.paths['/api/admin/payments/approve-payout/{storeId}']!.post!;
    expect(operation['x-idempotent']).toBe(true);
    expect(operation.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'Idempotency-Key', required: false }),
    );
    const responses = operation.responses as Record<string, { description: string; headers?: object }>;
    expect(responses['200']!.headers).toHaveProperty('Idempotent-Replayed');
    expect(responses['409']!.description).toMatch(/still being processed/);
    expect(responses['409']!.headers).toHaveProperty('Retry-After');
    expect(responses['422']!.description).toMatch(/already used for a different request/);
    const idempotent = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op['x-idempotent'] === true)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(idempotent).toEqual(
      expect.arrayContaining([
        'POST /api/v1/products/payment',
        'POST /api/returns/admin/refunds/{id}/retry',
        'POST /api/returns/admin/refunds/{id}/reject',
        'PATCH /api/returns/update-chargeback-decision/{id}',
        'POST /api/admin/payments/payouts/{payoutId}/finalize-otp',
        'POST /api/gift-card/purchase',
        'POST /api/merchant/subscription',
      ]),
    );
  });
});
