import { adminManagementEndpoints, authEndpoints, sessionCookies, systemEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestOf, urlOf } from '../support/contract-requests.js';
import {
  bearer,
  createConfirmedAccount,
  createTestApp,
  json,
  login,
  nextIp,
  PASSWORD,
  signUp,
  type TestApp,
  uniqueEmail,
} from '../support/test-app.js';

// A clock the tests move forward to watch tokens expire.
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ now: clock });
});
afterAll(() => test.close());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: nextIp() });

describe('sign-in', () => {
  it('answers tokens and the User fields, and sets SameSite=Lax cookies of the account type', async () => {
    const account = await createConfirmedAccount(test, 'merchant', { storeName: 'Lekki Shoes' });
    const response = await post(urlOf(authEndpoints.merchant.login), {
      email: account.email,
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const { data, message } = json(response);
    expect(message).toBe('Signed in successfully');
    expect(data.accessToken).toMatch(/^ey/);
    expect(data.refreshToken.length).toBeGreaterThan(30);
    expect(data.user).toMatchObject({
      id: account.id,
      email: account.email,
      accountType: 'merchant',
      storeName: 'Lekki Shoes',
      role: 'owner',
      isRegisteredBusiness: false,
    });
    expect(data.user.storeId).toBeTruthy();
    expect(data.user.lastLogin).toBeTruthy();
    const cookies = response.cookies;
    const access = cookies.find((cookie) => cookie.name === sessionCookies.merchant.access);
    const refresh = cookies.find((cookie) => cookie.name === sessionCookies.merchant.refresh);
    expect(access).toMatchObject({ value: data.accessToken, sameSite: 'Lax', path: '/' });
    expect(access?.httpOnly).toBeFalsy();
    expect(refresh).toMatchObject({
      value: data.refreshToken,
      sameSite: 'Lax',
      httpOnly: true,
      path: '/api/auth',
    });
    expect(access?.domain).toBeUndefined();
    expect(access?.secure).toBeFalsy();
  });

  it('sets Secure cookies on the parent domain when served over https on a real host', async () => {
    const secure = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const account = await createConfirmedAccount(secure, 'customer');
      const response = await secure.app.inject({
        ...requestOf(authEndpoints.customer.login),
        payload: { email: account.email, password: PASSWORD },
        headers: { 'x-forwarded-proto': 'https', host: 'shop.naijamarket.com.ng' },
      });
      expect(response.statusCode).toBe(200);
      const access = response.cookies.find((cookie) => cookie.name === sessionCookies.customer.access);
      expect(access).toMatchObject({ secure: true, domain: '.naijamarket.com.ng', sameSite: 'Lax' });
    } finally {
      await secure.close();
    }
  });

  it('gives a wrong email and a wrong password the same 401 and message', async () => {
    const account = await createConfirmedAccount(test, 'customer');
    const wrongPassword = await post(urlOf(authEndpoints.customer.login), {
      email: account.email,
      password: 'Wrong-pass1',
    });
    const wrongEmail = await post(urlOf(authEndpoints.customer.login), {
      email: uniqueEmail('nobody'),
      password: PASSWORD,
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongEmail.statusCode).toBe(401);
    expect(json(wrongPassword)).toEqual(json(wrongEmail));
    expect(json(wrongEmail)).toEqual({ message: 'Incorrect email or password', error: 'UNAUTHORIZED' });
  });

  it('does not sign a customer in on the merchant door', async () => {
    const account = await createConfirmedAccount(test, 'customer');
    const response = await post(urlOf(authEndpoints.merchant.login), {
      email: account.email,
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses an unconfirmed email with 403 until confirmed, and can mail the link again', async () => {
    const account = await signUp(test, 'customer');
    const refused = await post(urlOf(authEndpoints.customer.login), {
      email: account.email,
      password: PASSWORD,
    });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).error).toBe('EMAIL_NOT_CONFIRMED');
    expect(json(refused).message).toMatch(/confirm your email/i);

    const resend = await post(urlOf(authEndpoints.customer.resendConfirmation), { email: account.email });
    expect(resend.statusCode).toBe(200);
    const outbox = json(
      await test.app.inject(requestOf(systemEndpoints.outbox, { query: { to: account.email } })),
    ).data;
    expect(outbox).toHaveLength(2);
    const [newest, older] = outbox;
    // Only the newest link works.
    const oldToken = older.links[0].split('/').pop();
    const newToken = newest.links[0].split('/').pop();
    expect(
      (await test.app.inject(requestOf(authEndpoints.customer.confirm, { params: { token: oldToken } })))
        .statusCode,
    ).toBe(404);
    expect(
      (await test.app.inject(requestOf(authEndpoints.customer.confirm, { params: { token: newToken } })))
        .statusCode,
    ).toBe(200);
    expect(
      (await test.app.inject(requestOf(authEndpoints.customer.confirm, { params: { token: newToken } })))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(urlOf(authEndpoints.customer.login), { email: account.email, password: PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it('gives the same answer to resend-confirmation for unknown emails', async () => {
    const response = await post(urlOf(authEndpoints.customer.resendConfirmation), {
      email: uniqueEmail('ghost'),
    });
    expect(response.statusCode).toBe(200);
  });

  it('does not confirm a merchant through the customer path', async () => {
    const account = await signUp(test, 'merchant');
    const mail = json(
      await test.app.inject(requestOf(systemEndpoints.outbox, { query: { to: account.email, limit: 1 } })),
    ).data[0];
    const token = mail.links[0].split('/').pop();
    expect(
      (await test.app.inject(requestOf(authEndpoints.customer.confirm, { params: { token } }))).statusCode,
    ).toBe(404);
    expect(
      (await test.app.inject(requestOf(authEndpoints.merchant.confirm, { params: { token } }))).statusCode,
    ).toBe(200);
  });
});

describe('sessions', () => {
  it('rotates the refresh token: the old one stops working and reusing it ends the whole family', async () => {
    const account = await createConfirmedAccount(test, 'customer');
    const first = await login(test, 'customer', account.email);
    const rotated = await post(urlOf(authEndpoints.customer.refresh), { refresh_token: first.refreshToken });
    expect(rotated.statusCode).toBe(200);
    const second = json(rotated).data;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.user.email).toBe(account.email);

    const reused = await post(urlOf(authEndpoints.customer.refresh), { refresh_token: first.refreshToken });
    expect(reused.statusCode).toBe(401);
    // The thief's reuse revoked the family: the newest token and its access token are dead too.
    expect(
      (await post(urlOf(authEndpoints.customer.refresh), { refresh_token: second.refreshToken })).statusCode,
    ).toBe(401);
    const me = await test.app.inject({
      ...requestOf(authEndpoints.userData),
      headers: bearer(second.accessToken),
    });
    expect(me.statusCode).toBe(401);
  });

  it('reads the refresh token from its HttpOnly cookie when the body has none', async () => {
    const account = await createConfirmedAccount(test, 'customer');
    const session = await login(test, 'customer', account.email);
    const response = await test.app.inject({
      ...requestOf(authEndpoints.customer.refresh),
      cookies: { [sessionCookies.customer.refresh]: session.refreshToken },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a refresh token of another account type', async () => {
    const account = await createConfirmedAccount(test, 'customer');
    const session = await login(test, 'customer', account.email);
    const response = await post(urlOf(authEndpoints.merchant.refresh), {
      refresh_token: session.refreshToken,
    });
    expect(response.statusCode).toBe(401);
  });

  it('expires access tokens after 15 minutes and refresh tokens after 30 days', async () => {
    const account = await createConfirmedAccount(test, 'customer');
    const session = await login(test, 'customer', account.email);
    const me = () =>
      test.app.inject({ ...requestOf(authEndpoints.userData), headers: bearer(session.accessToken) });
    try {
      offsetMs = 14 * 60 * 1000;
      expect((await me()).statusCode).toBe(200);
      offsetMs = 16 * 60 * 1000;
      const expired = await me();
      expect(expired.statusCode).toBe(401);
      expect(json(expired).error).toBe('TOKEN_EXPIRED');
      offsetMs = 31 * 24 * 60 * 60 * 1000;
      const stale = await post(urlOf(authEndpoints.customer.refresh), {
        refresh_token: session.refreshToken,
      });
      expect(stale.statusCode).toBe(401);
      expect(json(stale).error).toBe('TOKEN_EXPIRED');
    } finally {
      offsetMs = 0;
    }
  });

  it('logout revokes the session: its access and refresh tokens stop working', async () => {
    const account = await createConfirmedAccount(test, 'customer');
    const session = await login(test, 'customer', account.email);
    const out = await post(
      urlOf(authEndpoints.customer.logout),
      { refresh_token: session.refreshToken },
      bearer(session.accessToken),
    );
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((cookie) => cookie.name === sessionCookies.customer.access)?.value).toBe('');
    const me = await test.app.inject({
      ...requestOf(authEndpoints.userData),
      headers: bearer(session.accessToken),
    });
    expect(me.statusCode).toBe(401);
    expect(
      (await post(urlOf(authEndpoints.customer.refresh), { refresh_token: session.refreshToken })).statusCode,
    ).toBe(401);
  });

  it.each([
    ['no body and no content type', {}],
    ['a JSON content type and no body', { 'content-type': 'application/json' }],
    ['a JSON null body', { 'content-type': 'application/json' }, 'null'],
    ['a text body', { 'content-type': 'text/plain' }, ''],
  ] as [string, Record<string, string>, string?][])(
    'logout with %s ends the session of the access token',
    async (_, headers, payload) => {
      const account = await createConfirmedAccount(test, 'customer');
      const session = await login(test, 'customer', account.email);
      const out = await test.app.inject({
        ...requestOf(authEndpoints.customer.logout),
        headers: { ...headers, ...bearer(session.accessToken) },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(out.statusCode, out.body).toBe(200);
      expect(json(out).message).toBe('Signed out');
      const me = await test.app.inject({
        ...requestOf(authEndpoints.userData),
        headers: bearer(session.accessToken),
      });
      expect(me.statusCode).toBe(401);
      expect(
        (await post(urlOf(authEndpoints.customer.refresh), { refresh_token: session.refreshToken }))
          .statusCode,
      ).toBe(401);
    },
  );

  it("refuses a token of one account type on another type's endpoints", async () => {
    const customer = await createConfirmedAccount(test, 'customer');
    const session = await login(test, 'customer', customer.email);
    const profile = await test.app.inject({
      ...requestOf(authEndpoints.merchantProfile),
      headers: bearer(session.accessToken),
    });
    expect(profile.statusCode).toBe(403);
    expect(json(profile).error).toBe('FORBIDDEN');
    const admins = await test.app.inject({
      ...requestOf(adminManagementEndpoints.list),
      headers: bearer(session.accessToken),
    });
    expect(admins.statusCode).toBe(403);
  });

  it('refuses forged, malformed and missing tokens with 401', async () => {
    const account = await createConfirmedAccount(test, 'customer');
    const session = await login(test, 'customer', account.email);
    const [header, payload] = session.accessToken.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const headers of [bearer(forged), bearer('nonsense'), {}]) {
      const response = await test.app.inject({ ...requestOf(authEndpoints.userData), headers });
      expect(response.statusCode).toBe(401);
      expect(json(response).error).toBe('UNAUTHORIZED');
    }
  });
});

describe('who am I', () => {
  it('verify-token, userdata and permissions answer for the signed-in customer', async () => {
    const account = await createConfirmedAccount(test, 'customer');
    const session = await login(test, 'customer', account.email);
    const headers = bearer(session.accessToken);
    const verify = json(await test.app.inject({ ...requestOf(authEndpoints.verifyToken), headers }));
    expect(verify.data).toMatchObject({ valid: true, accountKind: 'customer' });
    const me = json(await test.app.inject({ ...requestOf(authEndpoints.userData), headers }));
    expect(me.data).toMatchObject({ id: account.id, accountType: 'customer', storeId: null });
    const permissions = json(await test.app.inject({ ...requestOf(authEndpoints.permissions), headers }));
    expect(permissions.data.permissions).toEqual([]);
  });

  it('merchant-profile shows the merchant and store; the owner holds every store permission', async () => {
    const account = await createConfirmedAccount(test, 'merchant', { storeName: 'Aba Leather Works' });
    const session = await login(test, 'merchant', account.email);
    const headers = bearer(session.accessToken);
    const profile = json(await test.app.inject({ ...requestOf(authEndpoints.merchantProfile), headers }));
    expect(profile.data).toMatchObject({
      id: account.id,
      email: account.email,
      role: 'owner',
      isVerified: true,
      store: {
        storeName: 'Aba Leather Works',
        storeUrl: expect.stringMatching(/^aba-leather-works/),
        approvalStatus: 'pending',
        isVisible: false,
      },
      onboarding: { percentageComplete: 25, isComplete: false },
    });
    const permissions = json(await test.app.inject({ ...requestOf(authEndpoints.permissions), headers }));
    expect(permissions.data.permissions).toContain('products:write');
    expect(permissions.data.permissions).toContain('staff:manage');
  });
});
