import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import type { Redis } from 'ioredis';

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
  /** Keeps one more compressed copy of a stored answer (the first client that asked for it paid for it). */
  addEncoding(key: string, version: string, encoding: 'br' | 'gzip', bytes: Buffer): Promise<void>;
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
  const makeRoom = () => {
    for (const [oldest, entry] of entries) {
      if (bytes <= maxBytes) break;
      remove(oldest, entry);
    }
  };
  const dropAll = () => {
    version += 1;
    entries.clear();
    bytes = 0;
  };
  const current = (key: string, at: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== at || entry.expires <= now()) {
      remove(key, entry);
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
      // Map keeps insertion order: re-inserting makes this the most recently used.
      entries.delete(key);
      entries.set(key, entry);
      const body = stored(entry, encoding);
      return {
        etag: entry.etag,
        link: entry.link,
        encoding: body ? encoding : 'identity',
        body: body ?? entry.identity,
      };
    },
    async set(key, at, answer) {
      if (at !== String(version)) return;
      const size = entrySize(key, answer);
      if (size > maxBytes) return;
      const previous = entries.get(key);
      if (previous) remove(key, previous);
      bytes += size;
      makeRoom();
      entries.set(key, { ...answer, version: at, expires: now() + CACHE_TTL_SECONDS * 1000, bytes: size });
    },
    async addEncoding(key, at, encoding, added) {
      const entry = current(key, at);
      if (!entry || entry[encoding]) return;
      entry[encoding] = added;
      entry.bytes += added.length;
      bytes += added.length;
      makeRoom();
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

/** Adds a field to a stored answer only while it exists, so an expired answer does not come back without its TTL. */
const ADD_FIELD_IF_KEPT = `if redis.call('exists', KEYS[1]) == 1 then return redis.call('hset', KEYS[1], ARGV[1], ARGV[2]) end return 0`;

/**
 * In Redis under `prefix` (tests give their own so parallel runs do not bump each other's version). An answer is a
 * hash of its tag, link and bytes per encoding, so a hit fetches only the encoding it sends.
 */
export function createRedisResponseCache(redis: Redis, prefix = 'catalog-cache'): ResponseCache {
  const VERSION_KEY = `${prefix}:version`;
  // `bytes:` keeps these hashes apart from the JSON strings earlier releases stored under the same version.
  const keyOf = (key: string, version: string) => `${prefix}:${version}:bytes:${key}`;
  return {
    async version() {
      return (await redis.get(VERSION_KEY)) ?? '0';
    },
    async get(key, version, encoding) {
      const stored = keyOf(key, version);
      const [etag, link, body] = await redis.hmgetBuffer(stored, 'etag', 'link', encoding);
      if (!etag) return undefined;
      const answer = { etag: etag.toString(), ...(link ? { link: link.toString() } : {}) };
      if (body) return { ...answer, encoding, body };
      const identity = await redis.hgetBuffer(stored, 'identity');
      return identity ? { ...answer, encoding: 'identity', body: identity } : undefined;
    },
    async set(key, version, answer) {
      const fields: Record<string, string | Buffer> = { etag: answer.etag, identity: answer.identity };
      if (answer.link) fields.link = answer.link;
      if (answer.br) fields.br = answer.br;
      if (answer.gzip) fields.gzip = answer.gzip;
      const stored = keyOf(key, version);
      // Entries of old versions are never read again and expire on their own.
      await redis.multi().hset(stored, fields).expire(stored, CACHE_TTL_SECONDS).exec();
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
 * Compressed once per stored answer, at the effort of every computed answer (brotli 4, as @fastify/compress does):
 * on the cold mix each stored answer is sent once, and quality 5 bought 3 % fewer bytes for about a third more CPU.
 */
function encode(identity: Buffer, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'gzip') return zlib.gzipSync(identity, { level: 6 });
  return zlib.brotliCompressSync(identity, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
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

/**
 * The hooks of a cached route, which encodes its own answers (the route is left out of @fastify/compress): a fresh
 * stored answer is written as it is, in the encoding the client accepts (304 when the client holds it already),
 * skipping the handler, the queries, the serializer and the compressor; otherwise the serialized answer is stored
 * on its way out with its tag and the one compressed copy this client needs (others are added as clients ask).
 */
export function cachedRouteHooks(cache: ResponseCache) {
  const pending = new WeakMap<FastifyRequest, { version: string; encoding: AnswerEncoding }>();
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    const encoding = acceptedEncoding(request);
    const version = await cache.version();
    const hit = await cache.get(request.url, version, encoding);
    if (hit) {
      reply
        .header('etag', hit.etag)
        .header('cache-control', CACHE_CONTROL)
        .header('vary', 'accept-encoding')
        .header('x-cache', 'hit');
      if (hit.link) reply.header('link', hit.link);
      if (matches(request, hit.etag)) return reply.code(304).send();
      let { body } = hit;
      let sent = hit.encoding;
      if (sent !== encoding && encoding !== 'identity' && body.length >= COMPRESS_THRESHOLD_BYTES) {
        body = encode(body, encoding);
        sent = encoding;
        await cache.addEncoding(request.url, version, encoding, body);
      }
      if (sent !== 'identity') reply.header('content-encoding', sent);
      return reply.type(JSON_TYPE).send(body);
    }
    pending.set(request, { version, encoding });
    return undefined;
  };
  const onSend: onSendHookHandler<unknown> = async (request, reply, payload) => {
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
