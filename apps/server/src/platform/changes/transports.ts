import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type Pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import type { ChangeTransport } from './change-bus.js';

/** A NOTIFY channel is an SQL identifier: ours is fixed and needs no quoting. */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/** Reconnection waits, doubling from the first up to the last. */
const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 10_000;

/** The listening connection's state (ADR 106), shared by `createPostgresTransport` and its reconnections. */
interface ListenerContext {
  url: string;
  logger: Logger;
  channel: string;
  client: Pg.Client | undefined;
  closing: boolean;
}

/** Opens the connection that listens; until it listens a failure is thrown, after it a loss calls `onLost`. */
async function connectListener(
  ctx: ListenerContext,
  hear: (message: string) => void,
  onLost: () => void,
): Promise<void> {
  // node-postgres is loaded only on PostgreSQL (ADR 035), as the database client does.
  const { default: pg } = await import('pg');
  const next = new pg.Client({
    connectionString: ctx.url,
    application_name: 'naija-market-changes',
    // A silently dead peer (a failover, a dropped NAT entry) is noticed and the connection reopened.
    keepAlive: true,
  });
  next.on('notification', (notification) => {
    if (notification.channel === ctx.channel && notification.payload !== undefined)
      hear(notification.payload);
  });
  // Until it listens, a failure is the caller's to retry (and an 'error' event unheard would end the process);
  // after, a lost connection is reopened.
  let listening = false;
  let lost = false;
  const lose = (error?: Error) => {
    if (!listening || lost) return;
    lost = true;
    if (error) ctx.logger.warn({ err: error }, 'change bus lost its PostgreSQL connection');
    next.end().catch(() => undefined);
    if (!ctx.closing) onLost();
  };
  next.on('error', lose);
  next.on('end', () => lose());
  try {
    await next.connect();
    await next.query(`listen ${ctx.channel}`);
  } catch (error) {
    next.end().catch(() => undefined);
    throw error;
  }
  if (ctx.closing) {
    await next.end().catch(() => undefined);
    return;
  }
  listening = true;
  ctx.client = next;
}

/**
 * PostgreSQL LISTEN/NOTIFY. Messages go out on the app's own pool (`select pg_notify(…)`, after the write's
 * transaction committed; the messages gathered meanwhile in one statement); they are heard on one connection of the bus's own that stays open, so the database URL
 * must reach PostgreSQL in session mode (directly, or a pooler in session mode: a transaction-mode pooler such as
 * PgBouncer's default drops LISTEN). A lost connection is reopened with back-off, and subscribers are told that
 * they may have missed messages.
 */
export function createPostgresTransport(options: {
  url: string;
  db: Db;
  logger: Logger;
  channel?: string;
}): ChangeTransport {
  const channel = options.channel ?? 'market_changes';
  if (!CHANNEL.test(channel)) throw new Error(`Not a NOTIFY channel name: ${channel}`);
  const { logger } = options;
  const ctx: ListenerContext = { url: options.url, logger, channel, client: undefined, closing: false };
  let retryTimer: NodeJS.Timeout | undefined;

  return {
    kind: 'postgres',
    async send(messages) {
      // One statement for every message gathered (each still a NOTIFY of its own); PostgreSQL sends them when
      // this statement's own transaction commits, at once.
      if (messages.length === 1) await options.db.execute(sql`select pg_notify(${channel}, ${messages[0]!})`);
      else
        await options.db.execute(
          sql`select count(pg_notify(${channel}, message)) from json_array_elements_text(${JSON.stringify(messages)}::json) as message`,
        );
    },
    async listen(hear, missed) {
      let wait = FIRST_RETRY_MS;
      const reconnect = () => {
        if (ctx.closing) return;
        retryTimer = setTimeout(() => {
          connectListener(ctx, hear, reconnect).then(
            () => {
              wait = FIRST_RETRY_MS;
              missed();
            },
            (error: unknown) => {
              logger.warn({ err: error, retryInMs: wait }, 'change bus could not reconnect to PostgreSQL');
              wait = Math.min(LAST_RETRY_MS, wait * 2);
              reconnect();
            },
          );
        }, wait);
        retryTimer.unref();
      };
      await connectListener(ctx, hear, reconnect);
    },
    async close() {
      ctx.closing = true;
      clearTimeout(retryTimer);
      await ctx.client?.end().catch(() => undefined);
    },
  };
}

/**
 * Redis pub/sub: published with the app's Redis client, heard on a second connection (a subscribing connection
 * can do nothing else). ioredis reconnects and subscribes again on its own; every reconnection after the first
 * tells subscribers that they may have missed messages, since pub/sub keeps nothing for absent listeners.
 */
export function createRedisTransport(options: {
  redis: Redis;
  logger: Logger;
  channel?: string;
}): ChangeTransport {
  const channel = options.channel ?? 'market:changes';
  const { redis, logger } = options;
  let subscriber: Redis | undefined;
  return {
    kind: 'redis',
    async send(messages) {
      if (messages.length === 1) await redis.publish(channel, messages[0]!);
      else {
        // One round trip for them all.
        const pipeline = redis.pipeline();
        for (const message of messages) pipeline.publish(channel, message);
        await pipeline.exec();
      }
    },
    async listen(hear, missed) {
      const connection = redis.duplicate();
      subscriber = connection;
      connection.on('message', (from: string, message: string) => {
        if (from === channel) hear(message);
      });
      // Without a listener ioredis prints every connection error to stderr itself.
      connection.on('error', (error: Error) =>
        logger.warn({ err: error }, 'change bus: Redis subscriber connection error'),
      );
      let readyOnce = false;
      connection.on('ready', () => {
        // ioredis subscribes again right after 'ready'; a second SUBSCRIBE is answered after it, so messages
        // are surely heard again by the time subscribers are told to catch up.
        if (readyOnce)
          connection.subscribe(channel).then(missed, (error: unknown) => {
            logger.warn({ err: error }, 'change bus: could not subscribe again');
          });
        readyOnce = true;
      });
      await connection.subscribe(channel);
    },
    async close() {
      subscriber?.disconnect();
    },
  };
}
