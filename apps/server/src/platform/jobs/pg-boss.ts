import { createRequire } from 'node:module';
import type Pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { bound } from '../bound.js';
import type { JobHandler, JobRunner } from './jobs.js';
import { define, enqueue, type PgBossContext, start, stats, stop } from './pg-boss.queue.js';

export interface PgBossRunnerOptions {
  connectionString: string;
  /**
   * A direct connection (DATABASE_DIRECT_URL) for the queue lock, a session lock: behind a transaction-mode pooler
   * `connectionString` gives no session of one's own. `connectionString` when unset.
   */
  sessionConnectionString?: string;
  /** Connections of pg-boss's pool (JOBS_POOL_MAX); 2 unless given. */
  max?: number;
  logger: Logger;
  /** The PostgreSQL schema pg-boss keeps its tables in (created on start); tests use one of their own. */
  schema?: string;
  /**
   * How often the runner looks for due jobs: one statement for every queue at once, which wakes the workers of the
   * queues that have some (ADR 087). Each queue's own worker polls only every IDLE_WORKER_POLL_SECONDS.
   */
  pollingIntervalSeconds?: number;
}

/**
 * The PostgreSQL runner: jobs are rows in pg-boss's schema, fetched with `for update skip locked`, so a job is
 * handled by one process however many run, survives a restart, and is retried with pg-boss's back-off.
 * Cron schedules are pg-boss's own (one process sends each minute's job). An `everySeconds` schedule is sent by
 * every process into a singleton slot of that many seconds, so each slot holds one job whoever sends it.
 * Timed work uses the `singleton` queue policy: a slow run is never joined by a second one.
 * Its steps are in `pg-boss.queue.ts` (ADR 106).
 */
export function createPgBossRunner(options: PgBossRunnerOptions): JobRunner {
  // Required here rather than imported at the top: the embedded default (PGlite, timers in process) never calls
  // this, and pg with pg-boss is about 4 MB of resident memory it would load for nothing (ADR 035). Both are
  // CommonJS, so require() keeps this function synchronous.
  const require = createRequire(import.meta.url);
  const pg = require('pg') as typeof Pg;
  const PgBossQueue = require('pg-boss') as typeof PgBoss;
  const { logger } = options;
  const schema = options.schema ?? 'pgboss';
  const boss = new PgBossQueue({
    connectionString: options.connectionString,
    schema,
    application_name: 'naija-market-jobs',
    max: options.max ?? 2,
  });
  // pg-boss reports connection and maintenance trouble as events; an unheard 'error' would end the process.
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  const workers = new Map<string, string>();
  const ctx: PgBossContext = {
    boss,
    pg,
    logger,
    schema,
    sessionConnectionString: options.sessionConnectionString ?? options.connectionString,
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
    definitions: new Map(),
    timers: new Set(),
    workers,
    wake: (name) => {
      const worker = workers.get(name);
      if (worker) boss.notifyWorker(worker);
    },
    held: [],
    state: 'idle',
  };
  return {
    kind: 'pg-boss',
    define(name, handler, defaults) {
      define(ctx, name, handler as JobHandler<unknown>, defaults);
    },
    schedule(name, when, handler, retry) {
      define(ctx, name, handler as JobHandler<unknown>, retry, when);
    },
    enqueue: bound(ctx, enqueue),
    start: bound(ctx, start),
    stop: bound(ctx, stop),
    stats: bound(ctx, stats),
  };
}
