import { createHash, randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { admitMiss, leaveMiss, refuseBusy, refusedIfMissed } from './busy.js';
import {
  backgroundRevalidations,
  CACHE_STALE_SECONDS,
  freshMsOf,
  inProcessClaims,
  type Lifetime,
  lifetimeFrom,
  REVALIDATION_CLAIM_MS,
} from './stale-while-revalidate.js';

/** How an answer travels: the encodings we keep, in our order of preference when a client accepts several. */
export const answerEncodings = ['br', 'gzip', 'identity'] as const;
export type AnswerEncoding = (typeof answerEncodings)[number];

/**
 * A cached answer: the exact bytes the serializer produced (UTF-8), their brotli and gzip copies as clients asked
 * for them, their entity tag, and the headers that go with them. A hit writes these bytes as they are.
 */
export interface CachedAnswer {
  etag: string;
  /** A listing's `Link: <…>; rel="next"` (its next page by cursor). */
  link?: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** What a look-up finds: the stored bytes in the encoding asked for, or the plain bytes when that one is not kept yet. */
export interface CacheHit {
  etag: string;
  link?: string;
  encoding: AnswerEncoding;
  body: Buffer;
  /** Past its freshness but within the staleness bound: served, while one request recomputes it in the background. */
  stale: boolean;
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
  get(key: string, version: string, encoding: AnswerEncoding): Promise<CacheHit | undefined>;
  set(key: string, version: string, answer: CachedAnswer): Promise<void>;
  /**
   * Whether the caller may recompute this stale answer: true for one caller per key and version until the new answer
   * is stored (or REVALIDATION_CLAIM_MS passed, for a recompute that failed); every other caller serves it stale.
   */
  claimRevalidation(key: string, version: string): Promise<boolean>;
  /** Keeps one more compressed copy of a stored answer (the first client that asked for it paid for it). */
  addEncoding(key: string, version: string, encoding: 'br' | 'gzip', bytes: Buffer): Promise<void>;
  /** This process changed the catalog. */
  invalidate(): Promise<void>;
  /** Another process changed it and already bumped whatever is shared: drop what this process holds. */
  invalidateHeard(): Promise<void>;
}

// The freshness and staleness bounds are shared with the server-rendered page cache (ADR 110, amended).
export {
  CACHE_MAX_AGE_SECONDS,
  CACHE_STALE_SECONDS,
  CACHE_TTL_JITTER,
  CACHE_TTL_SECONDS,
  freshMsOf,
  MAX_BACKGROUND_REVALIDATIONS,
  REVALIDATION_CLAIM_MS,
} from './stale-while-revalidate.js';
/** What the in-process cache may hold: about 1,600 listing pages of 20 products, or 30,000 product pages. */
export const DEFAULT_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** Per entry beyond its bytes: the key, the tag, the map's and object's own memory. */
const ENTRY_OVERHEAD_BYTES = 256;

type MemoryEntry = CachedAnswer & Lifetime & { version: string; bytes: number };

const stored = (entry: CachedAnswer, encoding: AnswerEncoding): Buffer | undefined => entry[encoding];

/** What an entry weighs in memory: its copies, its key (UTF-16), its link header and the map's own overhead. */
const entrySize = (key: string, answer: Parameters<ResponseCache['set']>[2]) =>
  answer.identity.length +
  (answer.br?.length ?? 0) +
  (answer.gzip?.length ?? 0) +
  key.length * 2 +
  (answer.link?.length ?? 0) +
  ENTRY_OVERHEAD_BYTES;

/**
 * A least-recently-used map bounded by the bytes it holds (not by its number of entries, since a listing page weighs
 * twenty product pages). A hit moves the entry to the young end; the old end goes first.
 */
function bytesBoundedEntries(maxBytes: number) {
  let bytes = 0;
  const entries = new Map<string, MemoryEntry>();
  const remove = (key: string, entry: MemoryEntry) => {
    entries.delete(key);
    bytes -= entry.bytes;
  };
  const makeRoom = () => {
    for (const [oldest, entry] of entries) {
      if (bytes <= maxBytes) break;
      remove(oldest, entry);
    }
  };
  return {
    entries,
    remove,
    /** Map keeps insertion order: re-inserting makes this the most recently used. */
    touch(key: string, entry: MemoryEntry) {
      entries.delete(key);
      entries.set(key, entry);
    },
    put(key: string, entry: MemoryEntry) {
      const previous = entries.get(key);
      if (previous) remove(key, previous);
      bytes += entry.bytes;
      makeRoom();
      entries.set(key, entry);
    },
    grow(entry: MemoryEntry, added: number) {
      entry.bytes += added;
      bytes += added;
      makeRoom();
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    size: () => ({ entries: entries.size, bytes }),
  };
}

/** In process: the answers in a least-recently-used map bounded by bytes (`DEFAULT_CACHE_MAX_BYTES`). */
export function createMemoryResponseCache(
  now: () => number = Date.now,
  maxBytes = DEFAULT_CACHE_MAX_BYTES,
  random: () => number = Math.random,
): ResponseCache & { size(): { entries: number; bytes: number } } {
  let version = 0;
  const kept = bytesBoundedEntries(maxBytes);
  const revalidating = inProcessClaims(now);
  const dropAll = () => {
    version += 1;
    kept.clear();
    revalidating.clear();
  };
  const current = (key: string, at: string) => {
    const entry = kept.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== at || entry.staleUntil <= now()) {
      kept.remove(key, entry);
      return undefined;
    }
    return entry;
  };
  return {
    async version() {
      return String(version);
    },
    async get(key, at, encoding) {
      const entry = current(key, at);
      if (!entry) return undefined;
      kept.touch(key, entry);
      const body = stored(entry, encoding);
      return {
        etag: entry.etag,
        link: entry.link,
        encoding: body ? encoding : 'identity',
        body: body ?? entry.identity,
        stale: entry.fresh <= now(),
      };
    },
    async claimRevalidation(key, at) {
      if (at !== String(version) || !kept.entries.has(key)) return false;
      return revalidating.claim(key);
    },
    async set(key, at, answer) {
      if (at !== String(version)) return;
      revalidating.release(key);
      const size = entrySize(key, answer);
      if (size > maxBytes) return;
      kept.put(key, { ...answer, ...lifetimeFrom(now(), random), version: at, bytes: size });
    },
    async addEncoding(key, at, encoding, added) {
      const entry = current(key, at);
      if (!entry || entry[encoding]) return;
      entry[encoding] = added;
      kept.grow(entry, added.length);
    },
    async invalidate() {
      dropAll();
    },
    async invalidateHeard() {
      // In process, a change heard from another process drops the same as one made here.
      dropAll();
    },
    size: kept.size,
  };
}

/** Adds a field to a stored answer only while it exists, so an expired answer does not come back without its TTL. */
const ADD_FIELD_IF_KEPT = `if redis.call('exists', KEYS[1]) == 1 then return redis.call('hset', KEYS[1], ARGV[1], ARGV[2]) end return 0`;

/**
 * In Redis under `prefix` (tests give their own so parallel runs do not bump each other's version). An answer is a
 * hash of its tag, link, end of freshness and bytes per encoding, so a hit fetches only the encoding it sends. Redis
 * drops it at the end of its staleness bound; a recompute's claim is a key of its own, set only if absent, so one
 * process of all recomputes it.
 */
export function createRedisResponseCache(
  redis: Redis,
  prefix = 'catalog-cache',
  now: () => number = Date.now,
  random: () => number = Math.random,
): ResponseCache {
  const VERSION_KEY = `${prefix}:version`;
  // `bytes:` keeps these hashes apart from the JSON strings earlier releases stored under the same version.
  const keyOf = (key: string, version: string) => `${prefix}:${version}:bytes:${key}`;
  const claimOf = (key: string, version: string) => `${prefix}:${version}:revalidating:${key}`;
  return {
    async version() {
      return (await redis.get(VERSION_KEY)) ?? '0';
    },
    async get(key, version, encoding) {
      const stored = keyOf(key, version);
      const [etag, link, fresh, body] = await redis.hmgetBuffer(stored, 'etag', 'link', 'fresh', encoding);
      if (!etag) return undefined;
      // An answer stored by an earlier release has no `fresh` and lives its 30 s as before. Past its bound it is gone
      // by this clock too, whatever Redis's own expiry says.
      const freshUntil = fresh ? Number(fresh.toString()) : Number.POSITIVE_INFINITY;
      if (freshUntil + CACHE_STALE_SECONDS * 1000 <= now()) return undefined;
      const stale = freshUntil <= now();
      const answer = { etag: etag.toString(), ...(link ? { link: link.toString() } : {}), stale };
      if (body) return { ...answer, encoding, body };
      const identity = await redis.hgetBuffer(stored, 'identity');
      return identity ? { ...answer, encoding: 'identity', body: identity } : undefined;
    },
    async claimRevalidation(key, version) {
      return (await redis.set(claimOf(key, version), '1', 'PX', REVALIDATION_CLAIM_MS, 'NX')) === 'OK';
    },
    async set(key, version, answer) {
      const freshMs = freshMsOf(random);
      const fields: Record<string, string | Buffer> = {
        etag: answer.etag,
        identity: answer.identity,
        fresh: String(now() + freshMs),
      };
      if (answer.link) fields.link = answer.link;
      if (answer.br) fields.br = answer.br;
      if (answer.gzip) fields.gzip = answer.gzip;
      const stored = keyOf(key, version);
      // The previous answer goes as a whole (its other encodings were of other bytes). Entries of old versions are
      // never read again and expire on their own.
      await redis
        .multi()
        .del(stored)
        .hset(stored, fields)
        .pexpire(stored, freshMs + CACHE_STALE_SECONDS * 1000)
        .del(claimOf(key, version))
        .exec();
    },
    async addEncoding(key, version, encoding, bytes) {
      await redis.eval(ADD_FIELD_IF_KEPT, 1, keyOf(key, version), encoding, bytes);
    },
    async invalidate() {
      await redis.incr(VERSION_KEY);
    },
    async invalidateHeard() {
      // The version is shared: the process that wrote bumped it for everyone.
    },
  };
}

/** Below this an answer travels as it is, as @fastify/compress does for every other answer. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Brotli's quality for every answer the server computes: the cached reads' stored copies here and every other JSON
 * answer through @fastify/compress (server.ts). Quality 3, not @fastify/compress's default 4: on the catalog's
 * answers (a 20-product page, 19 KB) it costs 55–60 % of quality 4's CPU for 3 % more bytes (3,643 against 3,541;
 * a 1 KB product page 628 against 595), and is still smaller than gzip 6. A cold read compresses each page once and
 * sends it once or a few times, so the CPU is what counts; a popular page's hits carry the 3 % (ADR 114, amended).
 * Quality 5 bought 3 % fewer bytes than 4 for about half again its CPU.
 */
export const ANSWER_BROTLI_QUALITY = 3;

/** Compressed once per stored answer (at ANSWER_BROTLI_QUALITY; gzip at zlib's default 6). */
function encode(identity: Buffer, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'gzip') return zlib.gzipSync(identity, { level: 6 });
  return zlib.brotliCompressSync(identity, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: ANSWER_BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  });
}

/** Accept-Encoding values seen lately and what they chose: a handful of browsers send a handful of strings. */
const negotiated = new Map<string, AnswerEncoding>();
function acceptedEncoding(request: FastifyRequest): AnswerEncoding {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || header === '') return 'identity';
  let chosen = negotiated.get(header);
  if (chosen === undefined) {
    chosen = (negotiate(header, [...answerEncodings]) as AnswerEncoding | null) ?? 'identity';
    if (negotiated.size >= 64) negotiated.clear();
    negotiated.set(header, chosen);
  }
  return chosen;
}

/**
 * The answer's UTF-8 bytes in memory of their own: `Buffer.from` puts small strings in a shared 8 KiB slab, and a
 * kept 1 KiB answer would hold its whole slab alive, outside what the cache counts.
 */
function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

const CACHE_CONTROL = 'public, no-cache';
const JSON_TYPE = 'application/json; charset=utf-8';

/** Writes a stored answer (fresh or stale) in the encoding the client accepts, compressing it once if need be. */
async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  hit: CacheHit,
  at: { cache: ResponseCache; version: string; encoding: AnswerEncoding },
) {
  const { encoding } = at;
  reply
    .header('etag', hit.etag)
    .header('cache-control', CACHE_CONTROL)
    .header('vary', 'accept-encoding')
    .header('x-cache', hit.stale ? 'stale' : 'hit');
  if (hit.link) reply.header('link', hit.link);
  if (matches(request, hit.etag)) return reply.code(304).send();
  let { body } = hit;
  let sent = hit.encoding;
  if (sent !== encoding && encoding !== 'identity' && body.length >= COMPRESS_THRESHOLD_BYTES) {
    body = encode(body, encoding);
    sent = encoding;
    await at.cache.addEncoding(request.url, at.version, encoding, body);
  }
  if (sent !== 'identity') reply.header('content-encoding', sent);
  return reply.type(JSON_TYPE).send(body);
}

/** Recomputes a cached route's answer for `url` as a request of its own (mountRoutes: `app.inject`). */
export type Revalidate = (url: string, headers: Record<string, string>) => Promise<unknown>;

/** Marks a background recompute: it skips the look-up and stores what it computes. Only this process knows the tag. */
const REVALIDATION_HEADER = 'x-cache-revalidation';

/**
 * The hooks of a cached route, which encodes its own answers (the route is left out of @fastify/compress): a stored
 * answer is written as it is, in the encoding the client accepts (304 when the client holds it already), skipping
 * the handler, the queries, the serializer and the compressor; otherwise the serialized answer is stored on its way
 * out with its tag and the one compressed copy this client needs (others are added as clients ask).
 * A stale answer (ADR 110) is written the same way, and one request of all recomputes it in the background, through
 * `revalidate`, at most MAX_BACKGROUND_REVALIDATIONS at once. On the embedded database a miss waits for its turn
 * within a documented bound (busy.ts `EMBEDDED_MISS_QUEUE`) or is refused; while the database is busy a stored answer
 * is still served, a miss is refused and nothing is recomputed in the background.
 */
export function cachedRouteHooks(cache: ResponseCache, revalidate?: Revalidate) {
  const pending = new WeakMap<FastifyRequest, { version: string; encoding: AnswerEncoding }>();
  const revalidationTag = randomUUID();
  const background = backgroundRevalidations();
  const startRevalidation = (request: FastifyRequest, version: string) => {
    if (!revalidate || refusedIfMissed(request)) return;
    const { url } = request;
    const acceptEncoding = request.headers['accept-encoding'];
    const headers: Record<string, string> = { [REVALIDATION_HEADER]: revalidationTag };
    if (typeof acceptEncoding === 'string') headers['accept-encoding'] = acceptEncoding;
    background.start(
      async () => {
        if (await cache.claimRevalidation(url, version)) await revalidate(url, headers);
      },
      // The stale answer stays until its bound; the next stale hit after the claim's end tries again.
      (error) => request.log.warn({ err: error, url }, 'background recompute of a cached answer failed'),
    );
  };
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    const encoding = acceptedEncoding(request);
    const version = await cache.version();
    const recomputing = request.headers[REVALIDATION_HEADER] === revalidationTag;
    const hit = recomputing ? undefined : await cache.get(request.url, version, encoding);
    if (hit) {
      if (hit.stale) startRevalidation(request, version);
      return sendStored(request, reply, hit, { cache, version, encoding });
    }
    // On the embedded database a miss waits its turn within the documented bound, or is refused (busy.ts).
    if (refusedIfMissed(request) || !(await admitMiss(request))) return refuseBusy(reply);
    pending.set(request, { version, encoding });
    return undefined;
  };
  const onSend: onSendHookHandler<unknown> = async (request, reply, payload) => {
    // Its answer is computed (or failed): the next miss may ask the database. Here rather than at `onResponse`, which
    // does not come for a client that went away.
    leaveMiss(request);
    const miss = pending.get(request);
    if (miss === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const identity = ownBytes(payload);
    const answer: CachedAnswer = { etag: etagOf(identity), identity };
    const link = reply.getHeader('link');
    if (typeof link === 'string') answer.link = link;
    const { encoding } = miss;
    const compressed =
      encoding !== 'identity' && identity.length >= COMPRESS_THRESHOLD_BYTES
        ? encode(identity, encoding)
        : undefined;
    if (compressed && encoding !== 'identity') answer[encoding] = compressed;
    await cache.set(request.url, miss.version, answer);
    reply
      .header('etag', answer.etag)
      .header('cache-control', CACHE_CONTROL)
      .header('vary', 'accept-encoding')
      .header('x-cache', 'miss');
    if (matches(request, answer.etag)) {
      reply.code(304);
      return '';
    }
    if (compressed) {
      reply.header('content-encoding', encoding);
      return compressed;
    }
    return identity;
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
