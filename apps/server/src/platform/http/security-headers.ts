import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers for these options, worked out once. @fastify/helmet ran `helmet(options)` on every request,
 * which parses the content security policy's directives again each time (about 3 % of a cached read's CPU); our
 * headers depend on the options alone (no per-request nonces), so they are computed at start and copied on.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * What protects a script or stylesheet the page loads: no sniffing it as another type, no other site reading it, and
 * HTTPS only. A document's policies (CSP, framing, referrer, COOP…) do nothing on them.
 */
const SUBRESOURCE_HEADERS = [
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
];

/** The web build's fingerprinted files (`/assets/index-3f2a.js`): scripts, styles and fonts, never a document. */
const BUILT_ASSET = /^\/assets\/[^/?]+\.(?:js|css|woff2?)(?:\?|$)/;

/**
 * Sends helmet's headers with every answer, as @fastify/helmet did, without building them per request. The built
 * scripts and styles get only the ones that apply to them: the others came to about 700 bytes per file, which a
 * phone downloaded six times before a page was usable (the first-load budget counts headers, e2e/bundle-budget).
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  const subresourceHeaders = Object.fromEntries(
    Object.entries(headers).filter(([name]) => SUBRESOURCE_HEADERS.includes(name)),
  );
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(BUILT_ASSET.test(request.url) ? subresourceHeaders : headers);
    done();
  });
}
