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

/**
 * The documented queue bound of cache misses on the embedded database (ADR 110): at most `computing` misses ask the
 * database at once, at most `waiting` more wait their turn in order, and none waits longer than `waitMs`. A miss
 * beyond it is answered 503 with `Retry-After` at once, or when its wait is over. A miss is a read, so a refusal
 * leaves nothing half done. Bounded this way, an admitted miss is answered within its wait plus one computation
 * (a few milliseconds idle; about a second on a starved 2-core machine), inside a client's 2 s.
 */
export interface MissQueueBound {
  computing: number;
  waiting: number;
  waitMs: number;
}
export const EMBEDDED_MISS_QUEUE: MissQueueBound = { computing: 2, waiting: 16, waitMs: 1000 };

/** The misses' queue of one app: places taken, and misses waiting for one (oldest first). */
export function missQueue(bound: MissQueueBound) {
  let computing = 0;
  const waiting: { admit: (admitted: boolean) => void; timer: NodeJS.Timeout }[] = [];
  const next = () => {
    const first = waiting.shift();
    if (!first) return;
    clearTimeout(first.timer);
    computing += 1;
    first.admit(true);
  };
  return {
    enter(): Promise<boolean> {
      if (computing < bound.computing && waiting.length === 0) {
        computing += 1;
        return Promise.resolve(true);
      }
      if (waiting.length >= bound.waiting) return Promise.resolve(false);
      return new Promise((admit) => {
        const entry = {
          admit,
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(entry), 1);
            admit(false);
          }, bound.waitMs),
        };
        waiting.push(entry);
      });
    },
    leave() {
      computing -= 1;
      next();
    },
  };
}

const queueOf = new WeakMap<FastifyRequest, ReturnType<typeof missQueue>>();
const inQueue = new WeakSet<FastifyRequest>();

/** Whether this cached read's miss may ask the database now: waits its turn within the bound, false if refused. */
export async function admitMiss(request: FastifyRequest): Promise<boolean> {
  const queue = queueOf.get(request);
  if (!queue) return true;
  const admitted = await queue.enter();
  if (admitted) inQueue.add(request);
  return admitted;
}

/** The miss has its answer (or its client went): its place goes to the next one waiting. */
export function leaveMiss(request: FastifyRequest): void {
  if (!inQueue.delete(request)) return;
  queueOf.get(request)?.leave();
}

/** Reads of cached routes that came while the database was busy: served if the cache holds them, refused if not. */
const refusedOnMiss = new WeakSet<FastifyRequest>();

/** Whether this cached read is to be refused unless the cache answers it (the database was busy when it came). */
export const refusedIfMissed = (request: FastifyRequest): boolean => refusedOnMiss.has(request);

/** Requests refused for the database's sake: the request log writes them as refusals, not as failures. */
const refusals = new WeakSet<FastifyRequest>();
export const refusedAsBusy = (request: FastifyRequest): boolean => refusals.has(request);

/** The refusal: 503 with `Retry-After`, in the error envelope. */
export function refuseBusy(reply: FastifyReply) {
  refusals.add(reply.request);
  return reply.code(503).header('retry-after', String(BUSY_RETRY_AFTER_SECONDS)).send(BUSY);
}

/**
 * Load shedding for the embedded database (ADR 054): while its queue is past its bound, a new request is refused at
 * once with 503 and `Retry-After`, in the error envelope, instead of joining a queue that would take it past any
 * client's patience. The refusal comes before any work, so nothing is half done; requests already in go on, and
 * their queries are never refused. Files are served as ever, and a page gets the web app's plain shell. A read of the
 * response cache is refused only if the cache cannot answer it (ADR 110). The answer is sent here rather than thrown: a refusal
 * costs no stack trace and no error log line beyond the request's own, when the server is short of time already.
 */
export function refuseWhileBusy(
  app: FastifyInstance,
  busy: () => boolean,
  missBound: MissQueueBound = EMBEDDED_MISS_QUEUE,
): void {
  const misses = missQueue(missBound);
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.cachedRead) queueOf.set(request, misses);
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
