import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import { seedShippingDefaults } from './modules/shipping/index.js';
import { type Config, ConfigError, loadConfig } from './platform/config.js';
import { openDatabase } from './platform/db/client.js';
import { seedDemoCatalog } from './seed/demo-catalog.js';
import { seedDemoOrders } from './seed/demo-orders.js';
import { seedDemo } from './seed/demo-seed.js';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const started = performance.now();
  const database = await openDatabase(
    config.database.driver === 'pglite' ? { driver: 'pglite', dir: config.database.dir } : config.database,
  );
  await database.migrate();
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  const { app, deps, jobs } = await buildApp({ config, database, redis });
  if (config.seedDemo) {
    await seedDemo(database.db, deps.logger);
    await seedShippingDefaults(database.db);
    await seedDemoCatalog(database.db, deps.media, deps.logger);
    await seedDemoOrders(database.db, deps.logger);
  }
  // Unpaid checkouts give their stock back after 30 minutes; several processes may run this safely.
  const sweeper = setInterval(
    () =>
      void jobs
        .sweepCheckouts()
        .catch((error: unknown) => deps.logger.error({ err: error }, 'checkout sweep failed')),
    60_000,
  );
  sweeper.unref();
  // PGlite has no autovacuum: keep visibility maps and planner statistics fresh for index-only scans.
  await database.maintain();
  const maintenance = setInterval(
    () =>
      void database
        .maintain()
        .catch((error: unknown) => deps.logger.error({ err: error }, 'database maintenance failed')),
    6 * 60 * 60 * 1000,
  );
  maintenance.unref();

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    clearInterval(maintenance);
    clearInterval(sweeper);
    await app.close();
    await database.close();
    redis?.disconnect();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: `http://localhost:${config.port}`,
      database: database.driver,
      readyInMs: Math.round(performance.now() - started),
    },
    'Naija Market is ready',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
