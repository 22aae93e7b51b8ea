import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import type { Redis } from 'ioredis';

/** A cached answer: the exact bytes the serializer produced, their entity tag, and the headers that go with them. */
export interface CachedAnswer {
  body: string;
  etag: string;
  /** A listing's `Link: <…>; rel="next"` (its next page by cursor). */
  link?: string;
}

/**
 * Public catalog answers, kept until the catalog changes. One version number covers the whole catalog: every
 * write that may change what the public sees (a product, price, stock, approval, promotion, category or store)
 * bumps it after its transaction committed, and an answer counts only under the version read before it was
 * computed, so an answer built from data older than a write is never served after that write.
 * In process by default; with Redis the version and answers are shared by every server process. Other processes
 * hear of a write through the change bus (ADR 043), which calls `invalidateHeard` on each of them.
 */
export interface ResponseCache {
  version(): Promise<string>;
  get(key: string, version: string): Promise<CachedAnswer | undefined>;
  set(key: string, version: string, answer: CachedAnswer): Promise<void>;
  /** This process changed the catalog. */
  invalidate(): Promise<void>;
  /** Another process changed it and already bumped whatever is shared: drop what this process holds. */
  invalidateHeard(): Promise<void>;
}

/** A safety net for what changes with time alone (a promotion's end, the day's discount order). */
export const CACHE_TTL_SECONDS = 30;
/** What the in-process cache may hold: about 1,600 listing pages of 20 products, or 30,000 product pages. */
export const DEFAULT_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** Per entry beyond its bytes: the key, the tag, the map's and object's own memory. */
const ENTRY_OVERHEAD_BYTES = 256;

type MemoryEntry = CachedAnswer & { version: string; expires: number; bytes: number };

/**
 * In process: a least-recently-used map bounded by the bytes it holds (not by its number of entries, since a
 * listing page weighs twenty product pages). A hit moves the entry to the young end; the old end goes first.
 */
export function createMemoryResponseCache(
  now: () => number = Date.now,
  maxBytes = DEFAULT_CACHE_MAX_BYTES,
): ResponseCache & { size(): { entries: number; bytes: number } } {
  let version = 0;
  let bytes = 0;
  const entries = new Map<string, MemoryEntry>();
  const remove = (key: string, entry: MemoryEntry) => {
    entries.delete(key);
    bytes -= entry.bytes;
  };
  const dropAll = () => {
    version += 1;
    entries.clear();
    bytes = 0;
  };
  return {
    async version() {
      return String(version);
    },
    async get(key, current) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.version !== current || entry.expires <= now()) {
        remove(key, entry);
        return undefined;
      }
      // Map keeps insertion order: re-inserting makes this the most recently used.
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    async set(key, at, answer) {
      if (at !== String(version)) return;
      const size =
        Buffer.byteLength(answer.body) + key.length * 2 + (answer.link?.length ?? 0) + ENTRY_OVERHEAD_BYTES;
      if (size > maxBytes) return;
      const previous = entries.get(key);
      if (previous) remove(key, previous);
      for (const [oldest, entry] of entries) {
        if (bytes + size <= maxBytes) break;
        remove(oldest, entry);
      }
      entries.set(key, { ...answer, version: at, expires: now() + CACHE_TTL_SECONDS * 1000, bytes: size });
      bytes += size;
    },
    async invalidate() {
      dropAll();
    },
    async invalidateHeard() {
      // In process, a change heard from another process drops the same as one made here.
      dropAll();
    },
    size() {
      return { entries: entries.size, bytes };
    },
  };
}

/** In Redis under `prefix` (tests give their own so parallel runs do not bump each other's version). */
export function createRedisResponseCache(redis: Redis, prefix = 'catalog-cache'): ResponseCache {
  const VERSION_KEY = `${prefix}:version`;
  const keyOf = (key: string, version: string) => `${prefix}:${version}:${key}`;
  return {
    async version() {
      return (await redis.get(VERSION_KEY)) ?? '0';
    },
    async get(key, version) {
      const stored = await redis.get(keyOf(key, version));
      return stored ? (JSON.parse(stored) as CachedAnswer) : undefined;
    },
    async set(key, version, answer) {
      // Entries of old versions are never read again and expire on their own.
      await redis.set(keyOf(key, version), JSON.stringify(answer), 'EX', CACHE_TTL_SECONDS);
    },
    async invalidate() {
      await redis.incr(VERSION_KEY);
    },
    async invalidateHeard() {
      // The version is shared: the process that wrote bumped it for everyone.
    },
  };
}

const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

const CACHE_CONTROL = 'public, no-cache';

/**
 * The hooks of a cached route: a fresh stored answer is sent as it is (304 when the client holds it already,
 * skipping the handler, the queries and the serializer); otherwise the serialized answer is stored on its way out.
 */
export function cachedRouteHooks(cache: ResponseCache) {
  const pending = new WeakMap<FastifyRequest, string>();
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    const version = await cache.version();
    const hit = await cache.get(request.url, version);
    if (hit) {
      reply.header('etag', hit.etag).header('cache-control', CACHE_CONTROL).header('x-cache', 'hit');
      if (hit.link) reply.header('link', hit.link);
      if (matches(request, hit.etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(hit.body);
    }
    pending.set(request, version);
    return undefined;
  };
  const onSend: onSendHookHandler<unknown> = async (request, reply, payload) => {
    const version = pending.get(request);
    if (version === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const etag = etagOf(payload);
    const link = reply.getHeader('link');
    await cache.set(request.url, version, {
      body: payload,
      etag,
      ...(typeof link === 'string' ? { link } : {}),
    });
    reply.header('etag', etag).header('cache-control', CACHE_CONTROL).header('x-cache', 'miss');
    if (matches(request, etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  };
  return { onRequest, onSend };
}

/** Reads that write (a payment check can confirm an order and record its sales). */
const writingReads = ['/api/payments/verify/'];
/** Writes that cannot change the public catalog: they keep the cache. */
const catalogNeutral = [
  '/api/auth/customer/',
  '/api/auth/user/',
  '/api/auth/verify-token',
  '/api/cart/',
  '/api/customershippingaddress',
  // Theme drafts, purchases and preview links: the storefront shows only published versions.
  '/themes-api/api/merchant/',
  '/themes-api/merchant/theme/purchase',
  '/themes-api/merchant/theme/preview-link',
  '/api/contact-us/',
];

/**
 * Announces a catalog change (`changed`: a publish on the change bus, whose subscribers drop the cached answers in
 * this and every other process) after every successful write that may touch the catalog. It runs as the answer
 * leaves, after the handler (and its transaction) finished, so the next read after the answer sees the change.
 * Writes are listed by what they cannot touch: a write nobody thought of invalidates.
 */
export function installCacheInvalidation(app: FastifyInstance, changed: () => Promise<void>): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400) return payload;
    const path = request.url;
    const read = request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS';
    if (
      read
        ? writingReads.some((prefix) => path.startsWith(prefix))
        : !catalogNeutral.some((prefix) => path.startsWith(prefix))
    ) {
      await changed();
    }
    return payload;
  });
}
