import { readFileSync } from 'node:fs';
import { type ErrorEnvelope, liveEndpoints } from '@market/contracts';
import type { Logger } from 'pino';
import type { ChangeBus } from '../../platform/changes/index.js';
import type { AuthContext, HandlerContext, RouteDefinition } from '../../platform/http/routes.js';
import { route } from '../../platform/http/routes.js';
import { listen } from './live.delivery.js';
import { startHeartbeat, stopHeartbeatIfIdle } from './live.heartbeat.js';
import {
  index,
  type LiveHub,
  type LiveStreamChecks,
  type LiveStreamOptions,
  type Stream,
  unindex,
} from './live.hub.js';

export type { LiveStreamChecks, LiveStreamOptions } from './live.hub.js';

/** Seconds a refused screen is asked to wait before it opens its stream again. */
export const LIVE_RETRY_AFTER_SECONDS = 30;
/** A refusal is logged at most once per this interval, with how many were refused since (never one line each). */
const REFUSAL_LOG_INTERVAL_MS = 60_000;
/** Events are some 30 bytes: 64 KiB unsent means the client has not read for thousands of them. */
const DEFAULT_MAX_BUFFERED_BYTES = 64 * 1024;
/** Descriptors kept for everything but streams: requests, the database pool, LISTEN, Redis, files, logs. */
const DESCRIPTORS_KEPT = 256;

const FULL: ErrorEnvelope = {
  message: 'Too many live updates are open right now. Your screen will reconnect shortly.',
  error: 'SERVICE_UNAVAILABLE',
};
const ACCOUNT_FULL: ErrorEnvelope = {
  message: 'This account has too many screens receiving live updates. Close one, or wait and try again.',
  error: 'SERVICE_UNAVAILABLE',
};

/** The process's soft limit of open files (Linux), or undefined where it cannot be read. */
function openFileLimit(): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((row) => row.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    const value = soft === undefined ? Number.NaN : Number(soft);
    return Number.isFinite(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The per-process cap: as configured, and under the descriptor budget, so streams never starve other sockets. */
export function processStreamCap(configured: number, fileLimit = openFileLimit()): number {
  if (fileLimit === undefined) return configured;
  const budget = Math.max(Math.floor(fileLimit / 2), fileLimit - DESCRIPTORS_KEPT);
  return Math.max(1, Math.min(configured, budget));
}

/** Every process's hubs, for the open-stream count (one per app; tests build several apps in one process). */
const hubs = new Set<{ open: Set<Stream> }>();

/** How many live streams this process holds open (for metrics). */
export function openLiveStreams(): number {
  let count = 0;
  for (const hub of hubs) count += hub.open.size;
  return count;
}

function refusal(hub: LiveHub, reason: 'account' | 'process', auth: AuthContext) {
  hub.refused += 1;
  const now = Date.now();
  if (now - hub.lastRefusalLog < REFUSAL_LOG_INTERVAL_MS) return;
  hub.logger.warn(
    {
      refused: hub.refused,
      reason,
      userId: auth.userId,
      open: hub.open.size,
      perProcess: hub.processCap,
      perAccount: hub.options.streamsPerAccount,
    },
    'live streams refused: cap reached',
  );
  hub.lastRefusalLog = now;
  hub.refused = 0;
}

/** One screen's stream: refused past a cap, else held open, indexed, and closed with its connection. */
async function openStream(
  hub: LiveHub,
  { auth, reply, request }: HandlerContext<typeof liveEndpoints.stream>,
) {
  const { open } = hub;
  const full =
    open.size >= hub.processCap
      ? 'process'
      : (hub.byUser.get(auth.userId)?.size ?? 0) >= hub.options.streamsPerAccount
        ? 'account'
        : undefined;
  if (full) {
    refusal(hub, full, auth);
    // Sent here rather than thrown: a refusal costs no stack trace and no error log line of its own.
    return reply
      .code(503)
      .header('retry-after', String(LIVE_RETRY_AFTER_SECONDS))
      .send(full === 'process' ? FULL : ACCOUNT_FULL);
  }
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Proxies such as nginx must pass each event on at once.
    'x-accel-buffering': 'no',
  });
  raw.write('event: ready\ndata: {}\n\n');
  let closed = false;
  const stream: Stream = {
    auth,
    raw,
    close() {
      if (closed) return;
      closed = true;
      open.delete(stream);
      hub.pending.delete(stream);
      unindex(hub, stream);
      stopHeartbeatIfIdle(hub);
      if (raw.writableLength > hub.maxBuffered) raw.destroy();
      else if (!raw.writableEnded) raw.end();
    },
  };
  open.add(stream);
  index(hub, stream);
  startHeartbeat(hub);
  request.raw.on('close', stream.close);
  raw.on('close', stream.close);
  raw.on('error', stream.close);
  return reply;
}

/**
 * `GET /api/live`: a server-sent event stream per signed-in screen (ADR 057, 068). Every process subscribes to the
 * change bus (in-process, LISTEN/NOTIFY or Redis, ADR 043) once, so a change made by any process reaches a stream
 * held by any other. The stream carries no data of its own: it tells the screen which of its queries to ask again,
 * and those answers go through the usual checks.
 *
 * A change costs its audience, not every stream: streams are indexed by user, store and admin permission, and a
 * change's payload is read once. The bus's handler only queues; the events are written on the next turn of the
 * event loop, after the write that published them has answered, and a client that stopped reading is closed
 * rather than buffered for. Streams are capped per account and per process (503 with Retry-After beyond), and
 * each heartbeat checks every stream's session and membership again in one query.
 */
export function liveStreams(
  changes: ChangeBus,
  topics: { notifications: string },
  context: { checks: LiveStreamChecks; options: LiveStreamOptions; logger: Logger },
): { routes: RouteDefinition[]; closeAll(): void; openCount(): number } {
  const { checks, options, logger } = context;
  const hub: LiveHub = {
    checks,
    options,
    logger,
    maxBuffered: options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES,
    processCap: processStreamCap(options.streamsPerProcess),
    open: new Set(),
    byUser: new Map(),
    byStore: new Map(),
    allOrders: new Set(),
    queue: new Set(),
    pending: new Map(),
    flushing: false,
    heartbeat: undefined,
    checking: false,
    refused: 0,
    lastRefusalLog: Number.NEGATIVE_INFINITY,
  };
  hubs.add(hub);
  const stops = listen(hub, changes, topics);
  return {
    routes: [route(liveEndpoints.stream, (request) => openStream(hub, request))],
    /** Ends every open stream (the server is closing): clients reconnect to another process. */
    closeAll() {
      for (const stream of [...hub.open]) stream.close();
      for (const stop of stops) stop();
      if (hub.heartbeat) clearInterval(hub.heartbeat);
      hub.heartbeat = undefined;
      hubs.delete(hub);
    },
    openCount: () => hub.open.size,
  };
}
