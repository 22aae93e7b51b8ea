import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../../src/seed/demo-seed.js';
import { seedDemoStoreSettings } from '../../src/seed/demo-store-settings.js';
import { bearer, createTestApp, json, login } from '../support/test-app.js';

describe('demo store settings', () => {
  it('give the demo store policies, a bank account and a Growth subscription with an invoice, once', async () => {
    const test = await createTestApp();
    try {
      await seedDemo(test.deps.db);
      expect(await seedDemoStoreSettings(test.deps.db)).toBe(true);
      expect(await seedDemoStoreSettings(test.deps.db)).toBe(false);
      const token = (await login(test, 'merchant', 'merchant@demo.ng', DEMO_PASSWORD)).accessToken;
      const get = async (url: string) => {
        const response = await test.app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(response.statusCode, url).toBe(200);
        return json(response).data;
      };
      expect((await get('/api/merchant/policies')).count).toBe(4);
      expect(await get('/api/merchant/bank-account')).toMatchObject({ bankName: 'Guaranty Trust Bank' });
      const current = await get('/api/merchant/subscription');
      expect(current.plan.code).toBe('growth');
      expect(current.subscription.status).toBe('active');
      const invoices = await get('/api/merchant/subscription/invoices');
      expect(invoices.rows).toMatchObject([{ status: 'paid', planName: 'Growth' }]);
    } finally {
      await test.close();
    }
  });
});
