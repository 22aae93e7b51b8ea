import type { Access } from '@market/contracts';
import type { FastifyRequest } from 'fastify';
import type { TokenSigner } from '../../platform/auth/tokens.js';
import { AppError, forbidden } from '../../platform/errors.js';
import type { AuthContext, Authenticate } from '../../platform/http/routes.js';
import type { AuthService } from './auth.service.js';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** Checks the bearer token, the account kind and admin role the endpoint allows, and that the session is live. */
export function createAuthenticate(tokens: TokenSigner, auth: AuthService): Authenticate {
  return async (request: FastifyRequest, access: Access): Promise<AuthContext | null> => {
    if (access.kind === 'public') return null;
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHORIZED', 'Please sign in to continue');
    const claims = await tokens.verify(token);
    if (!access.accounts.includes(claims.kind)) throw forbidden('This account type cannot use this endpoint');
    if (claims.kind === 'admin' && access.adminRoles && !access.adminRoles.includes(claims.role as never)) {
      throw forbidden('Only a super admin can do this');
    }
    await auth.checkSession(claims);
    return { ...claims, tokenExpiresAt: claims.expiresAt };
  };
}
