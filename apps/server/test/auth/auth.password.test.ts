import { authEndpoints, systemEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestOf, urlOf } from '../support/contract-requests.js';
import {
  bearer,
  createConfirmedAccount,
  createTestApp,
  json,
  latestLink,
  login,
  nextIp,
  PASSWORD,
  type TestApp,
  tokenFromLink,
  uniqueEmail,
} from '../support/test-app.js';

let offsetMs = 0;
let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ now: () => new Date(Date.now() + offsetMs) });
});
afterAll(() => test.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: nextIp() });
const patch = (url: string, payload: unknown) =>
  test.app.inject({ method: 'PATCH', url, payload: payload as object });
const outboxCount = async (email: string) =>
  json(await test.app.inject(requestOf(systemEndpoints.outbox, { query: { to: email } }))).data.length;

describe('forgot and reset password', () => {
  it('gives the same answer for known and unknown emails, and mails only the known one', async () => {
    const account = await createConfirmedAccount(test, 'customer');
    const before = await outboxCount(account.email);
    const known = await post(urlOf(authEndpoints.customer.forgotPassword), { email: account.email });
    const unknownEmail = uniqueEmail('ghost');
    const unknown = await post(urlOf(authEndpoints.customer.forgotPassword), { email: unknownEmail });
    expect(known.statusCode).toBe(200);
    expect(json(known)).toEqual(json(unknown));
    expect(await outboxCount(account.email)).toBe(before + 1);
    expect(await outboxCount(unknownEmail)).toBe(0);
  });

  it('resets once with the mailed link, ends every session, and the link cannot be used again', async () => {
    const account = await createConfirmedAccount(test, 'merchant');
    const session = await login(test, 'merchant', account.email);
    await post(urlOf(authEndpoints.merchant.forgotPassword), { email: account.email });
    const link = await latestLink(test, account.email);
    expect(link).toContain('/merchant/reset-password/');
    const token = tokenFromLink(link);

    const reset = await patch(urlOf(authEndpoints.merchant.resetPassword, { params: { token } }), {
      password: 'Brand-New-Pass9',
    });
    expect(reset.statusCode).toBe(200);
    const again = await patch(urlOf(authEndpoints.merchant.resetPassword, { params: { token } }), {
      password: 'Another-Pass9',
    });
    expect(again.statusCode).toBe(404);

    const me = await test.app.inject({
      ...requestOf(authEndpoints.userData),
      headers: bearer(session.accessToken),
    });
    expect(me.statusCode).toBe(401);
    expect(
      (await post(urlOf(authEndpoints.merchant.login), { email: account.email, password: PASSWORD }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post(urlOf(authEndpoints.merchant.login), { email: account.email, password: 'Brand-New-Pass9' }))
        .statusCode,
    ).toBe(200);
  });

  it('expires the link after one hour', async () => {
    const account = await createConfirmedAccount(test, 'customer');
    await post(urlOf(authEndpoints.customer.forgotPassword), { email: account.email });
    const token = tokenFromLink(await latestLink(test, account.email));
    try {
      offsetMs = 61 * 60 * 1000;
      const late = await patch(urlOf(authEndpoints.customer.resetPassword, { params: { token } }), {
        password: 'Too-Late-Pass1',
      });
      expect(late.statusCode).toBe(404);
      expect(json(late).message).toMatch(/invalid or has expired/);
    } finally {
      offsetMs = 0;
    }
  });

  it("refuses a link on another account type's path and a short new password", async () => {
    const account = await createConfirmedAccount(test, 'customer');
    await post(urlOf(authEndpoints.customer.forgotPassword), { email: account.email });
    const token = tokenFromLink(await latestLink(test, account.email));
    expect(
      (
        await patch(urlOf(authEndpoints.admin.resetPassword, { params: { token } }), {
          password: 'Whatever-Pass1',
        })
      ).statusCode,
    ).toBe(404);
    const short = await patch(urlOf(authEndpoints.customer.resetPassword, { params: { token } }), {
      password: 'short',
    });
    expect(short.statusCode).toBe(422);
    expect(json(short).details?.[0]).toEqual({
      path: 'password',
      message: 'Password must be at least 8 characters',
    });
    // The failed attempts did not use the link up.
    expect(
      (
        await patch(urlOf(authEndpoints.customer.resetPassword, { params: { token } }), {
          password: 'Valid-Pass-123',
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('change password', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const account = await createConfirmedAccount(test, 'customer');
    const here = await login(test, 'customer', account.email);
    const elsewhere = await login(test, 'customer', account.email);

    const wrong = await post(
      urlOf(authEndpoints.changePassword),
      { oldPassword: 'not-it-at-all', newPassword: 'Changed-Pass1' },
      bearer(here.accessToken),
    );
    expect(wrong.statusCode).toBe(422);
    expect(json(wrong).details?.[0]?.path).toBe('oldPassword');

    const changed = await post(
      urlOf(authEndpoints.changePassword),
      { oldPassword: PASSWORD, newPassword: 'Changed-Pass1' },
      bearer(here.accessToken),
    );
    expect(changed.statusCode).toBe(200);
    const mine = await test.app.inject({
      ...requestOf(authEndpoints.userData),
      headers: bearer(here.accessToken),
    });
    expect(mine.statusCode).toBe(200);
    const theirs = await test.app.inject({
      ...requestOf(authEndpoints.userData),
      headers: bearer(elsewhere.accessToken),
    });
    expect(theirs.statusCode).toBe(401);
    expect(
      (await post(urlOf(authEndpoints.customer.login), { email: account.email, password: 'Changed-Pass1' }))
        .statusCode,
    ).toBe(200);
  });

  it('requires a signed-in user', async () => {
    const response = await post(urlOf(authEndpoints.changePassword), {
      oldPassword: PASSWORD,
      newPassword: 'Changed-Pass1',
    });
    expect(response.statusCode).toBe(401);
  });
});
