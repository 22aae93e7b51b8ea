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
import {
  type defaultLimits,
  EmailLocked,
  type Limit,
  type RateLimitPolicy,
  type RateLimits,
} from './rate-limits.js';
import { rateLimitCounters } from './rate-limits.schema.js';

type Lockout = { lock: RateLimiterAbstract; strikes: RateLimiterAbstract; settings: Limit['lockout'] & {} };

/** Each policy's limiters and lockouts (ADR 106): built once by `createRateLimits`, given to each step. */
export interface RateLimitsContext {
  limiters: Record<
    RateLimitPolicy,
    {
      ip?: RateLimiterAbstract;
      emailAndIp?: RateLimiterAbstract;
      email?: RateLimiterAbstract;
      account?: RateLimiterAbstract;
      accountPerDay?: RateLimiterAbstract;
    }
  >;
  lockouts: Record<RateLimitPolicy, { email?: Lockout; emailAndIp?: Lockout }>;
}

/** The limiters of every policy, in Redis, PostgreSQL or memory (see `createRateLimits`). */
export function rateLimitsContext(
  options: { redis?: Redis; postgres?: Db },
  limits: typeof defaultLimits,
): RateLimitsContext {
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
  ) as RateLimitsContext['lockouts'];
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
  ) as RateLimitsContext['limiters'];
  return { limiters, lockouts };
}

const rateLimited = (msBeforeNext: number) =>
  new AppError('RATE_LIMITED', 'Too many attempts. Please wait and try again.', undefined, {
    'retry-after': String(Math.max(1, Math.ceil(msBeforeNext / 1000))),
  });

/** Throws while the key is locked; locks it for longer each time its budget runs out. */
async function takeWithLockout(limiter: RateLimiterAbstract, lockout: Lockout, key: string) {
  const locked = await lockout.lock.get(key);
  if (locked && locked.consumedPoints > 1 && locked.msBeforeNext > 0) throw rateLimited(locked.msBeforeNext);
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

export async function consume(
  ctx: RateLimitsContext,
  policy: RateLimitPolicy,
  key: Parameters<RateLimits['consume']>[1],
): Promise<void> {
  const set = ctx.limiters[policy];
  const locks = ctx.lockouts[policy];
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
}

export async function reset(
  ctx: RateLimitsContext,
  policy: RateLimitPolicy,
  key: Parameters<RateLimits['reset']>[1],
): Promise<void> {
  const email = key.email.trim().toLowerCase();
  const pair = `${email}|${key.ip}`;
  await ctx.limiters[policy].emailAndIp?.delete(pair);
  if (ctx.lockouts[policy].email) await ctx.limiters[policy].email?.delete(email);
}

export async function forgive(
  ctx: RateLimitsContext,
  policy: RateLimitPolicy,
  rawEmail: string,
  ip?: string,
): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  const locks = ctx.lockouts[policy];
  await ctx.limiters[policy].email?.delete(email);
  await unlock(locks.email, email);
  if (ip === undefined) return;
  const pair = `${email}|${ip}`;
  await ctx.limiters[policy].emailAndIp?.delete(pair);
  await unlock(locks.emailAndIp, pair);
}
