import { type ErrorEnvelope, surfaceBases } from '@market/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route of the response cache (routes.ts `cached`): while busy it still serves what it holds (ADR 110). */
    cachedRead?: boolean;
  }
}

/** Seconds a refused client is asked to wait: the queue behind the bound drains in well under that. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

const BUSY: ErrorEnvelope = {
  message: 'We are busy right now. Please try again in a moment.',
  error: 'SERVICE_UNAVAILABLE',
};

/** A file by its name (`/assets/index-3f2a.js`, `/media/images/….webp`, `/favicon.ico`): never waits on the database. */
const FILE = /\.[a-z0-9]+$/i;

/** Prefixes that are never a page of the web app: the three HTTP surfaces, uploads and the built assets. */
const NOT_PAGES = [...Object.values(surfaceBases), '/media', '/assets'];

/**
 * Page navigations that came while the database was busy: they are answered with the web app's plain shell (no
 * server rendering, no page data), which the browser renders and fills from the API, whose reads retry a 503.
 */
const plainPages = new WeakSet<FastifyRequest>();

/** Whether this page request is to get the plain shell rather than a server-rendered page (the database is busy). */
export const servePlainPage = (request: FastifyRequest): boolean => plainPages.has(request);

/** Reads of cached routes that came while the database was busy: served if the cache holds them, refused if not. */
const refusedOnMiss = new WeakSet<FastifyRequest>();

/** Whether this cached read is to be refused unless the cache answers it (the database was busy when it came). */
export const refusedIfMissed = (request: FastifyRequest): boolean => refusedOnMiss.has(request);

/** The refusal: 503 with `Retry-After`, in the error envelope. */
export const refuseBusy = (reply: FastifyReply) =>
  reply.code(503).header('retry-after', String(BUSY_RETRY_AFTER_SECONDS)).send(BUSY);

/**
 * Load shedding for the embedded database (ADR 054): while its queue is past its bound, a new request is refused at
 * once with 503 and `Retry-After`, in the error envelope, instead of joining a queue that would take it past any
 * client's patience. The refusal comes before any work, so nothing is half done; requests already in go on, and
 * their queries are never refused. Files are served as ever, and a page gets the web app's plain shell. A read of the
 * response cache is refused only if the cache cannot answer it (ADR 110). The answer is sent here rather than thrown: a refusal
 * costs no stack trace and no error log line beyond the request's own, when the server is short of time already.
 */
export function refuseWhileBusy(app: FastifyInstance, busy: () => boolean): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!busy()) return;
    const path = request.url.split('?', 1)[0]!;
    if (FILE.test(path)) return;
    // A page is never refused with JSON: a browser would show the envelope, not the sign-in form it asked for.
    const page = !NOT_PAGES.some((base) => path === base || path.startsWith(`${base}/`));
    if (page && (request.method === 'GET' || request.method === 'HEAD')) {
      plainPages.add(request);
      return;
    }
    // A cached read asks the database nothing when the cache holds it (fresh or stale): it decides after its look-up.
    if (request.routeOptions.config?.cachedRead) {
      refusedOnMiss.add(request);
      return;
    }
    return refuseBusy(reply);
  });
}
