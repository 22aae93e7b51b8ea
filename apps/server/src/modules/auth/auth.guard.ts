import {
  type Access,
  type AccountKind,
  type AdminRole,
  adminPermissions,
  adminRolePermissions,
  type Permission,
  partnerPermissions,
  requiredPermissions,
  storePermissions,
} from '@market/contracts';
import type { FastifyRequest } from 'fastify';
import type { AccessClaims, TokenSigner } from '../../platform/auth/tokens.js';
import { AppError, forbidden } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/http/routes.js';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

export interface CookieTokenOptions {
  /** Also accept the access token from this cookie when no Authorization header is sent. */
  cookie?: string;
  /** Origins (scheme://host[:port]) whose pages may write with the cookie; the request's own host always may. */
  trustedOrigins?: readonly string[];
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The token of the cookie, when configured. The cookie is SameSite=lax, so browsers do not send it with another
 * site's writes; a write that carries it with an Origin of another site is refused all the same (defence in depth
 * against cross-site request forgery on browsers that ignore SameSite).
 */
function cookieToken(request: FastifyRequest, options: CookieTokenOptions): string | undefined {
  if (!options.cookie) return undefined;
  const token = request.cookies?.[options.cookie];
  if (!token) return undefined;
  const origin = request.headers.origin;
  if (origin && !READS.has(request.method)) {
    const trusted =
      origin === `${request.protocol}://${request.host}` || (options.trustedOrigins ?? []).includes(origin);
    if (!trusted) throw forbidden('Send the token in the Authorization header from another site');
  }
  return token;
}

/** A merchant account's active store membership, as the stores module answers it. */
export interface MembershipFact {
  storeId: string;
  role: string;
  permissions: string[];
}

/** An admin's custom role (issue 9), as the admins module answers it. */
export interface CustomRoleFact {
  name: string;
  permissions: string[];
}

/**
 * What other modules know of the caller, read by the guard's flow (`flows/authenticate.ts`) between auth's steps:
 * a merchant's membership (stores), an admin's custom role (admins). Absent: none.
 */
export interface CallerFacts {
  membership?: MembershipFact;
  customRole?: CustomRoleFact;
}

/** Whether a caller's custom role is read: an admin's, except the super admin's, who always keeps theirs. */
export const readsCustomRole = (claims: AccessClaims): boolean =>
  claims.kind === 'admin' && claims.role !== 'superadmin';

/** The permissions each account kind can hold; a policy naming several is matched against the caller's kind. */
const permissionsOfKind: Record<AccountKind, readonly string[]> = {
  customer: [],
  merchant: storePermissions,
  admin: adminPermissions,
  partner: partnerPermissions,
};

/** Who the caller is in the marketplace: their store and role there (merchants), and what they may do. */
export function resolveCaller(
  claims: AccessClaims,
  facts: CallerFacts,
): Omit<AuthContext, 'sessionId' | 'tokenExpiresAt' | 'account'> {
  const base = { userId: claims.userId, kind: claims.kind, role: claims.role };
  switch (claims.kind) {
    case 'customer':
      return { ...base, permissions: [] };
    case 'merchant': {
      const membership = facts.membership;
      if (!membership) return { ...base, permissions: [] };
      return {
        ...base,
        role: membership.role,
        storeId: membership.storeId,
        permissions: membership.permissions,
      };
    }
    case 'admin': {
      // A custom role's permissions replace the built-in role's; the super admin always keeps theirs.
      const custom = readsCustomRole(claims) ? facts.customRole : undefined;
      if (custom) return { ...base, permissions: [...custom.permissions] };
      return {
        ...base,
        permissions: [...(adminRolePermissions[(claims.role ?? 'admin') as AdminRole] ?? [])],
      };
    }
    case 'partner':
      return { ...base, permissions: [...partnerPermissions] };
  }
}

function missingPermissionMessage(caller: Pick<AuthContext, 'kind' | 'role'>, needed: readonly Permission[]) {
  const names = needed.join(' or ');
  const who = caller.role ? `Your role (${caller.role})` : `This account (${caller.kind})`;
  return `${who} does not have the ${names} permission`;
}

/**
 * The guard's first step: the bearer token (or the cookie's) checked, and the account kind the endpoint takes.
 * Null for a public endpoint. Every refusal says what is missing.
 */
export async function verifyCaller(
  tokens: TokenSigner,
  request: FastifyRequest,
  access: Access,
  options: CookieTokenOptions = {},
): Promise<(AccessClaims & { expiresAt: Date }) | null> {
  if (access.kind === 'public') return null;
  const token = bearerToken(request) ?? cookieToken(request, options);
  if (!token) throw new AppError('UNAUTHORIZED', 'Please sign in to continue');
  const claims = await tokens.verify(token);
  if (!access.accounts.includes(claims.kind)) {
    throw forbidden(`This account type (${claims.kind}) cannot use this endpoint`);
  }
  return claims;
}

/** The guard's last step: the caller holds a permission the endpoint names (a merchant through a store). */
export function authorize(
  claims: AccessClaims,
  caller: Pick<AuthContext, 'kind' | 'role' | 'storeId' | 'permissions'>,
  access: Access,
): void {
  if (requiredPermissions(access).length === 0) return;
  const needed = requiredPermissions(access).filter((permission) =>
    permissionsOfKind[claims.kind].includes(permission),
  );
  if (claims.kind === 'merchant' && !caller.storeId) {
    throw forbidden('This account is not an active member of any store');
  }
  if (!needed.some((permission) => caller.permissions.includes(permission))) {
    throw forbidden(missingPermissionMessage(caller, needed));
  }
}
