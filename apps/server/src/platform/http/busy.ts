import type { ErrorEnvelope } from '@market/contracts';
import type { FastifyInstance } from 'fastify';

/** Seconds a refused client is asked to wait: the queue behind the bound drains in well under that. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

const BUSY: ErrorEnvelope = {
  message: 'We are busy right now. Please try again in a moment.',
  error: 'SERVICE_UNAVAILABLE',
};

/** A file by its name (`/assets/index-3f2a.js`, `/media/images/….webp`, `/favicon.ico`): never waits on the database. */
const FILE = /\.[a-z0-9]+$/i;

/**
 * Load shedding for the embedded database (ADR 054): while its queue is past its bound, a new request is refused at
 * once with 503 and `Retry-After`, in the error envelope, instead of joining a queue that would take it past any
 * client's patience. The refusal comes before any work, so nothing is half done; requests already in go on, and
 * their queries are never refused. Files are served as ever. The answer is sent here rather than thrown: a refusal
 * costs no stack trace and no error log line beyond the request's own, when the server is short of time already.
 */
export function refuseWhileBusy(app: FastifyInstance, busy: () => boolean): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!busy()) return;
    const path = request.url.split('?', 1)[0]!;
    if (FILE.test(path)) return;
    return reply.code(503).header('retry-after', String(BUSY_RETRY_AFTER_SECONDS)).send(BUSY);
  });
}
