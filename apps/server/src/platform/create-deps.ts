import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { createTokenSigner } from './auth/tokens.js';
import { CATALOG_CHANGED, type ChangeBus, changeBusFor } from './changes/index.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Deps } from './deps.js';
import {
  createMemoryResponseCache,
  createRedisResponseCache,
  installCacheInvalidation,
  type ResponseCache,
} from './http/response-cache.js';
import type { PageCache } from './http/server-render.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createNotificationEvents } from './notify/events.js';
import { createLifecycle } from './observability/lifecycle.js';
import { createRateLimits, type RateLimits } from './security/rate-limits.js';
import { createSmsSender } from './sms/sms.js';
import { createDiskStore, createS3Store } from './storage/blob-stores.js';
import { createMedia, type Media } from './storage/media.js';

/** What a caller of buildApp may hand in for the platform's parts; each defaults to what the config names. */
export interface PlatformOptions {
  config: Config;
  database: Database;
  /** Defaults are built from config; tests pass their own (a fixed clock, a fresh rate limiter). */
  now?: () => Date;
  mailer?: Mailer;
  media?: Media;
  rateLimits?: RateLimits;
  redis?: Redis;
  /**
   * Public catalog answers; defaults to Redis when given one, else in process. `false` turns it off: tests that
   * change rows behind the app's back use that (the app invalidates only on its own writes).
   */
  responseCache?: ResponseCache | false;
  /** Server-rendered pages kept in process; defaults to a page cache on the app's clock. Tests watch their own. */
  pageCache?: PageCache;
  /**
   * How this process tells the others of a change (ADR 043); defaults to Redis pub/sub with `redis`, else
   * LISTEN/NOTIFY on PostgreSQL, else in process. It hears other processes once someone calls `start()` (main.ts).
   */
  changes?: ChangeBus;
}

/**
 * The public catalog's cached answers and the bus that tells other processes of a change. A catalog write drops
 * this process's cached answers before its answer leaves, and every other process's when the bus carries the news
 * there (the shared Redis cache's version is bumped once, by the writer).
 */
export function cacheAndChanges(
  app: FastifyInstance,
  options: PlatformOptions,
): { responseCache: ResponseCache | undefined; changes: ChangeBus } {
  const { config, database } = options;
  const responseCache =
    options.responseCache === false
      ? undefined
      : (options.responseCache ??
        (options.redis ? createRedisResponseCache(options.redis) : createMemoryResponseCache()));
  const changes =
    options.changes ??
    changeBusFor({ config, database, redis: options.redis, logger: app.log as Deps['logger'] });
  if (responseCache)
    changes.subscribe(CATALOG_CHANGED, (change) =>
      change.local ? responseCache.invalidate() : responseCache.invalidateHeard(),
    );
  installCacheInvalidation(app, () => changes.publish(CATALOG_CHANGED));
  return { responseCache, changes };
}

/** Everything a module needs from outside (Deps), built from the config unless the caller handed a part in. */
export function createDeps(options: PlatformOptions, logger: Deps['logger'], changes: ChangeBus): Deps {
  const { config, database } = options;
  const now = options.now ?? (() => new Date());
  return {
    config,
    database,
    db: database.db,
    logger,
    now,
    tokens: createTokenSigner(config.jwtSecret, now),
    mailer:
      options.mailer ??
      createMailer({
        db: database.db,
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        logger,
        // Failed and left-over mail is delivered by the mail.resend-outbox job (timed-work.ts).
        poll: false,
      }),
    sms: createSmsSender({
      db: database.db,
      termii: config.termii,
      whatsapp: config.whatsapp,
      logger,
      budget: config.smsBudget,
      now,
    }),
    events: createNotificationEvents(),
    rateLimits:
      options.rateLimits ??
      createRateLimits({
        redis: options.redis,
        // Without Redis, sign-in and reset counts are kept in PostgreSQL for every process to share (ADR 043).
        postgres: config.database.driver === 'postgres' ? database.db : undefined,
      }),
    changes,
    media:
      options.media ?? createMedia(config.s3 ? createS3Store(config.s3) : createDiskStore(config.uploadsDir)),
    lifecycle: createLifecycle({ database, redis: options.redis }),
  };
}
