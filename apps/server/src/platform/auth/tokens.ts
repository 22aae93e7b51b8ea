import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, type AccountKind } from '@market/contracts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../errors.js';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  kind: AccountKind;
  role: string | null;
}

const ISSUER = 'naija-market';

export interface TokenSigner {
  sign(claims: AccessClaims): Promise<{ token: string; expiresAt: Date }>;
  verify(token: string): Promise<AccessClaims & { expiresAt: Date }>;
}

export function createTokenSigner(secret: string, now: () => Date = () => new Date()): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      const expiresAt = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ sid: claims.sessionId, kind: claims.kind, role: claims.role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt: new Date(expiresAt * 1000) };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: now(),
        });
        const { sub, sid, kind, role, exp } = payload;
        if (typeof sub !== 'string' || typeof sid !== 'string' || typeof kind !== 'string' || !exp) {
          throw new AppError('UNAUTHORIZED', 'Token is not valid');
        }
        return {
          userId: sub,
          sessionId: sid,
          kind: kind as AccountKind,
          role: typeof role === 'string' ? role : null,
          expiresAt: new Date(exp * 1000),
        };
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof joseErrors.JWTExpired) {
          throw new AppError('TOKEN_EXPIRED', 'Your session has expired. Please sign in again');
        }
        throw new AppError('UNAUTHORIZED', 'Token is not valid');
      }
    },
  };
}

/** An opaque random secret for links and refresh tokens; only its hash is stored. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
