import { buildApp } from './app.js';
import { BOOKS_CAUGHT_UP, clearMark, ROLLUPS_BUILT } from './modules/ledger/index.js';
import { type Config, ConfigError, loadConfig } from './platform/config.js';
import { openDatabase } from './platform/db/client.js';
import { gracefulStop } from './platform/observability/graceful-stop.js';
import { startMetricsServer } from './platform/observability/metrics-server.js';
import { seedDemoMarketplace } from './seed/demo-marketplace.js';

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
  const database = await openDatabase(config.database);
  await database.migrate();
  // ioredis only when configured: the embedded default does without its ~7 MB of resident memory (ADR 035).
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 2 })
    : undefined;
  const { app, deps, jobs, scheduler } = await buildApp({ config, database, redis });
  if (config.seedDemo) {
    const seeded = await seedDemoMarketplace(database.db, deps.media, deps.logger);
    // The demo's paid orders are written past the ledger: this start books them and builds the roll-ups.
    if (!seeded.alreadySeeded) {
      await clearMark(database.db, BOOKS_CAUGHT_UP);
      await clearMark(database.db, ROLLUPS_BUILT);
    }
  }
  // Every paid order in the books, whatever wrote it (orders paid before the ledger, the demo seed), and the books'
  // roll-ups built: each done once, a mark read at every later start (ADR 067).
  const books = await jobs.catchUpBooksOnce();
  if (books.booked > 0)
    app.log.info({ orders: books.booked }, 'posted the books of paid orders the ledger had not heard of');
  if (books.rollupsRebuilt) app.log.info('built the roll-ups of the books');
  // Delivered orders whose return window closed while the server was down are completed now, not at the hourly
  // job's first run (a restarted server would otherwise hold their money from the store for up to an hour).
  const completed = await jobs.completeAfterReturnWindow();
  if (completed > 0) app.log.info({ orders: completed }, 'completed orders past the return window');
  // Subaccount settlement (ADR 051): accounts saved before the platform moved to it become Paystack subaccounts.
  if (config.settlementMode === 'subaccount') {
    const linked = await jobs.linkSubaccounts();
    if (linked.linked + linked.waiting > 0) app.log.info(linked, 'linked stores to Paystack subaccounts');
  }
  // PGlite has no autovacuum: fresh planner statistics from the start; the database.maintain job repeats it.
  await database.maintain();
  // Timed work (timed-work.ts, and any job a module registered on the scheduler before this line).
  await scheduler.start();
  // Hears what other server processes change (ADR 043): Redis pub/sub, PostgreSQL LISTEN/NOTIFY, or nothing to
  // hear on the embedded database, which serves one process.
  await deps.changes.start();

  // `/metrics` on its own port (ADR 069): never routed by the proxy, one per process.
  const metricsServer = config.metrics.port
    ? await startMetricsServer({ port: config.metrics.port, host: config.metrics.host })
    : undefined;

  stopOnSignals({ config, database, redis, app, deps, metricsServer });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: `http://localhost:${config.port}`,
      database: database.driver,
      changes: deps.changes.transport,
      // Several processes need uploads in S3 or this folder on a shared volume (docs/operations/several-processes.md).
      uploads: config.s3 ? 's3' : config.uploadsDir,
      readyInMs: Math.round(performance.now() - started),
      ...(metricsServer ? { metricsPort: metricsServer.port } : {}),
    },
    'Naija Market is ready',
  );
}

/** What a graceful stop closes. */
interface Running {
  config: Config;
  database: Awaited<ReturnType<typeof openDatabase>>;
  redis: { disconnect(): void } | undefined;
  app: Awaited<ReturnType<typeof buildApp>>['app'];
  deps: Awaited<ReturnType<typeof buildApp>>['deps'];
  metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
}

function stopOnSignals({ config, database, redis, app, deps, metricsServer }: Running): void {
  // Graceful stop (ADR 069, platform/observability/graceful-stop.ts), cut short after SHUTDOWN_GRACE_MS.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const began = performance.now();
    const { delayMs, graceMs } = config.shutdown;
    const deadline = setTimeout(() => {
      app.log.error({ signal, graceMs }, 'did not stop within the grace period; exiting');
      process.exit(1);
    }, graceMs);
    deadline.unref();
    app.log.info({ signal, delayMs, graceMs }, 'draining: reporting not ready');
    try {
      await gracefulStop({
        app,
        lifecycle: deps.lifecycle,
        delayMs,
        close: async () => {
          await database.close();
          redis?.disconnect();
          await metricsServer?.close();
        },
      });
    } catch (error) {
      app.log.error({ err: error }, 'error while stopping');
    }
    app.log.info({ signal, ms: Math.round(performance.now() - began) }, 'stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  // Started by `npm start` (scripts/start.mjs) with an IPC channel: if that parent goes, so does the server,
  // gracefully, rather than living on unowned.
  if (process.send) process.once('disconnect', () => void shutdown('parent exited'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
