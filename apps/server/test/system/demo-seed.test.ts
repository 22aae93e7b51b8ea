import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts, seedDemo } from '../../src/seed/demo-seed.js';
import { createTestApp, login } from '../support/test-app.js';

describe('demo data', () => {
  it('seeds every demo account once; running it again changes nothing', async () => {
    const test = await createTestApp();
    try {
      expect(await seedDemo(test.deps.db)).toBe(demoAccounts.length);
      expect(await seedDemo(test.deps.db)).toBe(0);
      for (const account of demoAccounts) {
        const session = await login(test, account.kind, account.email, DEMO_PASSWORD);
        const expected =
          account.kind === 'admin'
            ? account.role
            : account.kind === 'partner'
              ? 'shippingPartner'
              : account.kind;
        expect(session.user.accountType).toBe(expected);
      }
    } finally {
      await test.close();
    }
  });
});
