import { randomUUID } from 'node:crypto';
import { financeEndpoints } from '@market/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTransactions } from '../../src/modules/payments/payments.schema.js';
import { createMerchantWithStore } from '../support/catalog-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { bearer, createAdmin, createTestApp, json, type TestApp } from '../support/test-app.js';

// The admin's transactions list counts its total exactly up to a bound and estimates it beyond, and says which
// (`countIsEstimate`, ADR 114 as the catalog does; ADR 111 measured the exact count at 1M payments). The bound is 3
// here, so a handful of payments crosses it. Runs on PGlite and, in the PostgreSQL proofs, on the production driver
// (which hands the EXPLAIN's json over parsed, PGlite as text).

const BOUND = 3;
const EMAIL = 'totals.payer@example.com';
let test: TestApp;
let admin: string;

// Eight payments of one payer: three failed, four abandoned, one successful, a minute apart.
const STATUSES = [
  'failed',
  'abandoned',
  'failed',
  'abandoned',
  'success',
  'abandoned',
  'failed',
  'abandoned',
] as const;

beforeAll(async () => {
  test = await createTestApp({ env: { TRANSACTIONS_EXACT_COUNT_UP_TO: String(BOUND) } });
  admin = (await createAdmin(test, 'superadmin')).accessToken;
  await test.deps.db.insert(paymentTransactions).values(
    STATUSES.map((status, index) => ({
      reference: `CHK-TOTALS-${index}-${randomUUID().slice(0, 8)}`,
      purpose: 'CHK',
      provider: 'sandbox' as const,
      amountKobo: 100_000 * (index + 1),
      status,
      customerEmail: EMAIL,
      channel: 'card',
      createdAt: new Date(Date.UTC(2026, 2, 2, 10, index)),
    })),
  );
  // The planner's statistics, as the maintenance job (PGlite) or autovacuum (PostgreSQL) keeps them.
  await test.database.db.execute(sql`analyze payment_transactions`);
}, 120_000);
afterAll(() => test.close());

async function list(query: string) {
  const response = await test.app.inject({
    method: 'GET',
    url: `${urlOf(financeEndpoints.transactions)}?${query}`,
    headers: bearer(admin),
  });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data as {
    transactions: { id: string }[];
    pagination: { page: number; limit: number; totalItems: number; totalPages: number };
    countIsEstimate: boolean;
  };
}

describe('transactions list totals', () => {
  it('counts a total up to the bound exactly, though the page is full', async () => {
    const page = await list('status=failed&limit=2');
    expect(page.transactions).toHaveLength(2);
    expect(page.countIsEstimate).toBe(false);
    expect(page.pagination).toEqual({ page: 1, limit: 2, totalItems: BOUND, totalPages: 2 });
  });

  it('estimates a total beyond the bound, and says it is an estimate', async () => {
    const page = await list('limit=2');
    expect(page.transactions).toHaveLength(2);
    expect(page.countIsEstimate).toBe(true);
    expect(page.pagination.totalItems).toBeGreaterThan(BOUND);
    expect(page.pagination.totalPages).toBe(Math.ceil(page.pagination.totalItems / 2));
  });

  it('estimates a search beyond the bound (an e-mail every payment has)', async () => {
    const page = await list(`search=${encodeURIComponent(EMAIL)}&limit=2`);
    expect(page.transactions).toHaveLength(2);
    expect(page.countIsEstimate).toBe(true);
    expect(page.pagination.totalItems).toBeGreaterThan(BOUND);
  });

  it('takes the exact total from a page that is not full, beyond the bound too', async () => {
    const all = await list('limit=20');
    expect(all.transactions).toHaveLength(STATUSES.length);
    expect(all.countIsEstimate).toBe(false);
    expect(all.pagination.totalItems).toBe(STATUSES.length);
    const last = await list('limit=3&page=3');
    expect(last.transactions).toHaveLength(2);
    expect(last.countIsEstimate).toBe(false);
    expect(last.pagination).toEqual({ page: 3, limit: 3, totalItems: STATUSES.length, totalPages: 3 });
  });

  it('counts a filter of the bound plus one as more than the bound', async () => {
    // Four abandoned payments: the count stops one past the bound, so this one is an estimate.
    const page = await list('status=abandoned&limit=2');
    expect(page.transactions).toHaveLength(2);
    expect(page.countIsEstimate).toBe(true);
    expect(page.pagination.totalItems).toBeGreaterThan(BOUND);
  });

  it('says an empty answer is exactly none', async () => {
    const page = await list('search=CHK-NOBODY');
    expect(page.transactions).toEqual([]);
    expect(page).toMatchObject({ countIsEstimate: false, pagination: { totalItems: 0, totalPages: 1 } });
  });

  it('is refused to a merchant and to an admin without transactions:read, estimate or not', async () => {
    const merchant = await createMerchantWithStore(test);
    const scheduler = (await createAdmin(test, 'scheduler')).accessToken;
    for (const token of [merchant.token, scheduler]) {
      const response = await test.app.inject({
        method: 'GET',
        url: `${urlOf(financeEndpoints.transactions)}?limit=2`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('CHK-TOTALS');
    }
  });
});
