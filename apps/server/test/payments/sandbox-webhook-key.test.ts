import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { adminPayoutEndpoints, merchantPayoutEndpoints } from '@market/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../../src/modules/ledger/ledger.schema.js';
import { PAYSTACK_WEBHOOK_PATH } from '../../src/modules/payments/payments.routes.js';
import { ConfigError, loadConfig } from '../../src/platform/config.js';
import { sandboxSecret } from '../../src/platform/payments/index.js';
import { signPaystackBody } from '../../src/platform/payments/signature.js';
import { orderRow, payableOrder, saveBankAccount } from '../ledger/ledger-support.js';
import { caller, type Dispatcher } from '../returns/returns-support.js';
import { type CommerceSetup, sellingStore } from '../support/commerce-factory.js';
import { urlOf } from '../support/contract-requests.js';
import { json, type TestApp } from '../support/test-app.js';
import { world } from '../support/world.js';

// Issue 24: outside production the sandbox signed its Paystack webhooks with a key derived from JWT_SECRET, whose
// default is in the repository. A forged transfer.reversed made a paid payout payable again, so the next approval
// paid twice. The sandbox now has a random key of its own in the data directory, and the default JWT secret is
// refused unless the server listens on loopback only.

/** What anyone could compute from the repository before: the sandbox key of the default JWT secret. */
const DEFAULT_JWT_SECRET = 'dev-only-secret-change-me-please-32chars!!';
const derivedFromDefault = `sk_sandbox_${createHmac('sha256', DEFAULT_JWT_SECRET).update('naija-market payments sandbox').digest('hex')}`;

let test: TestApp;
let setup: CommerceSetup;
let dispatcher: Dispatcher;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  const market = await world({ stores: 0, customers: 0, dispatchers: 1 });
  ({ test, setup } = market);
  [dispatcher] = market.dispatchers;
  call = caller(test);
}, 240_000);
afterAll(() => test.close());

const deliver = (secret: string, event: string, data: Record<string, unknown>) => {
  const body = Buffer.from(JSON.stringify({ event, data }));
  return test.app.inject({
    method: 'POST',
    url: PAYSTACK_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystackBody(secret, body) },
    payload: body,
  });
};

describe('the sandbox webhook key', () => {
  it('a transfer.reversed signed with the key of the default JWT secret is refused; the payout stays paid', async () => {
    expect(test.deps.config.jwtSecret).toBe(DEFAULT_JWT_SECRET);
    const store = await sellingStore(test, setup);
    await saveBankAccount(test, store.storeId, store.id);
    const { orderId } = await payableOrder(test, setup, store, dispatcher, { price: 6_000 });
    const approved = await call(
      'POST',
      urlOf(adminPayoutEndpoints.approvePayout, { params: { storeId: store.storeId } }),
      setup.admin.accessToken,
    );
    expect(approved.statusCode).toBe(200);
    const [paid] = await test.deps.db.select().from(payouts).where(eq(payouts.storeId, store.storeId));
    expect(paid).toMatchObject({ status: 'processed' });

    const forged = await deliver(derivedFromDefault, 'transfer.reversed', {
      reference: paid!.reference,
      transfer_code: paid!.transferCode,
    });
    expect(forged.statusCode).toBe(401);
    expect(json(forged)).toHaveProperty('error');
    const [after] = await test.deps.db.select().from(payouts).where(eq(payouts.id, paid!.id));
    expect(after).toMatchObject({ status: 'processed' });
    expect((await orderRow(test, orderId)).paidOutAt).not.toBeNull();
    const balances = json(await call('GET', urlOf(merchantPayoutEndpoints.balances), store.accessToken)).data;
    expect(balances).toMatchObject({ payable: 0 });
    // A second approval finds nothing to pay.
    const again = await call(
      'POST',
      urlOf(adminPayoutEndpoints.approvePayout, { params: { storeId: store.storeId } }),
      setup.admin.accessToken,
    );
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);
  });

  it('is random, kept in the data directory readable by its owner only, and the same on the next start', () => {
    const key = sandboxSecret(test.deps.config.dataDir);
    expect(key).toMatch(/^sk_sandbox_[0-9a-f]{64}$/);
    expect(key).not.toBe(derivedFromDefault);
    const file = path.join(test.deps.config.dataDir, 'payments-sandbox.key');
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(key);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    const other = fs.mkdtempSync(path.join(path.dirname(test.deps.config.dataDir), 'market-key-'));
    try {
      expect(sandboxSecret(other)).not.toBe(key);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('the default JWT secret', () => {
  it('is refused when the server listens beyond loopback, in any mode', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20']) {
      expect(() => loadConfig({ HOST })).toThrow(ConfigError);
      expect(() => loadConfig({ HOST })).toThrow(/JWT_SECRET/);
    }
    for (const HOST of ['127.0.0.1', '::1', 'localhost', '127.0.0.2']) {
      expect(loadConfig({ HOST }).host).toBe(HOST);
    }
    expect(loadConfig({ HOST: '0.0.0.0', JWT_SECRET: 'y'.repeat(40) }).host).toBe('0.0.0.0');
  });
});
