import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import { seedDemo } from './modules/system/demo-seed.js';
import { type Config, ConfigError, loadConfig } from './platform/config.js';
import { openDatabase } from './platform/db/client.js';

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
  const { app } = await buildApp({ config, database, redis });
  if (config.seedDemo) await seedDemo(database.db, app.log as never);

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
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
