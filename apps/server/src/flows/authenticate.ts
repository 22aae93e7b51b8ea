import { type AccountKind, accountKinds, sessionCookies } from '@market/contracts';
import { findAdminCustomRole } from '../modules/admins/index.js';
import {
  type AuthService,
  authorize,
  type CallerFacts,
  type CookieTokenOptions,
  readsCustomRole,
  resolveCaller,
  verifyCaller,
} from '../modules/auth/index.js';
import { findActiveMembership } from '../modules/stores/index.js';
import type { AccessClaims } from '../platform/auth/tokens.js';
import type { Db } from '../platform/db/client.js';
import type { Deps } from '../platform/deps.js';
import type { Authenticate } from '../platform/http/routes.js';

/**
 * The guard every route is mounted with, as a flow of three modules' steps (issue 30, ADR 115 amended): auth checks
 * the token, the account kind and the live session; the stores module answers a merchant's active membership and
 * the admins module an admin's custom role; auth resolves the caller and checks the permission the endpoint names.
 * Stores and admins import auth, so auth cannot read them itself.
 */
export function createAuthenticate(
  deps: Deps,
  auth: AuthService,
  options: CookieTokenOptions = {},
): Authenticate {
  return async (request, access) => {
    const claims = await verifyCaller(deps.tokens, request, access, options);
    if (!claims) return null;
    const account = await auth.checkSession(claims);
    const caller = resolveCaller(claims, await callerFacts(deps.db, claims));
    authorize(claims, caller, access);
    return { ...caller, sessionId: claims.sessionId, tokenExpiresAt: claims.expiresAt, account };
  };
}

/** What the stores and admins modules know of the caller: one read for a merchant or an admin, none otherwise. */
async function callerFacts(db: Db, claims: AccessClaims): Promise<CallerFacts> {
  if (claims.kind === 'merchant') return { membership: await findActiveMembership(db, claims.userId) };
  if (readsCustomRole(claims)) return { customRole: await findAdminCustomRole(db, claims.userId) };
  return {};
}

/**
 * The guards the app mounts: by the bearer token; the themes service's, which also takes the merchant's `token`
 * cookie (specification section 6); and each account kind's access cookie, for what a browser loads itself.
 */
export function createGuards(deps: Deps, auth: AuthService) {
  const trustedOrigins = [deps.config.publicUrl, ...deps.config.corsOrigins];
  return {
    authenticate: createAuthenticate(deps, auth),
    authenticateWithCookie: createAuthenticate(deps, auth, {
      cookie: sessionCookies.merchant.access,
      trustedOrigins,
    }),
    authenticateByCookie: Object.fromEntries(
      accountKinds.map((kind) => [
        kind,
        createAuthenticate(deps, auth, { cookie: sessionCookies[kind].access, trustedOrigins }),
      ]),
    ) as Record<AccountKind, Authenticate>,
  };
}
