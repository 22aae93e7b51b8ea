import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAccountById, passwordMatches } from '../../src/modules/auth/index.js';
import { createConfirmedAccount, createTestApp, PASSWORD, type TestApp } from '../support/test-app.js';

// What other modules may read of an account (auth's index.ts): a mail's recipient, a store's owner. The password hash
// stays in the auth module; a module that must check a password again asks auth to check it.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
}, 120_000);
afterAll(() => test.close());

describe("auth's public reads of an account", () => {
  it('answer the account without its password hash', async () => {
    const account = await createConfirmedAccount(test, 'merchant');
    const read = await findAccountById(test.deps.db, account.id);
    expect(read).toMatchObject({ id: account.id, email: account.email });
    expect(read).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(read)).not.toContain('$argon2id$');
  });

  it('check a password in the module, and only the account own one', async () => {
    const account = await createConfirmedAccount(test, 'merchant');
    const other = await createConfirmedAccount(test, 'merchant', { password: 'Another1234!' });
    expect(await passwordMatches(test.deps.db, account.id, PASSWORD)).toBe(true);
    expect(await passwordMatches(test.deps.db, account.id, 'Another1234!')).toBe(false);
    expect(await passwordMatches(test.deps.db, other.id, PASSWORD)).toBe(false);
    expect(await passwordMatches(test.deps.db, '00000000-0000-4000-8000-000000000000', PASSWORD)).toBe(false);
  });
});
