import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { type ErrorEnvelope, type LiveEventName, liveEndpoints } from '@market/contracts';
import type { Logger } from 'pino';
import type { ChangeBus } from '../../platform/changes/index.js';
import type { AuthContext, RouteDefinition } from '../../platform/http/routes.js';
import { route } from '../../platform/http/routes.js';
import { ORDERS_CHANGED, type OrderChange } from '../../platform/notify/topics.js';

/** What the heartbeat asks again of every open stream: is its session live, is its store membership the same. */
export interface LiveStreamChecks {
  /** The sessions of these ids that are still live (one query for every stream of the process). */
  liveSessions(sessionIds: readonly string[]): Promise<Set<string>>;
  /** A merchant account's active membership now, as the guard resolves it. */
  membershipOf(userId: string): Promise<{ storeId: string; permissions: readonly string[] } | undefined>;
}

export interface LiveStreamOptions {
  streamsPerAccount: number;
  streamsPerProcess: number;
  heartbeatMs: number;
  /** A stream whose unsent bytes pass this is a client that stopped reading: it is closed, never waited for. */
  maxBufferedBytes?: number;
}

/** Seconds a refused screen is asked to wait before it opens its stream again. */
export const LIVE_RETRY_AFTER_SECONDS = 30;
/** A refusal is logged at most once per this interval, with how many were refused since (never one line each). */
const REFUSAL_LOG_INTERVAL_MS = 60_000;
/** Events are some 30 bytes: 64 KiB unsent means the client has not read for thousands of them. */
const DEFAULT_MAX_BUFFERED_BYTES = 64 * 1024;
/** Streams written per turn of the event loop. */
const FLUSH_SLICE = 250;
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

interface Stream {
  auth: AuthContext;
  raw: ServerResponse;
  close(): void;
}

/** Every process's hubs, for the open-stream count (one per app; tests build several apps in one process). */
const hubs = new Set<{ open: Set<Stream> }>();

/** How many live streams this process holds open (for metrics). */
export function openLiveStreams(): number {
  let count = 0;
  for (const hub of hubs) count += hub.open.size;
  return count;
}

function addTo<K>(index: Map<K, Set<Stream>>, key: K, stream: Stream) {
  let set = index.get(key);
  if (!set) {
    set = new Set();
    index.set(key, set);
  }
  set.add(stream);
}

function removeFrom<K>(index: Map<K, Set<Stream>>, key: K, stream: Stream) {
  const set = index.get(key);
  if (!set) return;
  set.delete(stream);
  if (set.size === 0) index.delete(key);
}

const samePermissions = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');

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
  const maxBuffered = options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
  const processCap = processStreamCap(options.streamsPerProcess);

  const open = new Set<Stream>();
  const hub = { open };
  hubs.add(hub);
  /** Every stream of an account (its notifications; a carrier's orders; the per-account cap). */
  const byUser = new Map<string, Set<Stream>>();
  /** Merchants' streams that see their store's orders. */
  const byStore = new Map<string, Set<Stream>>();
  /** Admins' streams that see every order, and those that see the assignment queue. */
  const allOrders = new Set<Stream>();
  const queue = new Set<Stream>();

  function index(stream: Stream) {
    const { auth } = stream;
    addTo(byUser, auth.userId, stream);
    if (auth.kind === 'merchant' && auth.storeId && auth.permissions.includes('orders:read'))
      addTo(byStore, auth.storeId, stream);
    if (auth.kind === 'admin') {
      if (auth.permissions.includes('orders:read-all')) allOrders.add(stream);
      else if (auth.permissions.includes('orders:assign')) queue.add(stream);
    }
  }

  function unindex(stream: Stream) {
    const { auth } = stream;
    removeFrom(byUser, auth.userId, stream);
    if (auth.storeId) removeFrom(byStore, auth.storeId, stream);
    allOrders.delete(stream);
    queue.delete(stream);
  }

  // Delivery: the bus's handlers queue, and one task per turn of the event loop writes every queued event.
  const pending = new Map<Stream, Set<LiveEventName>>();
  let flushing = false;

  function write(stream: Stream, chunk: string) {
    const { raw } = stream;
    if (raw.writableEnded || raw.destroyed) return;
    if (raw.writableLength > maxBuffered) {
      // The client stopped reading: its events would pile up in this process. It reconnects when it reads again.
      stream.close();
      return;
    }
    raw.write(chunk);
  }

  // A change heard by thousands of streams is written a slice per turn, so requests are answered in between.
  function flush() {
    let written = 0;
    for (const [stream, events] of pending) {
      pending.delete(stream);
      for (const event of events) write(stream, `event: ${event}\ndata: {}\n\n`);
      written += 1;
      if (written >= FLUSH_SLICE) break;
    }
    if (pending.size > 0) setImmediate(flush);
    else flushing = false;
  }

  function queueEvent(
    streams: Iterable<Stream> | undefined,
    event: LiveEventName,
    only?: (s: Stream) => boolean,
  ) {
    if (!streams) return;
    for (const stream of streams) {
      if (only && !only(stream)) continue;
      let events = pending.get(stream);
      if (!events) {
        events = new Set();
        pending.set(stream, events);
      }
      events.add(event);
    }
    if (!flushing && pending.size > 0) {
      flushing = true;
      setImmediate(flush);
    }
  }

  const carrier = (stream: Stream) => stream.auth.kind === 'partner' || stream.auth.kind === 'admin';
  const customer = (stream: Stream) => stream.auth.kind === 'customer';
  const stops = [
    changes.subscribe(topics.notifications, (change) => {
      if (change.missed) return queueEvent(open, 'notifications');
      for (const userId of new Set(change.payload.split(',')))
        queueEvent(byUser.get(userId), 'notifications');
    }),
    changes.subscribe(ORDERS_CHANGED, (change) => {
      if (change.missed) return queueEvent(open, 'orders');
      let order: OrderChange;
      try {
        order = JSON.parse(change.payload) as OrderChange;
      } catch {
        return; // A payload from an older process: nothing to tell.
      }
      queueEvent(byStore.get(order.storeId), 'orders');
      if (order.customerId) queueEvent(byUser.get(order.customerId), 'orders', customer);
      if (order.carrierId) queueEvent(byUser.get(order.carrierId), 'orders', carrier);
      if (order.queue) queueEvent(queue, 'orders');
      queueEvent(allOrders, 'orders');
    }),
  ];

  // One heartbeat for the process: a keep-alive to every stream, then every session and membership checked again.
  let heartbeat: NodeJS.Timeout | undefined;
  let checking = false;

  async function recheck() {
    if (checking || open.size === 0) return;
    checking = true;
    try {
      const streams = [...open];
      const live = await checks.liveSessions([...new Set(streams.map((stream) => stream.auth.sessionId))]);
      const merchants = new Map<string, Stream[]>();
      for (const stream of streams) {
        if (!live.has(stream.auth.sessionId)) stream.close();
        else if (stream.auth.kind === 'merchant') {
          const list = merchants.get(stream.auth.userId) ?? [];
          list.push(stream);
          merchants.set(stream.auth.userId, list);
        }
      }
      for (const [userId, list] of merchants) {
        const membership = await checks.membershipOf(userId);
        for (const stream of list) {
          const { auth } = stream;
          // Removed from the store, moved to another, or given other permissions: the screen reconnects and is
          // indexed by what it may see now (or refused).
          if (
            !membership ||
            membership.storeId !== auth.storeId ||
            !samePermissions(membership.permissions, auth.permissions)
          )
            stream.close();
        }
      }
    } catch (error) {
      logger.warn(
        { err: error },
        'live streams: could not check sessions; they stay open until the next heartbeat',
      );
    } finally {
      checking = false;
    }
  }

  function beat() {
    for (const stream of open) write(stream, ': keep-alive\n\n');
    void recheck();
  }

  function startHeartbeat() {
    if (heartbeat) return;
    heartbeat = setInterval(beat, options.heartbeatMs);
    heartbeat.unref();
  }

  function stopHeartbeatIfIdle() {
    if (open.size > 0 || !heartbeat) return;
    clearInterval(heartbeat);
    heartbeat = undefined;
  }

  let refused = 0;
  let lastRefusalLog = Number.NEGATIVE_INFINITY;
  function refusal(reason: 'account' | 'process', auth: AuthContext) {
    refused += 1;
    const now = Date.now();
    if (now - lastRefusalLog < REFUSAL_LOG_INTERVAL_MS) return;
    logger.warn(
      {
        refused,
        reason,
        userId: auth.userId,
        open: open.size,
        perProcess: processCap,
        perAccount: options.streamsPerAccount,
      },
      'live streams refused: cap reached',
    );
    lastRefusalLog = now;
    refused = 0;
  }

  const routes = [
    route(liveEndpoints.stream, async ({ auth, reply, request }) => {
      const full =
        open.size >= processCap
          ? 'process'
          : (byUser.get(auth.userId)?.size ?? 0) >= options.streamsPerAccount
            ? 'account'
            : undefined;
      if (full) {
        refusal(full, auth);
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
          pending.delete(stream);
          unindex(stream);
          stopHeartbeatIfIdle();
          if (raw.writableLength > maxBuffered) raw.destroy();
          else if (!raw.writableEnded) raw.end();
        },
      };
      open.add(stream);
      index(stream);
      startHeartbeat();
      request.raw.on('close', stream.close);
      raw.on('close', stream.close);
      raw.on('error', stream.close);
      return reply;
    }),
  ];
  return {
    routes,
    /** Ends every open stream (the server is closing): clients reconnect to another process. */
    closeAll() {
      for (const stream of [...open]) stream.close();
      for (const stop of stops) stop();
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = undefined;
      hubs.delete(hub);
    },
    openCount: () => open.size,
  };
}
