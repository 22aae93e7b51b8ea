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

/**
 * Tokens whose signature was checked, kept so that a caller's next requests do not check it again (ADR 055): jose
 * verifies HS256 through WebCrypto, a job and a promise per request, about 4 % of the server's time per checkout.
 * The claims of a token never change, so a token that verified once verifies again until it expires, which is
 * still checked on every request; the session (revocation, role, deactivation) is read on every request as before.
 * Bounded: the oldest verified token is dropped first.
 */
const VERIFIED_TOKENS_KEPT = 4096;

export interface TokenSigner {
  sign(claims: AccessClaims): Promise<{ token: string; expiresAt: Date }>;
  verify(token: string): Promise<AccessClaims & { expiresAt: Date }>;
}

export function createTokenSigner(secret: string, now: () => Date = () => new Date()): TokenSigner {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, AccessClaims & { expiresAt: Date }>();
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
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt.getTime() > now().getTime()) return known;
        verified.delete(token);
        throw new AppError('TOKEN_EXPIRED', 'Your session has expired. Please sign in again');
      }
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
        const claims = Object.freeze({
          userId: sub,
          sessionId: sid,
          kind: kind as AccountKind,
          role: typeof role === 'string' ? role : null,
          expiresAt: new Date(exp * 1000),
        });
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
        verified.set(token, claims);
        return claims;
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
