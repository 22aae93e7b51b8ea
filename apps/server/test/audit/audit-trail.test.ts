import { auditEndpoints, storeAdminEndpoints } from '@market/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../../src/modules/stores/stores.schema.js';
import { auditLog } from '../../src/platform/audit/audit.schema.js';
import { purgeAuditTrail, recordAudit } from '../../src/platform/audit/record.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import {
  bearer,
  createAdmin,
  createConfirmedAccount,
  createPartner,
  createTestApp,
  json,
  login,
  type TestApp,
} from '../support/test-app.js';

// The audit trail (issue 33, ADR 072): one line per decision, written in the change's transaction, append-only in
// the database, read only by admins holding audit:read.

let test: TestApp;
let superadmin: { id: string; accessToken: string };
let merchant: { token: string; storeId: string };
const tokens: Record<'customer' | 'merchant' | 'partner' | 'admin', string> = {
  customer: '',
  merchant: '',
  partner: '',
  admin: '',
};

beforeAll(async () => {
  test = await createTestApp();
  superadmin = await createAdmin(test, 'superadmin');
  const merchantAccount = await createConfirmedAccount(test, 'merchant');
  const merchantSession = await login(test, 'merchant', merchantAccount.email);
  merchant = { token: merchantSession.accessToken, storeId: merchantSession.user.storeId as string };
  const customer = await createConfirmedAccount(test, 'customer');
  tokens.customer = (await login(test, 'customer', customer.email)).accessToken;
  tokens.merchant = merchant.token;
  tokens.partner = (await createPartner(test)).accessToken;
  tokens.admin = (await createAdmin(test, 'admin')).accessToken;
});
afterAll(() => test.close());

const linesAbout = (subjectId: string) =>
  test.deps.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId));

describe('a decision', () => {
  it('leaves exactly one line: who, what before and after, from where, which request', async () => {
    const changed = await test.app.inject({
      ...requestOf(storeAdminEndpoints.paymentCategory, { params: { id: merchant.storeId } }),
      headers: {
        ...bearer(superadmin.accessToken),
        'user-agent': 'AuditTest/1.0',
        'x-request-id': 'audit-test-request-1',
      },
      remoteAddress: '203.0.113.7',
      payload: { paymentCategory: 'premium' },
    });
    expect(changed.statusCode).toBe(200);
    const lines = await linesAbout(merchant.storeId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      actorId: superadmin.id,
      actorKind: 'admin',
      actorRole: 'superadmin',
      action: 'store.payment-category',
      subjectType: 'store',
      storeId: merchant.storeId,
      before: { paymentCategory: 'standard' },
      after: { paymentCategory: 'premium' },
      ip: '203.0.113.7',
      userAgent: 'AuditTest/1.0',
      requestId: 'audit-test-request-1',
    });

    // The admin reads it through the API, named, filtered by subject.
    const read = await test.app.inject({
      ...requestOf(auditEndpoints.list, { query: { subjectType: 'store', subjectId: merchant.storeId } }),
      headers: bearer(superadmin.accessToken),
    });
    expect(read.statusCode).toBe(200);
    const page = json(read).data;
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toMatchObject({
      action: 'store.payment-category',
      actor: { id: superadmin.id, role: 'superadmin', name: 'Test superadmin' },
      before: { paymentCategory: 'standard' },
      after: { paymentCategory: 'premium' },
    });
    expect(page.nextCursor).toBeNull();
  });

  it('refused (unknown store) or rolled back, leaves no line', async () => {
    const missing = '00000000-0000-4000-8000-000000000001';
    const refused = await test.app.inject({
      ...requestOf(storeAdminEndpoints.paymentCategory, { params: { id: missing } }),
      headers: bearer(superadmin.accessToken),
      payload: { paymentCategory: 'premium' },
    });
    expect(refused.statusCode).toBe(404);
    expect(await linesAbout(missing)).toHaveLength(0);

    // A change whose transaction fails after its line was written: neither the change nor the line remains.
    await expect(
      test.deps.db.transaction(async (tx) => {
        await tx.update(stores).set({ paymentCategory: 'enterprise' }).where(eq(stores.id, merchant.storeId));
        await recordAudit(tx, {
          action: 'store.payment-category',
          subjectType: 'store',
          subjectId: `${merchant.storeId}-rolled-back`,
          after: { paymentCategory: 'enterprise' },
        });
        throw new Error('the change fails after its audit line');
      }),
    ).rejects.toThrow('the change fails');
    expect(await linesAbout(`${merchant.storeId}-rolled-back`)).toHaveLength(0);
    const [store] = await test.deps.db
      .select({ paymentCategory: stores.paymentCategory })
      .from(stores)
      .where(eq(stores.id, merchant.storeId));
    expect(store?.paymentCategory).toBe('premium');
  });

  it('keeps no secret: passwords, hashes and tokens are dropped at any depth', async () => {
    await test.deps.db.transaction((tx) =>
      recordAudit(tx, {
        action: 'admin.edit',
        subjectType: 'admin',
        subjectId: 'secret-check',
        before: { passwordHash: 'x', nested: { refreshToken: 't', kept: 1 } },
        after: { password: 'p', apiKey: 'k', amountKobo: 12_345_678_901_234n, email: 'a@b.ng' },
      }),
    );
    const [line] = await linesAbout('secret-check');
    expect(line?.before).toEqual({ nested: { kept: 1 } });
    expect(line?.after).toEqual({ amountKobo: '12345678901234', email: 'a@b.ng' });
  });

  it("records an admin's sign-in with the admin as actor", async () => {
    const admin = await createAdmin(test, 'admin');
    const lines = await linesAbout(admin.id);
    expect(lines.map((line) => [line.action, line.actorId])).toEqual([['admin.sign-in', admin.id]]);
  });
});

describe('append-only', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE of a line', async () => {
    const [line] = await linesAbout(merchant.storeId);
    await expect(
      test.deps.db.execute(sql`update audit_log set reason = 'rewritten' where id = ${line!.id}`),
    ).rejects.toThrow();
    await expect(test.deps.db.execute(sql`delete from audit_log where id = ${line!.id}`)).rejects.toThrow();
    await expect(test.deps.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    // Even the purge's switch cannot delete a line younger than a year.
    await expect(
      test.deps.db.transaction(async (tx) => {
        await tx.execute(sql`set local market.audit_purge = 'on'`);
        await tx.execute(sql`delete from audit_log where id = ${line!.id}`);
      }),
    ).rejects.toThrow();
    expect(await linesAbout(merchant.storeId)).toHaveLength(1);
    expect((await linesAbout(merchant.storeId))[0]?.reason).toBeNull();
  });
});

describe('retention', () => {
  it('the purge deletes only lines past the retention, the one delete the database allows', async () => {
    const now = new Date();
    await test.deps.db.insert(auditLog).values({
      at: new Date(now.getTime() - 400 * 86_400_000),
      action: 'admin.edit',
      subjectType: 'admin',
      subjectId: 'retention-old',
    });
    expect(await purgeAuditTrail(test.deps.db, 365, now)).toBe(1);
    expect(await linesAbout('retention-old')).toHaveLength(0);
    expect(await linesAbout(merchant.storeId)).toHaveLength(1);
    await expect(purgeAuditTrail(test.deps.db, 30, now)).rejects.toThrow(/365/);
  });
});

describe('reading the trail', () => {
  it("a store's owner reads their own store's lines, never another store's", async () => {
    await test.deps.db.transaction((tx) =>
      recordAudit(tx, {
        action: 'product.price-stock',
        subjectType: 'product',
        subjectId: 'another-store-product',
        storeId: '00000000-0000-4000-8000-0000000000aa',
        after: { quantity: 1 },
      }),
    );
    const read = await test.app.inject({
      ...requestOf(auditEndpoints.store),
      headers: bearer(merchant.token),
    });
    expect(read.statusCode).toBe(200);
    const entries = json(read).data.entries as { storeId: string; action: string }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((entry) => entry.storeId === merchant.storeId)).toBe(true);
    expect(entries.map((entry) => entry.action)).toContain('store.payment-category');
    for (const kind of ['customer', 'partner', 'admin'] as const) {
      const refused = await test.app.inject({
        ...requestOf(auditEndpoints.store),
        headers: bearer(tokens[kind]),
      });
      expect(refused.statusCode).toBe(403);
    }
  });

  it.each(['customer', 'merchant', 'partner', 'admin'] as const)(
    'is refused to a %s without audit:read (403)',
    async (kind) => {
      for (const url of [
        urlOf(auditEndpoints.list),
        urlOf(auditEndpoints.csv, { query: { from: '2026-01-01', to: '2026-01-31' } }),
      ]) {
        const response = await test.app.inject({ method: 'GET', url, headers: bearer(tokens[kind]) });
        expect(response.statusCode).toBe(403);
      }
    },
  );

  it('pages by cursor, newest first, without repeating a line', async () => {
    for (const n of [1, 2, 3])
      await test.deps.db.transaction((tx) =>
        recordAudit(tx, {
          action: 'category.commission',
          subjectType: 'category',
          subjectId: 'paging-check',
          after: { commissionPercentage: n },
        }),
      );
    const read = (cursor?: string) =>
      test.app.inject({
        method: 'GET',
        url: `${urlOf(auditEndpoints.list)}?subjectId=paging-check&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        headers: bearer(superadmin.accessToken),
      });
    const first = json(await read()).data;
    expect(
      first.entries.map(
        (entry: { after: { commissionPercentage: number } }) => entry.after.commissionPercentage,
      ),
    ).toEqual([3, 2]);
    const second = json(await read(first.nextCursor)).data;
    expect(
      second.entries.map(
        (entry: { after: { commissionPercentage: number } }) => entry.after.commissionPercentage,
      ),
    ).toEqual([1]);
    expect(second.nextCursor).toBeNull();
    const bad = await read('abc');
    expect(bad.statusCode).toBe(422);
  });

  it('exports a bounded window as CSV', async () => {
    const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
    const csv = await test.app.inject({
      ...requestOf(auditEndpoints.csv, {
        query: { from: today, to: today, action: 'store.payment-category' },
      }),
      headers: bearer(superadmin.accessToken),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toMatch(/^id,at,actor_id/);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('"{""paymentCategory"":""premium""}"');
    const tooWide = await test.app.inject({
      ...requestOf(auditEndpoints.csv, { query: { from: '2024-01-01', to: '2026-01-01' } }),
      headers: bearer(superadmin.accessToken),
    });
    expect(tooWide.statusCode).toBe(422);
  });
});
