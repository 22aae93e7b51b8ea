import {
  bankAccountEndpoints,
  policyMerchantEndpoints,
  subscriptionMerchantEndpoints,
} from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/auth/auth.schema.js';
import { createStoreForMerchant } from '../../src/modules/stores/index.js';
import { seedDemoStoreSettings } from '../../src/seed/demo-store-settings.js';
import { urlOf } from '../support/contract-requests.js';
import {
  bearer,
  createTestApp,
  json,
  login,
  passwordHashOfPASSWORD,
  type TestApp,
} from '../support/test-app.js';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
  // The demo merchant and store as seedDemo leaves them (without hashing every demo account's password).
  const [merchant] = await test.deps.db
    .insert(users)
    .values({
      kind: 'merchant',
      role: 'owner',
      email: 'merchant@demo.ng',
      firstName: 'Chinedu',
      lastName: 'Obi',
      passwordHash: await passwordHashOfPASSWORD(),
      emailConfirmedAt: new Date(),
    })
    .returning({ id: users.id });
  await createStoreForMerchant(test.deps.db, merchant!.id, 'Chinedu Gadgets');
});
afterAll(() => test?.close());

describe('demo store settings', () => {
  it('give the demo store policies, a bank account and a Growth subscription with an invoice, once', async () => {
    expect(await seedDemoStoreSettings(test.deps.db)).toBe(true);
    expect(await seedDemoStoreSettings(test.deps.db)).toBe(false);
    const token = (await login(test, 'merchant', 'merchant@demo.ng')).accessToken;
    const get = async (url: string) => {
      const response = await test.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(200);
      return json(response).data;
    };
    expect((await get(urlOf(policyMerchantEndpoints.list))).count).toBe(4);
    expect(await get(urlOf(bankAccountEndpoints.get))).toMatchObject({ bankName: 'Guaranty Trust Bank' });
    const current = await get(urlOf(subscriptionMerchantEndpoints.current));
    expect(current.plan.code).toBe('growth');
    expect(current.subscription.status).toBe('active');
    const invoices = await get(urlOf(subscriptionMerchantEndpoints.invoices));
    expect(invoices.rows).toMatchObject([{ status: 'paid', planName: 'Growth' }]);
  });
});
