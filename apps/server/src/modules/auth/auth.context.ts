import type { MerchantProfile } from '@market/contracts';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
// What the auth service's functions share (ADR 091): the platform's deps, the clock and the public address
// mailed links point to.

/** Where a request came from, for rate limits, sessions and the sign-in lockout. */
export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

/** A merchant's store as the account screens show it. */
export type MerchantStore = MerchantProfile['store'];

/** What the auth service's functions work with. */
export interface AuthContext {
  deps: Deps;
  db: Db;
  /** The platform's clock, read at each call (a test may move it). */
  now(): Date;
  /** The web app's address of a path, for a mailed link. */
  link(path: string): string;
}

export function authContext(deps: Deps): AuthContext {
  return {
    deps,
    db: deps.db,
    now: () => deps.now(),
    link: (path) => `${deps.config.publicUrl}${path}`,
  };
}

/** `users.role` of a merchant account created by a store for its staff (its store role is the membership's). */
export const STAFF_ACCOUNT_ROLE = 'staff';

/** The refusal of a deactivated account, at sign-in, refresh and on every request. */
export const DEACTIVATED = 'This account has been deactivated. Please contact support.';
