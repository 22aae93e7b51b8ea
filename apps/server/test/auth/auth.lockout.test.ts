import { authEndpoints } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimits, defaultLimits } from '../../src/platform/security/rate-limits.js';
import { requestOf } from '../support/contract-requests.js';
import {
  createConfirmedAccount,
  createTestApp,
  json,
  latestLink,
  PASSWORD,
  type TestApp,
  tokenFromLink,
} from '../support/test-app.js';

// Behind one load balancer: the server trusts exactly one hop, the balancer at 10.0.0.1.
let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => test.close());

let forged = 0;
const forgedAddress = () => {
  forged += 1;
  return `198.18.${(forged >> 8) & 255}.${forged & 255}`;
};

const signIn = (email: string, password: string, forwardedFor: string) =>
  test.app.inject({
    ...requestOf(authEndpoints.customer.login),
    payload: { email, password },
    remoteAddress: '10.0.0.1',
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('sign-in limits behind a proxy', () => {
  it('40 wrong passwords with a new X-Forwarded-For each time lock the email: a new address needs a mailed code', async () => {
    const victim = await createConfirmedAccount(test, 'customer');
    const answers: string[] = [];
    for (let i = 0; i < 40; i++)
      answers.push(String(json(await signIn(victim.email, `guess-${i}`, forgedAddress())).error));
    expect(answers.filter((error) => error === 'UNAUTHORIZED').length).toBeLessThanOrEqual(20);
    expect(answers.at(-1)).toBe('SIGN_IN_CODE_REQUIRED');
    // Even the right password from a fresh address is not enough without the code (issue 31: no 429 to jam).
    const locked = await signIn(victim.email, PASSWORD, forgedAddress());
    expect(locked.statusCode).toBe(401);
    expect(json(locked).error).toBe('SIGN_IN_CODE_REQUIRED');
  });

  it('24 wrong passwords from forged addresses do not stop the owner signing in from their own address', async () => {
    // Issue 24: the email's lock used to hold the owner out everywhere for 15 minutes, doubling to 24 hours.
    const owner = await createConfirmedAccount(test, 'customer');
    const home = '198.51.100.10';
    expect((await signIn(owner.email, PASSWORD, home)).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++)
      statuses.push((await signIn(owner.email, `guess-${i}`, forgedAddress())).statusCode);
    expect(statuses.at(-1)).toBe(401);
    // A stranger's new address needs the mailed code, even with the right password...
    expect(json(await signIn(owner.email, PASSWORD, forgedAddress())).error).toBe('SIGN_IN_CODE_REQUIRED');
    // ...the owner's own address is not.
    const back = await signIn(owner.email, PASSWORD, home);
    expect(back.statusCode, back.body).toBe(200);
    expect(json(back).message).toBe('Signed in successfully');
  });

  it('an address the owner signed in from still locks after 10 wrong passwords of its own, right one included', async () => {
    const owner = await createConfirmedAccount(test, 'customer');
    const shared = '198.51.100.11';
    expect((await signIn(owner.email, PASSWORD, shared)).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signIn(owner.email, `guess-${i}`, shared)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const locked = await signIn(owner.email, PASSWORD, shared);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(60);
    // Another address of the owner's is untouched by that lock.
    expect((await signIn(owner.email, PASSWORD, '198.51.100.12')).statusCode).toBe(200);
  });

  it('takes the address the balancer saw, not what the client wrote before it', async () => {
    const victim = await createConfirmedAccount(test, 'customer');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await signIn(victim.email, 'guess-1234', `${forgedAddress()}, 203.0.113.50`)).statusCode,
      );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it('the owner of a locked email gets back in by resetting the password', async () => {
    const owner = await createConfirmedAccount(test, 'customer');
    for (let i = 0; i < 25; i++) await signIn(owner.email, `guess-${i}`, forgedAddress());
    expect(json(await signIn(owner.email, PASSWORD, forgedAddress())).error).toBe('SIGN_IN_CODE_REQUIRED');
    const forgot = await test.app.inject({
      ...requestOf(authEndpoints.customer.forgotPassword),
      payload: { email: owner.email },
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.77' },
    });
    expect(forgot.statusCode).toBe(200);
    const token = tokenFromLink(await latestLink(test, owner.email));
    const newPassword = 'An0ther-Secret!';
    const reset = await test.app.inject({
      ...requestOf(authEndpoints.customer.resetPassword, { params: { token } }),
      payload: { password: newPassword },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signIn(owner.email, newPassword, '198.51.100.77')).statusCode).toBe(200);
  });
});

describe('sign-in lockout back-off', () => {
  it('locks for longer each time the budget runs out again', async () => {
    const limits = createRateLimits({
      limits: {
        ...defaultLimits,
        login: {
          ip: { points: 1000, durationSeconds: 60 },
          email: { points: 2, durationSeconds: 60, lockout: { baseSeconds: 1, maxSeconds: 8 } },
        },
      },
    });
    const key = (i: number) => ({ ip: `198.18.0.${i}`, email: 'Ada@Example.ng' });
    const lockFor = async (): Promise<number> => {
      for (let i = 0; ; i++) {
        try {
          await limits.consume('login', key(i));
        } catch (error) {
          return Number((error as { headers: Record<string, string> }).headers['retry-after']);
        }
      }
    };
    expect(await lockFor()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await lockFor()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await lockFor()).toBe(4);
    await limits.forgive('login', 'ada@example.ng');
    await expect(limits.consume('login', key(99))).resolves.toBeUndefined();
  });
});
