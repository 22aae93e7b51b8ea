import { randomUUID } from 'node:crypto';
import { POLICY_TYPE_TAKEN, policyMerchantEndpoints, policyPublicEndpoints } from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeMembers } from '../../src/modules/stores/stores.schema.js';
import type { TestMerchant } from '../support/catalog-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { bearer, json, nextIp, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

let test: TestApp;
let merchant: TestMerchant;
let otherMerchant: TestMerchant;
let hiddenMerchant: TestMerchant;
let customerToken: string;
let adminToken: string;
let partnerToken: string;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  test.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    payload: payload as object,
    remoteAddress: nextIp(),
  });

const shipping = {
  type: 'shipping',
  title: 'Shipping within Nigeria',
  body: 'We ship to all 36 states and the FCT.\n\nLagos orders arrive in 1 to 2 working days.',
};

beforeAll(async () => {
  const market = await world({ stores: 0, merchants: 3, carriers: 1 });
  ({ test } = market);
  [merchant, otherMerchant, hiddenMerchant] = market.merchants;
  const { stores } = await import('../../src/modules/stores/stores.schema.js');
  await test.deps.db.update(stores).set({ isVisible: false }).where(eq(stores.id, hiddenMerchant.storeId));
  customerToken = market.customers[0].token;
  adminToken = market.superadmin.accessToken;
  partnerToken = market.carriers[0].accessToken;
});
afterAll(() => test?.close());

describe('store policies (/merchant/policies)', () => {
  let policyId: string;

  it('creates, lists as count and rows, edits and deletes', async () => {
    const created = await call('POST', urlOf(policyMerchantEndpoints.create), merchant.token, shipping);
    expect(created.statusCode, created.body).toBe(201);
    const policy = json(created).data as { id: string; type: string; storeId: string };
    expect(policy).toMatchObject({ type: 'shipping', storeId: merchant.storeId, title: shipping.title });
    policyId = policy.id;

    const returns = await call('POST', urlOf(policyMerchantEndpoints.create), merchant.token, {
      type: 'returns',
      title: 'Returns within 7 days',
      body: 'Unworn items in their packaging may be returned within 7 days of delivery.',
    });
    expect(returns.statusCode).toBe(201);

    const listed = await call('GET', urlOf(policyMerchantEndpoints.list), merchant.token);
    expect(listed.statusCode).toBe(200);
    const list = json(listed).data as { count: number; rows: { type: string }[] };
    expect(list.count).toBe(2);
    expect(list.rows.map((row) => row.type)).toEqual(['shipping', 'returns']);

    const edited = await call(
      'PATCH',
      urlOf(policyMerchantEndpoints.update, { params: { id: policyId } }),
      merchant.token,
      {
        title: 'Shipping across Nigeria',
      },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json(edited).data).toMatchObject({ title: 'Shipping across Nigeria', body: shipping.body });

    const returnsId = (json(returns).data as { id: string }).id;
    const removed = await call(
      'DELETE',
      urlOf(policyMerchantEndpoints.remove, { params: { id: returnsId } }),
      merchant.token,
    );
    expect(removed.statusCode).toBe(200);
    expect(
      (json(await call('GET', urlOf(policyMerchantEndpoints.list), merchant.token)).data as { count: number })
        .count,
    ).toBe(1);
  });

  it('keeps one policy of each kind per store (409), also when a kind is changed to a taken one', async () => {
    const again = await call('POST', urlOf(policyMerchantEndpoints.create), merchant.token, shipping);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(POLICY_TYPE_TAKEN);

    const privacy = await call('POST', urlOf(policyMerchantEndpoints.create), merchant.token, {
      type: 'privacy',
      title: 'Your data',
      body: 'We keep your name, phone and address only to deliver your order.',
    });
    const privacyId = (json(privacy).data as { id: string }).id;
    const clash = await call(
      'PATCH',
      urlOf(policyMerchantEndpoints.update, { params: { id: privacyId } }),
      merchant.token,
      {
        type: 'shipping',
      },
    );
    expect(clash.statusCode).toBe(409);

    // Another store may have its own shipping policy.
    const other = await call('POST', urlOf(policyMerchantEndpoints.create), otherMerchant.token, shipping);
    expect(other.statusCode).toBe(201);
  });

  it('answers 422 with the first problem for bad input', async () => {
    const bad = await call('POST', urlOf(policyMerchantEndpoints.create), merchant.token, {
      type: 'warranty',
      title: 'x',
      body: '',
    });
    expect(bad.statusCode).toBe(422);
    expect(json(bad).details?.length).toBeGreaterThan(0);
    const empty = await call(
      'PATCH',
      urlOf(policyMerchantEndpoints.update, { params: { id: policyId } }),
      merchant.token,
      {},
    );
    expect(empty.statusCode).toBe(422);
  });

  it("another merchant cannot see, edit or delete a store's policy (404, as if absent)", async () => {
    const listed = json(await call('GET', urlOf(policyMerchantEndpoints.list), otherMerchant.token)).data as {
      rows: { id: string }[];
    };
    expect(listed.rows.map((row) => row.id)).not.toContain(policyId);
    const edit = await call(
      'PATCH',
      urlOf(policyMerchantEndpoints.update, { params: { id: policyId } }),
      otherMerchant.token,
      {
        title: 'Taken over',
      },
    );
    expect(edit.statusCode).toBe(404);
    const remove = await call(
      'DELETE',
      urlOf(policyMerchantEndpoints.remove, { params: { id: policyId } }),
      otherMerchant.token,
    );
    expect(remove.statusCode).toBe(404);
    const mine = json(await call('GET', urlOf(policyMerchantEndpoints.list), merchant.token)).data as {
      rows: { id: string; title: string }[];
    };
    expect(mine.rows.find((row) => row.id === policyId)?.title).toBe('Shipping across Nigeria');
  });

  it('refuses customers, admins, partners (403) and anonymous callers (401)', async () => {
    for (const token of [customerToken, adminToken, partnerToken]) {
      expect((await call('GET', urlOf(policyMerchantEndpoints.list), token)).statusCode).toBe(403);
      expect(
        (await call('POST', urlOf(policyMerchantEndpoints.create), token, { ...shipping, type: 'terms' }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await call('PATCH', urlOf(policyMerchantEndpoints.update, { params: { id: policyId } }), token, {
            title: 'Mine now',
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await call('DELETE', urlOf(policyMerchantEndpoints.remove, { params: { id: policyId } }), token))
          .statusCode,
      ).toBe(403);
    }
    expect((await call('GET', urlOf(policyMerchantEndpoints.list))).statusCode).toBe(401);
    expect((await call('POST', urlOf(policyMerchantEndpoints.create), undefined, shipping)).statusCode).toBe(
      401,
    );
    expect(
      (await call('DELETE', urlOf(policyMerchantEndpoints.remove, { params: { id: policyId } }))).statusCode,
    ).toBe(401);
  });

  it('a staff member without policies:write is refused (403)', async () => {
    const [owner] = await test.deps.db
      .select()
      .from(storeMembers)
      .where(eq(storeMembers.storeId, merchant.storeId));
    await test.deps.db.update(storeMembers).set({ role: 'inventory' }).where(eq(storeMembers.id, owner!.id));
    try {
      const refused = await call('GET', urlOf(policyMerchantEndpoints.list), merchant.token);
      expect(refused.statusCode).toBe(403);
      expect(json(refused).message).toContain('policies:write');
    } finally {
      await test.deps.db.update(storeMembers).set({ role: 'owner' }).where(eq(storeMembers.id, owner!.id));
    }
  });
});

describe('public store policies (/stores/:storeId/policies)', () => {
  it("anyone reads a visible store's policies, signed in or not", async () => {
    for (const token of [undefined, customerToken, otherMerchant.token, adminToken, partnerToken]) {
      const answer = await call(
        'GET',
        urlOf(policyPublicEndpoints.ofStore, { params: { storeId: merchant.storeId } }),
        token,
      );
      expect(answer.statusCode).toBe(200);
      const list = json(answer).data as { count: number; rows: { type: string; storeId: string }[] };
      expect(list.count).toBe(list.rows.length);
      expect(list.rows.map((row) => row.type)).toEqual(['shipping', 'privacy']);
      expect(list.rows.every((row) => row.storeId === merchant.storeId)).toBe(true);
    }
  });

  it('a hidden or unknown store answers 404; a malformed id 422', async () => {
    await call('POST', urlOf(policyMerchantEndpoints.create), hiddenMerchant.token, shipping);
    expect(
      (
        await call(
          'GET',
          urlOf(policyPublicEndpoints.ofStore, { params: { storeId: hiddenMerchant.storeId } }),
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', urlOf(policyPublicEndpoints.ofStore, { params: { storeId: randomUUID() } })))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('GET', urlOf(policyPublicEndpoints.ofStore, { params: { storeId: 'not-a-store' } })))
        .statusCode,
    ).toBe(422);
  });
});
