import type { Socket } from 'node:net';
import type { ErrorEnvelope } from '@market/contracts';
import type { FastifyInstance } from 'fastify';

/** Path parameters longer than this are refused by the router (414 in the envelope); tokens are up to 200. */
export const MAX_PARAM_LENGTH = 256;

export interface RouteTable {
  /** The methods served at this concrete path; empty when no route matches it at all. */
  methodsOf(pathname: string): string[];
  /** The methods of a route written with exactly this path and no parameter (`/api/auth/admin/create`). */
  staticMethodsOf(pathname: string): string[];
}

const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

function patternOf(url: string): RegExp {
  const source = url
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return escapeRegExp(segment);
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/**
 * Remembers every route's path and methods, so an unknown method on a known path answers 405 with an Allow header
 * instead of 404. Must be called before routes are registered.
 */
export function recordRoutes(app: FastifyInstance): RouteTable {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  const staticRoutes = new Map<string, string[]>();
  app.addHook('onRoute', (options) => {
    if (options.url.includes('*')) return;
    const methods = (Array.isArray(options.method) ? options.method : [options.method]).map(String);
    routes.push({ pattern: patternOf(options.url), methods });
    if (!options.url.includes(':')) {
      const path = options.url.replace(/\/+$/, '');
      staticRoutes.set(path, [...(staticRoutes.get(path) ?? []), ...methods]);
    }
  });
  return {
    staticMethodsOf: (pathname) => staticRoutes.get(pathname.replace(/\/+$/, '')) ?? [],
    methodsOf(pathname) {
      const methods = new Set<string>();
      for (const route of routes) {
        if (route.pattern.test(pathname)) for (const method of route.methods) methods.add(method);
      }
      return [...methods];
    },
  };
}

/**
 * Methods the router would take for something else answer 405 with Allow (issue 34 item 31), before Fastify reads a
 * body or authenticates:
 * - QUERY, which no route serves: Fastify would refuse it with 400 for its missing content type;
 * - a fixed path taken by a templated sibling with another method (`GET /api/auth/admin/create` matched
 *   `/api/auth/admin/:id` and asked for a sign-in).
 */
export function refuseUnservedMethods(app: FastifyInstance, routes: RouteTable): void {
  app.addHook('onRequest', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const templated = request.routeOptions.url?.includes(':') ?? false;
    if (request.method !== 'QUERY' && !templated) return;
    const fixed = templated ? routes.staticMethodsOf(pathname) : [];
    if (templated && (fixed.length === 0 || fixed.includes(request.method))) return;
    const allowed = request.method === 'QUERY' ? routes.methodsOf(pathname) : fixed;
    if (allowed.length === 0)
      return reply.code(404).send({ message: 'Not found', error: 'NOT_FOUND' } satisfies ErrorEnvelope);
    return reply
      .code(405)
      .header('allow', allowed.join(', '))
      .send({
        message: 'This method is not allowed here',
        error: 'METHOD_NOT_ALLOWED',
      } satisfies ErrorEnvelope);
  });
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (headers or URL over `maxHeaderSize`, a timeout,
 * bytes that are not HTTP): still the envelope, written straight to the socket.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, body]: [number, string, ErrorEnvelope] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [414, 'URI Too Long', { message: 'The address or headers are too long', error: 'URI_TOO_LONG' }]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', { message: 'The request took too long', error: 'BAD_REQUEST' }]
        : [400, 'Bad Request', { message: 'The request could not be understood', error: 'BAD_REQUEST' }];
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}
