import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { rateLimitCounters } from './rate-limits.schema.js';

export type RateLimitPolicy =
  | 'login'
  | 'signup'
  | 'forgot-password'
  | 'refresh'
  | 'create-order'
  | 'coupon'
  | 'bank-account'
  | 'contact'
  | 'email-change'
  | 'review';

interface Limit {
  points: number;
  durationSeconds: number;
  /**
   * Past the limit the key is locked for `baseSeconds`, doubling with each lockout within a day up to
   * `maxSeconds`: a slow guesser gets fewer tries per day, not a fresh budget every window.
   */
  lockout?: { baseSeconds: number; maxSeconds: number };
}

/**
 * Per IP, and per email from that IP: a stranger who hammers someone's email from elsewhere spends only their own
 * budget, so the owner can still sign in. Sign-in also counts per email across every address (a botnet or forged
 * X-Forwarded-For changes nothing), locking that email with growing back-off; the owner gets back in through a
 * password reset, which lifts the lock. Forgot-password also caps mails per email, whatever the IP.
 */
export const defaultLimits: Record<
  RateLimitPolicy,
  { ip: Limit; emailAndIp?: Limit; email?: Limit; account?: Limit }
> = {
  login: {
    ip: { points: 50, durationSeconds: 900 },
    emailAndIp: { points: 10, durationSeconds: 900 },
    email: { points: 20, durationSeconds: 900, lockout: { baseSeconds: 900, maxSeconds: 24 * 3600 } },
  },
  signup: { ip: { points: 20, durationSeconds: 3600 }, emailAndIp: { points: 5, durationSeconds: 3600 } },
  'forgot-password': {
    ip: { points: 20, durationSeconds: 3600 },
    emailAndIp: { points: 5, durationSeconds: 3600 },
    email: { points: 10, durationSeconds: 3600 },
  },
  refresh: { ip: { points: 120, durationSeconds: 900 } },
  /**
   * Each checkout reserves stock for 30 minutes: 10 a minute per customer (a new one replaces the open one
   * anyway), and a looser cap per address for many accounts behind one network.
   */
  'create-order': {
    ip: { points: 60, durationSeconds: 60 },
    account: { points: 10, durationSeconds: 60 },
  },
  /** validate-coupon and apply-coupon together: enough for a shopper, far too few to guess codes. */
  coupon: {
    ip: { points: 100, durationSeconds: 900 },
    account: { points: 30, durationSeconds: 900 },
  },
  /** Account look-ups and saves (which check the owner's password): plenty for a person, too few to probe. */
  'bank-account': {
    ip: { points: 60, durationSeconds: 900 },
    account: { points: 20, durationSeconds: 900 },
  },
  /** The public contact form mails a person: a few messages an hour per address and per sender's email. */
  contact: {
    ip: { points: 10, durationSeconds: 3600 },
    email: { points: 5, durationSeconds: 3600 },
  },
  /** Each request mails a link to an address the customer typed (and checks their password). */
  'email-change': {
    ip: { points: 20, durationSeconds: 3600 },
    account: { points: 5, durationSeconds: 3600 },
  },
  /** Reviews and testimonials written by one account: plenty for a shopper, too few to flood a store. */
  review: {
    ip: { points: 60, durationSeconds: 3600 },
    account: { points: 20, durationSeconds: 3600 },
  },
};

export interface RateLimits {
  /** `account` is the signed-in account's id, for policies counted per account whatever the address. */
  consume(policy: RateLimitPolicy, key: { ip: string; email?: string; account?: string }): Promise<void>;
  /** Forgets the per-email counts after a success, so a person's own typos do not pile up. */
  reset(policy: RateLimitPolicy, key: { ip: string; email: string }): Promise<void>;
  /** Lifts every count and lock of an email (its owner proved the mailbox by resetting the password). */
  forgive(policy: RateLimitPolicy, email: string): Promise<void>;
}

/**
 * What several server processes must count together even without Redis: guesses at a password and reset mails
 * to one address. They live in PostgreSQL (one upsert per count; sign-in is bound by argon2 anyway), the rest in
 * each process's memory, where a limit is per process (ADR 043).
 */
export const SHARED_IN_POSTGRES: readonly RateLimitPolicy[] = ['login', 'forgot-password'];

/**
 * Counters in Redis when given one (every policy, shared by every process); else, with `postgres`, the policies of
 * SHARED_IN_POSTGRES in its `rate_limit_counters` table and the others in process; else all in process.
 */
export function createRateLimits(
  options: { redis?: Redis; postgres?: Db; limits?: typeof defaultLimits } = {},
): RateLimits {
  const limits = options.limits ?? defaultLimits;
  let sweeping = false;
  const make = (name: string, limit: Limit): RateLimiterAbstract => {
    const settings = { keyPrefix: `rl:${name}`, points: limit.points, duration: limit.durationSeconds };
    if (options.redis) return new RateLimiterRedis({ storeClient: options.redis, ...settings });
    const policy = name.split(':')[0] as RateLimitPolicy;
    if (options.postgres && SHARED_IN_POSTGRES.includes(policy)) {
      // Each limiter would otherwise sweep the whole table for expired rows every five minutes: one is enough.
      const clearExpiredByTimeout = !sweeping;
      sweeping = true;
      return new RateLimiterDrizzle({
        storeClient: options.postgres,
        schema: rateLimitCounters,
        clearExpiredByTimeout,
        ...settings,
      });
    }
    return new RateLimiterMemory(settings);
  };

  type Lockout = { lock: RateLimiterAbstract; strikes: RateLimiterAbstract; settings: Limit['lockout'] & {} };
  const lockouts = Object.fromEntries(
    Object.entries(limits).flatMap(([policy, set]) =>
      set.email?.lockout
        ? [
            [
              policy,
              {
                lock: make(`${policy}:lock`, { points: 1, durationSeconds: set.email.lockout.maxSeconds }),
                strikes: make(`${policy}:strikes`, { points: 1_000_000, durationSeconds: 24 * 3600 }),
                settings: set.email.lockout,
              },
            ],
          ]
        : [],
    ),
  ) as Partial<Record<RateLimitPolicy, Lockout>>;

  const rateLimited = (msBeforeNext: number) =>
    new AppError('RATE_LIMITED', 'Too many attempts. Please wait and try again.', undefined, {
      'retry-after': String(Math.max(1, Math.ceil(msBeforeNext / 1000))),
    });

  /** Throws while the email is locked; locks it for longer each time its budget runs out. */
  async function takeWithLockout(limiter: RateLimiterAbstract, lockout: Lockout, email: string) {
    const locked = await lockout.lock.get(email);
    if (locked && locked.consumedPoints > 1 && locked.msBeforeNext > 0)
      throw rateLimited(locked.msBeforeNext);
    try {
      await limiter.consume(email);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const strikes = await lockout.strikes.penalty(email, 1);
      const seconds = Math.min(
        lockout.settings.maxSeconds,
        lockout.settings.baseSeconds * 2 ** Math.max(0, strikes.consumedPoints - 1),
      );
      await lockout.lock.block(email, seconds);
      await limiter.delete(email);
      throw rateLimited(seconds * 1000);
    }
  }

  const limiters = Object.fromEntries(
    Object.entries(limits).map(([policy, set]) => [
      policy,
      {
        ip: make(`${policy}:ip`, set.ip),
        emailAndIp: set.emailAndIp ? make(`${policy}:email-ip`, set.emailAndIp) : undefined,
        email: set.email ? make(`${policy}:email`, set.email) : undefined,
        account: set.account ? make(`${policy}:account`, set.account) : undefined,
      },
    ]),
  ) as Record<
    RateLimitPolicy,
    {
      ip: RateLimiterAbstract;
      emailAndIp?: RateLimiterAbstract;
      email?: RateLimiterAbstract;
      account?: RateLimiterAbstract;
    }
  >;

  async function take(limiter: RateLimiterAbstract | undefined, key: string | undefined) {
    if (!limiter || !key) return;
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw rateLimited(rejection.msBeforeNext);
      throw rejection;
    }
  }

  return {
    async consume(policy, key) {
      const set = limiters[policy];
      const email = key.email?.trim().toLowerCase();
      await take(set.account, key.account);
      await take(set.ip, key.ip);
      await take(set.emailAndIp, email ? `${email}|${key.ip}` : undefined);
      const lockout = lockouts[policy];
      if (lockout && set.email && email) await takeWithLockout(set.email, lockout, email);
      else await take(set.email, email);
    },
    async reset(policy, key) {
      const email = key.email.trim().toLowerCase();
      await limiters[policy].emailAndIp?.delete(`${email}|${key.ip}`);
      if (lockouts[policy]) await limiters[policy].email?.delete(email);
    },
    async forgive(policy, rawEmail) {
      const email = rawEmail.trim().toLowerCase();
      await limiters[policy].email?.delete(email);
      await lockouts[policy]?.lock.delete(email);
      await lockouts[policy]?.strikes.delete(email);
    },
  };
}
