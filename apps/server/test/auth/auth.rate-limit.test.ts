import { authEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestOf } from '../support/contract-requests.js';
import {
  createConfirmedAccount,
  createTestApp,
  json,
  PASSWORD,
  type TestApp,
  uniqueEmail,
} from '../support/test-app.js';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const attempt = (email: string, password: string, ip: string) =>
  test.app.inject({
    ...requestOf(authEndpoints.customer.login),
    payload: { email, password },
    remoteAddress: ip,
  });

describe('rate limits', () => {
  it('answers 429 with Retry-After past 10 sign-ins for one email from one IP, without locking out the owner', async () => {
    const victim = await createConfirmedAccount(test, 'customer');
    const stranger = '203.0.113.7';
    for (let i = 0; i < 10; i++)
      expect((await attempt(victim.email, 'guess-1234', stranger)).statusCode).toBe(401);
    const limited = await attempt(victim.email, PASSWORD, stranger);
    expect(limited.statusCode).toBe(429);
    expect(json(limited).error).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from their own network, still signs in.
    expect((await attempt(victim.email, PASSWORD, '198.51.100.20')).statusCode).toBe(200);
  });

  it('limits one IP across many emails', async () => {
    const ip = '203.0.113.99';
    let last = 0;
    for (let i = 0; i < 51; i++) last = (await attempt(uniqueEmail('spray'), 'guess-1234', ip)).statusCode;
    expect(last).toBe(429);
    // Another IP is unaffected.
    expect((await attempt(uniqueEmail('spray'), 'guess-1234', '203.0.113.100')).statusCode).toBe(401);
  });

  it('limits sign-up and forgot-password per email', async () => {
    const email = uniqueEmail('flood');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await test.app.inject({
        ...requestOf(authEndpoints.customer.forgotPassword),
        payload: { email },
        remoteAddress: `192.0.2.${i + 1}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);

    const signupIp = '192.0.2.200';
    let signupStatus = 0;
    for (let i = 0; i < 21; i++) {
      const response = await test.app.inject({
        ...requestOf(authEndpoints.customer.signup),
        payload: {
          firstName: 'A',
          lastName: 'B',
          email: uniqueEmail('s'),
          password: PASSWORD,
          phoneNumber: '08031234567',
        },
        remoteAddress: signupIp,
      });
      signupStatus = response.statusCode;
    }
    expect(signupStatus).toBe(429);
  });

  it('limits refresh attempts per IP', async () => {
    let status = 0;
    for (let i = 0; i < 121; i++) {
      const response = await test.app.inject({
        ...requestOf(authEndpoints.customer.refresh),
        payload: { refresh_token: `not-a-real-token-${i}` },
        remoteAddress: '192.0.2.250',
      });
      status = response.statusCode;
    }
    expect(status).toBe(429);
  });
});
