import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { AppError } from '../errors.js';

export type RateLimitPolicy = 'login' | 'signup' | 'forgot-password' | 'refresh';

interface Limit {
  points: number;
  durationSeconds: number;
}

/**
 * Per IP, and per email from that IP: a stranger who hammers someone's email from elsewhere spends only their own
 * budget, so the owner can still sign in. Forgot-password also caps mails per email, whatever the IP.
 */
export const defaultLimits: Record<RateLimitPolicy, { ip: Limit; emailAndIp?: Limit; email?: Limit }> = {
  login: { ip: { points: 50, durationSeconds: 900 }, emailAndIp: { points: 10, durationSeconds: 900 } },
  signup: { ip: { points: 20, durationSeconds: 3600 }, emailAndIp: { points: 5, durationSeconds: 3600 } },
  'forgot-password': {
    ip: { points: 20, durationSeconds: 3600 },
    emailAndIp: { points: 5, durationSeconds: 3600 },
    email: { points: 10, durationSeconds: 3600 },
  },
  refresh: { ip: { points: 120, durationSeconds: 900 } },
};

export interface RateLimits {
  consume(policy: RateLimitPolicy, key: { ip: string; email?: string }): Promise<void>;
  /** Forgets the per-email count after a success, so a person's own typos do not pile up. */
  reset(policy: RateLimitPolicy, key: { ip: string; email: string }): Promise<void>;
}

export function createRateLimits(options: { redis?: Redis; limits?: typeof defaultLimits } = {}): RateLimits {
  const limits = options.limits ?? defaultLimits;
  const make = (name: string, limit: Limit): RateLimiterAbstract =>
    options.redis
      ? new RateLimiterRedis({
          storeClient: options.redis,
          keyPrefix: `rl:${name}`,
          points: limit.points,
          duration: limit.durationSeconds,
        })
      : new RateLimiterMemory({
          keyPrefix: `rl:${name}`,
          points: limit.points,
          duration: limit.durationSeconds,
        });

  const limiters = Object.fromEntries(
    Object.entries(limits).map(([policy, set]) => [
      policy,
      {
        ip: make(`${policy}:ip`, set.ip),
        emailAndIp: set.emailAndIp ? make(`${policy}:email-ip`, set.emailAndIp) : undefined,
        email: set.email ? make(`${policy}:email`, set.email) : undefined,
      },
    ]),
  ) as Record<
    RateLimitPolicy,
    { ip: RateLimiterAbstract; emailAndIp?: RateLimiterAbstract; email?: RateLimiterAbstract }
  >;

  async function take(limiter: RateLimiterAbstract | undefined, key: string | undefined) {
    if (!limiter || !key) return;
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait and try again.', undefined, {
          'retry-after': String(retryAfter),
        });
      }
      throw rejection;
    }
  }

  return {
    async consume(policy, key) {
      const set = limiters[policy];
      const email = key.email?.trim().toLowerCase();
      await take(set.ip, key.ip);
      await take(set.emailAndIp, email ? `${email}|${key.ip}` : undefined);
      await take(set.email, email);
    },
    async reset(policy, key) {
      await limiters[policy].emailAndIp?.delete(`${key.email.trim().toLowerCase()}|${key.ip}`);
    },
  };
}
