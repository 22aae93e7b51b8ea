import { createRequire } from 'node:module';
import type Pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { currentRequestId, runWithRequestId } from '../observability/request-context.js';
import {
  checkRegistration,
  DEFAULT_RETRY,
  type EnqueueOptions,
  type JobHandler,
  type JobRunner,
  type QueueStat,
  type RetryOptions,
  type Schedule,
} from './jobs.js';

/**
 * A job sent while a request runs carries the request's id beside its payload, so the job's log lines name the
 * request that caused it (issue 33). Jobs without one, and those queued before this shape, are sent as they are.
 */
const CARRIED = '$payload';
interface Carried {
  [CARRIED]: unknown;
  $requestId: string;
}

function carry(payload: unknown): object {
  const requestId = currentRequestId();
  return requestId
    ? ({ [CARRIED]: payload ?? null, $requestId: requestId } satisfies Carried)
    : ((payload ?? null) as object);
}

function uncarry(data: unknown): { payload: unknown; requestId?: string } {
  if (data && typeof data === 'object' && CARRIED in data) {
    const carried = data as Carried;
    return { payload: carried[CARRIED], requestId: carried.$requestId };
  }
  return { payload: data };
}

interface Definition {
  handler: JobHandler<unknown>;
  defaults: Required<RetryOptions>;
  when?: Schedule;
}

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
 * A queue's worker polls by itself this rarely (a fallback): the runner's one poll for all queues wakes it when its
 * queue has a due job, and a job this process sends wakes it at once. Idle, a process sends one statement per
 * polling interval however many queues it has, not one per queue (ADR 087).
 */
const IDLE_WORKER_POLL_SECONDS = 60;

function retryOptions(options: Required<RetryOptions>) {
  return { retryLimit: options.retryLimit, retryDelay: options.retryDelay, retryBackoff: options.backoff };
}

/**
 * The PostgreSQL runner: jobs are rows in pg-boss's schema, fetched with `for update skip locked`, so a job is
 * handled by one process however many run, survives a restart, and is retried with pg-boss's back-off.
 * Cron schedules are pg-boss's own (one process sends each minute's job). An `everySeconds` schedule is sent by
 * every process into a singleton slot of that many seconds, so each slot holds one job whoever sends it.
 * Timed work uses the `singleton` queue policy: a slow run is never joined by a second one.
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
  const definitions = new Map<string, Definition>();
  const timers = new Set<NodeJS.Timeout>();
  /** Each queue's worker in this process, woken by `wake`. */
  const workers = new Map<string, string>();
  const wake = (name: string) => {
    const worker = workers.get(name);
    if (worker) boss.notifyWorker(worker);
  };
  const held: { name: string; payload: unknown; options?: EnqueueOptions }[] = [];
  let state: 'idle' | 'starting' | 'started' | 'stopped' = 'idle';

  function define(name: string, handler: JobHandler<unknown>, defaults?: RetryOptions, when?: Schedule) {
    checkRegistration(name, when, defaults);
    if (state !== 'idle') throw new Error(`Register job ${name} before the job runner starts`);
    definitions.set(name, { handler, defaults: { ...DEFAULT_RETRY, ...defaults }, when });
  }

  async function send(name: string, payload: unknown, enqueue?: EnqueueOptions): Promise<string | null> {
    const definition = definitions.get(name);
    if (!definition) throw new Error(`No handler is defined for job ${name}`);
    const retry = { ...definition.defaults, ...enqueue };
    const id = await boss.send(name, carry(payload), {
      ...retryOptions(retry),
      ...(enqueue?.startAfterSeconds ? { startAfter: enqueue.startAfterSeconds } : {}),
    });
    // Due now: this process's worker takes it without waiting for a poll.
    if (id && !enqueue?.startAfterSeconds) wake(name);
    return id;
  }

  /** One statement for every queue: the queues with a due job, whose workers are woken. */
  async function pollDueQueues(): Promise<void> {
    const { rows } = await boss
      .getDb()
      .executeSql(
        `select distinct name from ${schema}.job where state < 'active' and start_after < now()`,
        [],
      );
    for (const row of rows as { name: string }[]) wake(row.name);
  }

  function pollEvery(seconds: number): void {
    let polling = false;
    const timer = setInterval(() => {
      if (state !== 'started' || polling) return;
      polling = true;
      pollDueQueues()
        .catch((error: unknown) => logger.error({ err: error }, 'could not look for due jobs'))
        .finally(() => {
          polling = false;
        });
    }, seconds * 1000);
    timer.unref();
    timers.add(timer);
  }

  function sendEvery(name: string, seconds: number): void {
    const tick = () => {
      if (state !== 'started') return;
      boss
        .send(name, {}, { singletonSeconds: seconds })
        .then((id) => {
          if (id) wake(name);
        })
        .catch((error: unknown) => logger.error({ err: error, job: name }, 'could not send timed job'));
    };
    tick();
    // Ticking at half the period means no slot is missed when timers drift; a second send in a slot is a no-op.
    const timer = setInterval(tick, Math.max(1, seconds / 2) * 1000);
    timer.unref();
    timers.add(timer);
  }

  /**
   * Creating a queue adds a partition to pg-boss's job table; two processes doing it at the same moment deadlock,
   * so every process takes the same advisory lock for it (measured: two runners starting together did).
   */
  async function createQueues(): Promise<void> {
    const client = new pg.Client({
      connectionString: options.sessionConnectionString ?? options.connectionString,
    });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock(hashtext($1))', [`${schema}.create-queues`]);
      for (const [name, definition] of definitions) {
        const queue = {
          name,
          policy: definition.when ? ('singleton' as const) : ('standard' as const),
          ...retryOptions(definition.defaults),
        };
        if (await boss.getQueue(name)) await boss.updateQueue(name, queue);
        else await boss.createQueue(name, queue);
      }
    } finally {
      // Ending the session releases its advisory lock too.
      await client.end();
    }
  }

  return {
    kind: 'pg-boss',
    define(name, handler, defaults) {
      define(name, handler as JobHandler<unknown>, defaults);
    },
    schedule(name, when, handler, retry) {
      define(name, handler as JobHandler<unknown>, retry, when);
    },
    async enqueue(name, payload, enqueue) {
      checkRegistration(name, undefined, enqueue);
      if (state === 'stopped') throw new Error(`Job runner is stopped; cannot enqueue ${name}`);
      if (state !== 'started') {
        if (!definitions.has(name)) throw new Error(`No handler is defined for job ${name}`);
        held.push({ name, payload, options: enqueue });
        return null;
      }
      return send(name, payload, enqueue);
    },
    async start() {
      if (state !== 'idle') return;
      state = 'starting';
      await boss.start();
      await createQueues();
      for (const [name, definition] of definitions) {
        const worker = await boss.work<unknown>(
          name,
          { batchSize: 1, pollingIntervalSeconds: IDLE_WORKER_POLL_SECONDS },
          async ([job]) => {
            // Timed work has no payload: its handler gets null in both runners.
            if (!job) return;
            const { payload, requestId } = uncarry(job.data);
            await runWithRequestId(requestId, () =>
              definition.handler(definition.when ? null : payload, { id: job.id, name: job.name }),
            );
          },
        );
        workers.set(name, worker);
      }
      for (const [name, { when }] of definitions) {
        if (typeof when === 'string') await boss.schedule(name, when, {}, { tz: 'UTC' });
      }
      state = 'started';
      pollEvery(options.pollingIntervalSeconds ?? 2);
      for (const [name, { when }] of definitions) {
        if (when && typeof when !== 'string') sendEvery(name, when.everySeconds);
      }
      for (const job of held.splice(0)) await send(job.name, job.payload, job.options);
    },
    async stop() {
      if (state === 'stopped') return;
      const wasRunning = state !== 'idle';
      state = 'stopped';
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      if (wasRunning) await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    },
    async stats() {
      if (state !== 'started') return [];
      // One statement over pg-boss's job table: waiting and running jobs per queue, and how long the oldest job
      // that is due has waited. Read by /metrics at each scrape, so a scrape costs one small query.
      const { rows } = await boss.getDb().executeSql(
        `select name,
                count(*)::int as depth,
                coalesce(extract(epoch from now() - min(start_after) filter (
                  where state in ('created', 'retry') and start_after <= now())), 0)::float8 as lag
           from ${schema}.job
          where state in ('created', 'retry', 'active')
          group by name`,
        [],
      );
      const found = new Map(
        (rows as { name: string; depth: number; lag: number }[]).map((row) => [row.name, row]),
      );
      return [...definitions.keys()].map(
        (name): QueueStat => ({
          queue: name,
          depth: Number(found.get(name)?.depth ?? 0),
          lagSeconds: Math.max(0, Number(found.get(name)?.lag ?? 0)),
        }),
      );
    },
  };
}
