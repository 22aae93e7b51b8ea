import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { type ChangeBus, createChangeBus } from './change-bus.js';
import { createPostgresTransport, createRedisTransport } from './transports.js';

export {
  CATALOG_CHANGED,
  type Change,
  type ChangeBus,
  type ChangeHandler,
  type ChangeTransport,
  createChangeBus,
  MAX_PAYLOAD_BYTES,
} from './change-bus.js';
export { createPostgresTransport, createRedisTransport } from './transports.js';

/**
 * Redis pub/sub when REDIS_URL is set (Redis already carries the shared rate limits and catalog cache), else
 * PostgreSQL LISTEN/NOTIFY on a PostgreSQL database, else in process: the embedded PGlite serves one process.
 */
export function changeBusFor(options: {
  config: Pick<Config, 'database'>;
  database: Database;
  redis?: Redis;
  logger: Logger;
}): ChangeBus {
  const { config, database, redis, logger } = options;
  if (redis) return createChangeBus({ transport: createRedisTransport({ redis, logger }), logger });
  if (config.database.driver === 'postgres')
    return createChangeBus({
      // LISTEN needs a session of its own: the direct connection when the pool goes through a transaction pooler.
      transport: createPostgresTransport({
        url: config.database.directUrl ?? config.database.url,
        db: database.db,
        logger,
      }),
      logger,
    });
  return createChangeBus({ logger });
}
