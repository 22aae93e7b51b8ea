import type Pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { currentRequestId, runWithRequestId } from '../observability/request-context.js';
import {
  checkRegistration,
  DEFAULT_RETRY,
  type EnqueueOptions,
  type JobHandler,
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

export interface Definition {
  handler: JobHandler<unknown>;
  defaults: Required<RetryOptions>;
  when?: Schedule;
}

/** What the pg-boss runner's steps share (ADR 106): built once by `createPgBossRunner`, given to each step. */
export interface PgBossContext {
  boss: PgBoss;
  pg: typeof Pg;
  logger: Logger;
  schema: string;
  /** DATABASE_DIRECT_URL for the queue lock's session, else the queue's own connection string. */
  sessionConnectionString: string;
  pollingIntervalSeconds: number;
  definitions: Map<string, Definition>;
  timers: Set<NodeJS.Timeout>;
  /** Each queue's worker in this process, woken by `wake`. */
  workers: Map<string, string>;
  wake: (name: string) => void;
  held: { name: string; payload: unknown; options?: EnqueueOptions }[];
  state: 'idle' | 'starting' | 'started' | 'stopped';
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

export function define(
  ctx: PgBossContext,
  name: string,
  handler: JobHandler<unknown>,
  defaults?: RetryOptions,
  when?: Schedule,
) {
  checkRegistration(name, when, defaults);
  if (ctx.state !== 'idle') throw new Error(`Register job ${name} before the job runner starts`);
  ctx.definitions.set(name, { handler, defaults: { ...DEFAULT_RETRY, ...defaults }, when });
}

export async function send(
  ctx: PgBossContext,
  name: string,
  payload: unknown,
  enqueue?: EnqueueOptions,
): Promise<string | null> {
  const definition = ctx.definitions.get(name);
  if (!definition) throw new Error(`No handler is defined for job ${name}`);
  const retry = { ...definition.defaults, ...enqueue };
  const id = await ctx.boss.send(name, carry(payload), {
    ...retryOptions(retry),
    ...(enqueue?.startAfterSeconds ? { startAfter: enqueue.startAfterSeconds } : {}),
  });
  // Due now: this process's worker takes it without waiting for a poll.
  if (id && !enqueue?.startAfterSeconds) ctx.wake(name);
  return id;
}

/** One statement for every queue: the queues with a due job, whose workers are woken. */
async function pollDueQueues(ctx: PgBossContext): Promise<void> {
  const { rows } = await ctx.boss
    .getDb()
    .executeSql(
      `select distinct name from ${ctx.schema}.job where state < 'active' and start_after < now()`,
      [],
    );
  for (const row of rows as { name: string }[]) ctx.wake(row.name);
}

function pollEvery(ctx: PgBossContext, seconds: number): void {
  let polling = false;
  const timer = setInterval(() => {
    if (ctx.state !== 'started' || polling) return;
    polling = true;
    pollDueQueues(ctx)
      .catch((error: unknown) => ctx.logger.error({ err: error }, 'could not look for due jobs'))
      .finally(() => {
        polling = false;
      });
  }, seconds * 1000);
  timer.unref();
  ctx.timers.add(timer);
}

function sendEvery(ctx: PgBossContext, name: string, seconds: number): void {
  const tick = () => {
    if (ctx.state !== 'started') return;
    ctx.boss
      .send(name, {}, { singletonSeconds: seconds })
      .then((id) => {
        if (id) ctx.wake(name);
      })
      .catch((error: unknown) => ctx.logger.error({ err: error, job: name }, 'could not send timed job'));
  };
  tick();
  // Ticking at half the period means no slot is missed when timers drift; a second send in a slot is a no-op.
  const timer = setInterval(tick, Math.max(1, seconds / 2) * 1000);
  timer.unref();
  ctx.timers.add(timer);
}

/**
 * Creating a queue adds a partition to pg-boss's job table; two processes doing it at the same moment deadlock,
 * so every process takes the same advisory lock for it (measured: two runners starting together did).
 */
async function createQueues(ctx: PgBossContext): Promise<void> {
  const client = new ctx.pg.Client({
    connectionString: ctx.sessionConnectionString,
  });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [`${ctx.schema}.create-queues`]);
    for (const [name, definition] of ctx.definitions) {
      const queue = {
        name,
        policy: definition.when ? ('singleton' as const) : ('standard' as const),
        ...retryOptions(definition.defaults),
      };
      if (await ctx.boss.getQueue(name)) await ctx.boss.updateQueue(name, queue);
      else await ctx.boss.createQueue(name, queue);
    }
  } finally {
    // Ending the session releases its advisory lock too.
    await client.end();
  }
}

export async function enqueue(
  ctx: PgBossContext,
  name: string,
  payload: unknown,
  options?: EnqueueOptions,
): Promise<string | null> {
  checkRegistration(name, undefined, options);
  if (ctx.state === 'stopped') throw new Error(`Job runner is stopped; cannot enqueue ${name}`);
  if (ctx.state !== 'started') {
    if (!ctx.definitions.has(name)) throw new Error(`No handler is defined for job ${name}`);
    ctx.held.push({ name, payload, options });
    return null;
  }
  return send(ctx, name, payload, options);
}

export async function start(ctx: PgBossContext): Promise<void> {
  if (ctx.state !== 'idle') return;
  ctx.state = 'starting';
  await ctx.boss.start();
  await createQueues(ctx);
  for (const [name, definition] of ctx.definitions) {
    const worker = await ctx.boss.work<unknown>(
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
    ctx.workers.set(name, worker);
  }
  for (const [name, { when }] of ctx.definitions) {
    if (typeof when === 'string') await ctx.boss.schedule(name, when, {}, { tz: 'UTC' });
  }
  ctx.state = 'started';
  pollEvery(ctx, ctx.pollingIntervalSeconds);
  for (const [name, { when }] of ctx.definitions) {
    if (when && typeof when !== 'string') sendEvery(ctx, name, when.everySeconds);
  }
  for (const job of ctx.held.splice(0)) await send(ctx, job.name, job.payload, job.options);
}

export async function stop(ctx: PgBossContext): Promise<void> {
  if (ctx.state === 'stopped') return;
  const wasRunning = ctx.state !== 'idle';
  ctx.state = 'stopped';
  for (const timer of ctx.timers) clearInterval(timer);
  ctx.timers.clear();
  if (wasRunning) await ctx.boss.stop({ graceful: true, wait: true, timeout: 30_000 });
}

export async function stats(ctx: PgBossContext): Promise<QueueStat[]> {
  if (ctx.state !== 'started') return [];
  // One statement over pg-boss's job table: waiting and running jobs per queue, and how long the oldest job
  // that is due has waited. Read by /metrics at each scrape, so a scrape costs one small query.
  const { rows } = await ctx.boss.getDb().executeSql(
    `select name,
            count(*)::int as depth,
            coalesce(extract(epoch from now() - min(start_after) filter (
              where state in ('created', 'retry') and start_after <= now())), 0)::float8 as lag
       from ${ctx.schema}.job
      where state in ('created', 'retry', 'active')
      group by name`,
    [],
  );
  const found = new Map(
    (rows as { name: string; depth: number; lag: number }[]).map((row) => [row.name, row]),
  );
  return [...ctx.definitions.keys()].map(
    (name): QueueStat => ({
      queue: name,
      depth: Number(found.get(name)?.depth ?? 0),
      lagSeconds: Math.max(0, Number(found.get(name)?.lag ?? 0)),
    }),
  );
}
