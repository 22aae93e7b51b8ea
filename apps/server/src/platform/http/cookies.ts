import { type AccountKind, REFRESH_TOKEN_TTL_SECONDS, sessionCookies } from '@market/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { getDomain } from 'tldts';

/** The parent (registrable) domain, so that shop.example.ng and api.example.ng share the session; none on localhost. */
export function cookieDomainFor(hostname: string, configured?: string): string | undefined {
  if (configured) return configured;
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return undefined;
  const domain = getDomain(hostname, { allowPrivateDomains: true });
  return domain && domain !== hostname ? `.${domain}` : undefined;
}

export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: AccountKind,
  tokens: { accessToken: string; refreshToken: string },
  configuredDomain?: string,
): void {
  const names = sessionCookies[kind];
  const base = {
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    domain: cookieDomainFor(request.hostname.split(':')[0] ?? request.hostname, configuredDomain),
    path: '/',
  };
  // The web app reads the access cookie (themes calls send it as a bearer token); the refresh cookie stays HttpOnly.
  reply.setCookie(names.access, tokens.accessToken, {
    ...base,
    httpOnly: false,
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
  reply.setCookie(names.refresh, tokens.refreshToken, {
    ...base,
    httpOnly: true,
    path: '/api/auth',
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

export function clearSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: AccountKind,
  configuredDomain?: string,
): void {
  const names = sessionCookies[kind];
  const domain = cookieDomainFor(request.hostname.split(':')[0] ?? request.hostname, configuredDomain);
  reply.clearCookie(names.access, { path: '/', domain });
  reply.clearCookie(names.refresh, { path: '/api/auth', domain });
}
