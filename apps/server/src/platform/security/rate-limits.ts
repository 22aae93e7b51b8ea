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

/**
 * The email's limit across every address refused (issue 31): strangers, not this caller's own tries, may have
 * spent it. Sign-in answers it by asking for a mailed code instead of holding the owner out.
 */
export class EmailLocked extends AppError {}

export type RateLimitPolicy =
  | 'login'
  | 'sign-in-code'
  | 'signup'
  | 'forgot-password'
  | 'refresh'
  | 'create-order'
  | 'coupon'
  | 'bank-account'
  | 'contact'
  | 'email-change'
  | 'review'
  | 'upload'
  | 'store-mail'
  | 'tracking'
  | 'bulk-catalog';

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
 * Sign-in follows OWASP's advice against account lockout as a weapon (issue 24). Counted per address, per email
 * and address pair, and per email across every address:
 * - the pair locks with growing back-off: a guesser at one address loses only that address;
 * - the email's count across every address (a botnet or forged X-Forwarded-For) locks the email with growing
 *   back-off, but only for addresses the owner has not signed in from before: from an address the caller names
 *   as known (`knownAddress`: the account had a session from it lately), the owner still gets in, and the pair's
 *   own limit applies there.
 * Locks apply even to the right password (otherwise they would tell a guesser which guess was right); a password
 * reset lifts every lock of the email. Forgot-password also caps mails per email, whatever the IP.
 */
export const defaultLimits: Record<
  RateLimitPolicy,
  { ip?: Limit; emailAndIp?: Limit; email?: Limit; account?: Limit; accountPerDay?: Limit }
> = {
  login: {
    ip: { points: 50, durationSeconds: 900 },
    emailAndIp: { points: 10, durationSeconds: 900, lockout: { baseSeconds: 900, maxSeconds: 24 * 3600 } },
    email: { points: 20, durationSeconds: 900, lockout: { baseSeconds: 900, maxSeconds: 24 * 3600 } },
  },
  signup: { ip: { points: 20, durationSeconds: 3600 }, emailAndIp: { points: 5, durationSeconds: 3600 } },
  /** Sign-in codes mailed to one account while its sign-ins are under attack: a few an hour. */
  'sign-in-code': {
    ip: { points: 20, durationSeconds: 3600 },
    email: { points: 3, durationSeconds: 3600 },
  },
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
  /**
   * The signed-out tracking page (issue 36): a customer refreshing while the rider nears is a few reads a minute;
   * a guesser of links gets 30 a minute per address, against a 96-bit signature.
   */
  tracking: {
    ip: { points: 30, durationSeconds: 60 },
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
  /**
   * Every multipart upload (images are decoded and encoded: seconds of CPU each): enough for a merchant filling a
   * catalogue, too few to keep the image workers busy for others (ADR 042). Every upload needs an account, so the
   * per-address budget is loose: many shoppers share one carrier-grade NAT address.
   */
  upload: {
    ip: { points: 1000, durationSeconds: 900 },
    account: { points: 100, durationSeconds: 900 },
  },
  /**
   * Mails a store's people make the platform send to addresses they typed (staff invitations, issue 31), counted per
   * store whoever of its staff acts: a team is invited in an afternoon, a mail cannon is not.
   */
  'store-mail': {
    account: { points: 20, durationSeconds: 3600 },
    accountPerDay: { points: 50, durationSeconds: 24 * 3600 },
  },
  /**
   * Catalogue spreadsheets checked or applied, counted per store whoever of its staff uploads (ADR 077): each reads
   * the store's whole catalogue, so a fix-and-retry afternoon fits, a loop does not.
   */
  'bulk-catalog': { account: { points: 60, durationSeconds: 3600 } },
};

export interface RateLimits {
  /**
   * `account` is the signed-in account's id, for policies counted per account whatever the address.
   * `knownAddress`: the email's owner has signed in from this address before, so the email's lock across every
   * address does not hold them out (its pair's limit still does).
   */
  consume(
    policy: RateLimitPolicy,
    key: { ip?: string; email?: string; account?: string; knownAddress?: boolean },
  ): Promise<void>;
  /**
   * After a success: forgets the per-email counts, so a person's own typos do not pile up.
   */
  reset(policy: RateLimitPolicy, key: { ip: string; email: string }): Promise<void>;
  /**
   * Lifts every count and lock of an email across addresses (its owner proved the mailbox by resetting the
   * password); with `ip`, also the lock of that address and the email.
   */
  forgive(policy: RateLimitPolicy, email: string, ip?: string): Promise<void>;
}

/**
 * Counters in Redis when given one; else, with `postgres`, in its `rate_limit_counters` table (one upsert per
 * count): either way every policy is shared by every server process (ADR 043, issue 31: a limit counted per process
 * let two processes take twice the contact form's budget). Else (the embedded PGlite, one process) all in process.
 */
export function createRateLimits(
  options: { redis?: Redis; postgres?: Db; limits?: typeof defaultLimits } = {},
): RateLimits {
  const limits = options.limits ?? defaultLimits;
  let sweeping = false;
  const make = (name: string, limit: Limit): RateLimiterAbstract => {
    const settings = { keyPrefix: `rl:${name}`, points: limit.points, duration: limit.durationSeconds };
    if (options.redis) return new RateLimiterRedis({ storeClient: options.redis, ...settings });
    if (options.postgres) {
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
  const lockoutOf = (name: string, settings: Limit['lockout'] & {}): Lockout => ({
    lock: make(`${name}:lock`, { points: 1, durationSeconds: settings.maxSeconds }),
    strikes: make(`${name}:strikes`, { points: 1_000_000, durationSeconds: 24 * 3600 }),
    settings,
  });
  const lockouts = Object.fromEntries(
    Object.entries(limits).map(([policy, set]) => [
      policy,
      {
        email: set.email?.lockout ? lockoutOf(policy, set.email.lockout) : undefined,
        emailAndIp: set.emailAndIp?.lockout
          ? lockoutOf(`${policy}:email-ip`, set.emailAndIp.lockout)
          : undefined,
      },
    ]),
  ) as Record<RateLimitPolicy, { email?: Lockout; emailAndIp?: Lockout }>;

  const rateLimited = (msBeforeNext: number) =>
    new AppError('RATE_LIMITED', 'Too many attempts. Please wait and try again.', undefined, {
      'retry-after': String(Math.max(1, Math.ceil(msBeforeNext / 1000))),
    });

  /** Throws while the key is locked; locks it for longer each time its budget runs out. */
  async function takeWithLockout(limiter: RateLimiterAbstract, lockout: Lockout, key: string) {
    const locked = await lockout.lock.get(key);
    if (locked && locked.consumedPoints > 1 && locked.msBeforeNext > 0)
      throw rateLimited(locked.msBeforeNext);
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const strikes = await lockout.strikes.penalty(key, 1);
      const seconds = Math.min(
        lockout.settings.maxSeconds,
        lockout.settings.baseSeconds * 2 ** Math.max(0, strikes.consumedPoints - 1),
      );
      await lockout.lock.block(key, seconds);
      await limiter.delete(key);
      throw rateLimited(seconds * 1000);
    }
  }

  const limiters = Object.fromEntries(
    Object.entries(limits).map(([policy, set]) => [
      policy,
      {
        ip: set.ip ? make(`${policy}:ip`, set.ip) : undefined,
        emailAndIp: set.emailAndIp ? make(`${policy}:email-ip`, set.emailAndIp) : undefined,
        email: set.email ? make(`${policy}:email`, set.email) : undefined,
        account: set.account ? make(`${policy}:account`, set.account) : undefined,
        accountPerDay: set.accountPerDay ? make(`${policy}:account-day`, set.accountPerDay) : undefined,
      },
    ]),
  ) as Record<
    RateLimitPolicy,
    {
      ip?: RateLimiterAbstract;
      emailAndIp?: RateLimiterAbstract;
      email?: RateLimiterAbstract;
      account?: RateLimiterAbstract;
      accountPerDay?: RateLimiterAbstract;
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

  /** Lifts a lock and its strikes. */
  async function unlock(lockout: Lockout | undefined, key: string) {
    await lockout?.lock.delete(key);
    await lockout?.strikes.delete(key);
  }

  return {
    async consume(policy, key) {
      const set = limiters[policy];
      const locks = lockouts[policy];
      const email = key.email?.trim().toLowerCase();
      const pair = email && key.ip ? `${email}|${key.ip}` : undefined;
      await take(set.account, key.account);
      await take(set.accountPerDay, key.account);
      await take(set.ip, key.ip);
      if (pair && set.emailAndIp && locks.emailAndIp)
        await takeWithLockout(set.emailAndIp, locks.emailAndIp, pair);
      else await take(set.emailAndIp, pair);
      if (!email || !set.email) return;
      // The owner's own address is never held out by what strangers did elsewhere; its pair's limit holds it.
      if (key.knownAddress) return;
      try {
        if (locks.email) await takeWithLockout(set.email, locks.email, email);
        else await take(set.email, email);
      } catch (error) {
        if (!(error instanceof AppError) || !locks.email) throw error;
        throw new EmailLocked(error.code, error.message, undefined, error.headers);
      }
    },
    async reset(policy, key) {
      const email = key.email.trim().toLowerCase();
      const pair = `${email}|${key.ip}`;
      await limiters[policy].emailAndIp?.delete(pair);
      if (lockouts[policy].email) await limiters[policy].email?.delete(email);
    },
    async forgive(policy, rawEmail, ip) {
      const email = rawEmail.trim().toLowerCase();
      const locks = lockouts[policy];
      await limiters[policy].email?.delete(email);
      await unlock(locks.email, email);
      if (ip === undefined) return;
      const pair = `${email}|${ip}`;
      await limiters[policy].emailAndIp?.delete(pair);
      await unlock(locks.emailAndIp, pair);
    },
  };
}
