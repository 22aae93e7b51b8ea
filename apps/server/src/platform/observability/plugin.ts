import { timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { ErrorEnvelope } from '@market/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { rowsOf } from '../db/rows-of.js';
import type { Deps } from '../deps.js';
import type { JobRunner } from '../jobs/jobs.js';
import { notificationEvents } from '../notify/events.schema.js';
import {
  addMetricSources,
  httpInFlight,
  httpRequestDuration,
  httpRequests,
  type MetricSources,
  metricsRegistry,
} from './metrics.js';
import { runWithRequest } from './request-context.js';

/** The live stream's path: its open requests are the open streams, and they end with a retry hint on stop. */
const LIVE_ROUTE = '/api/live';
/** How long a screen whose stream ended because this process stops waits before it reconnects elsewhere (ms). */
export const LIVE_RETRY_MS = 2_000;

export interface ObservabilityOptions {
  deps: Pick<Deps, 'config' | 'database' | 'db' | 'lifecycle' | 'logger'>;
  scheduler: Pick<JobRunner, 'stats'>;
  /** The open live streams, when their module counts them; otherwise the open requests to /api/live are counted. */
  liveStreams?: () => number;
}

/** Answers with a constant-time comparison whether the caller sent `Authorization: Bearer <token>`. */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const sent = request.headers.authorization ?? '';
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Observability for one app (issue 33, ADR 069): the request's id carried to everything its work does, HTTP
 * metrics by route pattern, the gauges' sources, `Connection: close` while draining, a retry hint for live streams
 * when the process stops, and `/metrics` behind a bearer token when `METRICS_TOKEN` is set (the separate metrics
 * port, `METRICS_PORT`, is opened by main.ts).
 */
export const observability = fp<ObservabilityOptions>(
  async (app: FastifyInstance, options) => {
    const { deps, scheduler } = options;
    const liveResponses = new Set<ServerResponse>();

    // Every log line and every job or event the request's work causes names the request (AsyncLocalStorage). Set
    // again before the handler: body parsing runs in the socket's context, not the request's.
    app.addHook('onRequest', (request, _reply, done) => runWithRequest(request, done));
    app.addHook('preHandler', (request, _reply, done) => runWithRequest(request, done));

    app.addHook('onRequest', async (request, reply) => {
      httpInFlight.inc();
      const isLive = request.routeOptions.url === LIVE_ROUTE;
      if (isLive) liveResponses.add(reply.raw);
      // 'close' comes once the answer is sent or the client left, hijacked streams included.
      reply.raw.once('close', () => {
        httpInFlight.dec();
        if (isLive) liveResponses.delete(reply.raw);
      });
    });
    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        method: request.method,
        // The pattern (`/api/orders/:orderId`), never the raw URL: one series per route, not per id.
        route: request.routeOptions.url ?? 'unrouted',
        status_code: reply.statusCode,
      };
      httpRequests.inc(labels);
      httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    });
    // While draining, every answer closes its connection: the client (or the proxy's pool) opens its next one to
    // a process that stays.
    app.addHook('onSend', async (_request, reply) => {
      if (deps.lifecycle.draining) reply.header('connection', 'close');
    });
    // Live streams end when the app closes (the notifications module's own preClose, registered after this one);
    // first each is told to reconnect after LIVE_RETRY_MS, to whichever process the proxy picks.
    app.addHook('preClose', async () => {
      for (const raw of liveResponses)
        if (!raw.writableEnded) raw.write(`retry: ${LIVE_RETRY_MS}\nevent: reconnect\ndata: {}\n\n`);
    });

    const sources: MetricSources = {
      pool: () => deps.database.poolStats(),
      jobs: () => scheduler.stats(),
      async notificationBacklog() {
        const result = await deps.db.execute(
          sql`select count(*)::int as waiting,
                     coalesce(extract(epoch from now() - min(${notificationEvents.createdAt})), 0)::float8 as oldest
                from ${notificationEvents} where ${notificationEvents.fannedOutAt} is null`,
        );
        const [row] = rowsOf<{ waiting: number | string; oldest: number | string | null }>(result);
        return { waiting: Number(row?.waiting ?? 0), oldestSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
      },
      liveStreams: options.liveStreams ?? (() => liveResponses.size),
    };
    const removeSources = addMetricSources(sources);
    app.addHook('onClose', async () => removeSources());

    const token = deps.config.metrics.token;
    if (token) {
      // Not in the API's contract: an operator's endpoint, refused without the token whatever the caller.
      app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
        if (!bearerMatches(request, token))
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer')
            .send({ message: 'A metrics token is required', error: 'UNAUTHORIZED' } satisfies ErrorEnvelope);
        return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
      });
    }
  },
  { name: 'observability' },
);
