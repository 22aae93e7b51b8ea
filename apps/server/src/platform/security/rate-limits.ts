import type { Redis } from 'ioredis';
import { bound } from '../bound.js';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { consume, forgive, rateLimitsContext, reset } from './rate-limits.steps.js';

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

export interface Limit {
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
  const ctx = rateLimitsContext(options, options.limits ?? defaultLimits);
  return { consume: bound(ctx, consume), reset: bound(ctx, reset), forgive: bound(ctx, forgive) };
}
