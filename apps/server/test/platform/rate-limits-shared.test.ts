import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/platform/db/client.js';
import { AppError } from '../../src/platform/errors.js';
import { createRateLimits, defaultLimits, type RateLimits } from '../../src/platform/security/rate-limits.js';
import { openTestDatabase } from '../support/test-app.js';

// Two rate-limit sets on one database stand for two server processes without Redis (ADR 043). PGlite by default,
// PostgreSQL with TEST_DATABASE_URL: the counters are the same table on both.

const small = {
  ...defaultLimits,
  login: {
    ip: { points: 100, durationSeconds: 900 },
    emailAndIp: { points: 4, durationSeconds: 900 },
    email: { points: 6, durationSeconds: 900, lockout: { baseSeconds: 900, maxSeconds: 3600 } },
  },
  signup: { ip: { points: 2, durationSeconds: 3600 } },
} as typeof defaultLimits;

async function refusal(attempt: Promise<void>): Promise<string | undefined> {
  try {
    await attempt;
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

let database: Database;
let drop: () => Promise<void>;
let a: RateLimits;
let b: RateLimits;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  a = createRateLimits({ postgres: database.db, limits: small });
  b = createRateLimits({ postgres: database.db, limits: small });
});
afterAll(() => drop());

describe('sign-in limits shared through PostgreSQL', () => {
  it('counts one email and address across both processes', async () => {
    const key = { ip: '198.51.100.7', email: 'Ada@Example.ng' };
    for (const limits of [a, b, a, b]) expect(await refusal(limits.consume('login', key))).toBeUndefined();
    expect(await refusal(b.consume('login', key))).toBe('RATE_LIMITED');
    expect(await refusal(a.consume('login', key))).toBe('RATE_LIMITED');
    // A success on A forgets the pair's count for B too.
    await a.reset('login', key);
    expect(await refusal(b.consume('login', key))).toBeUndefined();
  });

  it('a lock earned through A holds on B until a password reset on B lifts it', async () => {
    const email = 'locked@example.ng';
    const tries: (string | undefined)[] = [];
    for (let i = 0; i < 8; i++)
      tries.push(await refusal((i % 2 ? b : a).consume('login', { ip: `203.0.113.${i}`, email })));
    expect(tries.slice(0, 6)).toEqual(Array(6).fill(undefined));
    expect(tries.slice(6)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
    expect(await refusal(b.consume('login', { ip: '203.0.113.99', email }))).toBe('RATE_LIMITED');
    await b.forgive('login', email);
    expect(await refusal(a.consume('login', { ip: '203.0.113.100', email }))).toBeUndefined();
  });

  it('shares every other policy too (issue 31)', async () => {
    const key = { ip: '192.0.2.1' };
    await a.consume('signup', key);
    await b.consume('signup', key);
    expect(await refusal(a.consume('signup', key))).toBe('RATE_LIMITED');
    expect(await refusal(b.consume('signup', key))).toBe('RATE_LIMITED');
  });
});
