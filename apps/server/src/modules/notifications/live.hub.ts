import type { ServerResponse } from 'node:http';
import type { LiveEventName } from '@market/contracts';
import type { Logger } from 'pino';
import type { AuthContext } from '../../platform/http/routes.js';

// What a process's live streams share (ADR 057, 068, 091): the open streams, indexed by who may hear what, the
// events waiting to be written, the heartbeat, and the refusals not yet logged.

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

export interface Stream {
  auth: AuthContext;
  raw: ServerResponse;
  close(): void;
}

export interface LiveHub {
  checks: LiveStreamChecks;
  options: LiveStreamOptions;
  logger: Logger;
  maxBuffered: number;
  processCap: number;
  open: Set<Stream>;
  /** Every stream of an account (its notifications; a carrier's orders; the per-account cap). */
  byUser: Map<string, Set<Stream>>;
  /** Merchants' streams that see their store's orders. */
  byStore: Map<string, Set<Stream>>;
  /** Admins' streams that see every order, and those that see the assignment queue. */
  allOrders: Set<Stream>;
  queue: Set<Stream>;
  /** Delivery: the bus's handlers queue here, and one task per turn of the event loop writes every queued event. */
  pending: Map<Stream, Set<LiveEventName>>;
  flushing: boolean;
  /** One heartbeat for the process: a keep-alive to every stream, then every session and membership checked again. */
  heartbeat: NodeJS.Timeout | undefined;
  checking: boolean;
  refused: number;
  lastRefusalLog: number;
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

export function index(hub: LiveHub, stream: Stream) {
  const { auth } = stream;
  addTo(hub.byUser, auth.userId, stream);
  if (auth.kind === 'merchant' && auth.storeId && auth.permissions.includes('orders:read'))
    addTo(hub.byStore, auth.storeId, stream);
  if (auth.kind === 'admin') {
    if (auth.permissions.includes('orders:read-all')) hub.allOrders.add(stream);
    else if (auth.permissions.includes('orders:assign')) hub.queue.add(stream);
  }
}

export function unindex(hub: LiveHub, stream: Stream) {
  const { auth } = stream;
  removeFrom(hub.byUser, auth.userId, stream);
  if (auth.storeId) removeFrom(hub.byStore, auth.storeId, stream);
  hub.allOrders.delete(stream);
  hub.queue.delete(stream);
}
