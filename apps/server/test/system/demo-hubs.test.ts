import { hubAdminEndpoints, hubEndpoints } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { seedDemoHubs } from '../../src/seed/demo-hubs.js';
import { DEMO_PASSWORD, seedDemo } from '../../src/seed/demo-seed.js';
import { urlOf } from '../support/contract-requests.js';
import { bearer, createTestApp, json, login } from '../support/test-app.js';

describe('demo hubs', () => {
  it('give the admin a Lagos and an Abuja hub and one pending application from the demo store, once', async () => {
    const test = await createTestApp();
    try {
      await seedDemo(test.deps.db);
      expect(await seedDemoHubs(test.deps.db)).toBe(2);
      expect(await seedDemoHubs(test.deps.db)).toBe(0);
      const get = async (url: string, kind: 'admin' | 'merchant', email: string) => {
        const { accessToken } = await login(test, kind, email, DEMO_PASSWORD);
        const response = await test.app.inject({ method: 'GET', url, headers: bearer(accessToken) });
        expect(response.statusCode, url).toBe(200);
        return json(response).data;
      };
      const hubs = await get(urlOf(hubAdminEndpoints.list), 'admin', 'admin@demo.ng');
      expect(hubs.map((hub: { state: string }) => hub.state).sort()).toEqual([
        'Federal Capital Territory',
        'Lagos',
      ]);
      const pending = await get(urlOf(hubAdminEndpoints.applications), 'admin', 'admin@demo.ng');
      expect(pending).toHaveLength(1);
      expect(pending[0]).toMatchObject({ applicantName: 'Chinedu Gadgets', kind: 'use', status: 'pending' });
      const mine = await get(urlOf(hubEndpoints.mine), 'merchant', 'merchant@demo.ng');
      expect(mine.map((item: { id: string }) => item.id)).toEqual([pending[0].id]);
    } finally {
      await test.close();
    }
  }, 120_000);
});
