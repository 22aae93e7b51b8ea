import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { currentRequestId, runWithRequestId } from '../observability/request-context.js';
import {
  checkRegistration,
  DEFAULT_RETRY,
  type EnqueueOptions,
  type JobHandler,
  nextCronTime,
  type QueueStat,
  type RetryOptions,
  retryDelaySeconds,
  type Schedule,
} from './jobs.js';

interface Definition {
  handler: JobHandler<unknown>;
  defaults: Required<RetryOptions>;
}

export interface Pending {
  id: string;
  name: string;
  payload: unknown;
  retry: Required<RetryOptions>;
  /** Attempts made so far. */
  attempts: number;
  /** The schedule this run belongs to, so a slow run is not started twice. */
  scheduled?: string;
  /** Seconds to wait before the first attempt. */
  startAfterSeconds?: number;
  /** The request that enqueued it: the job's log lines name it too. */
  requestId?: string;
  /** When its next attempt is due (ms since the epoch), while it waits. */
  dueAt?: number;
}

/** What the in-process runner's steps share (ADR 106): built once by `createInProcessRunner`, given to each step. */
export interface InProcessContext {
  logger: Logger;
  definitions: Map<string, Definition>;
  schedules: { name: string; when: Schedule }[];
  timers: Set<NodeJS.Timeout>;
  running: Set<Promise<void>>;
  busySchedules: Set<string>;
  waiting: Pending[];
  /** Jobs waiting for their first attempt or a retry, and runs under way, by queue: the metrics' depth and lag. */
  pending: Set<Pending>;
  runningByName: Map<string, number>;
  state: 'idle' | 'started' | 'stopped';
}

function later(ctx: InProcessContext, seconds: number, run: () => void): void {
  const timer = setTimeout(() => {
    ctx.timers.delete(timer);
    run();
  }, seconds * 1000);
  timer.unref();
  ctx.timers.add(timer);
}

function attempt(ctx: InProcessContext, job: Pending): void {
  if (ctx.state !== 'started') {
    if (ctx.state === 'idle') ctx.waiting.push(job);
    return;
  }
  const definition = ctx.definitions.get(job.name);
  ctx.pending.delete(job);
  if (!definition) return;
  job.attempts += 1;
  ctx.runningByName.set(job.name, (ctx.runningByName.get(job.name) ?? 0) + 1);
  const run = (async () => {
    try {
      await runWithRequestId(job.requestId, () =>
        definition.handler(job.payload, { id: job.id, name: job.name }),
      );
      if (job.scheduled) ctx.busySchedules.delete(job.scheduled);
    } catch (error) {
      const retry = job.attempts; // the retry about to be made, counted from 1
      if (retry <= job.retry.retryLimit && ctx.state === 'started') {
        const delay = retryDelaySeconds(job.retry, retry);
        ctx.logger.warn({ job: job.name, jobId: job.id, err: error, retryInSeconds: delay }, 'job failed');
        delayed(ctx, job, delay);
      } else {
        ctx.logger.error({ job: job.name, jobId: job.id, err: error }, 'job failed; no retries left');
        if (job.scheduled) ctx.busySchedules.delete(job.scheduled);
      }
    }
  })();
  ctx.running.add(run);
  void run.finally(() => {
    ctx.running.delete(run);
    ctx.runningByName.set(job.name, (ctx.runningByName.get(job.name) ?? 1) - 1);
  });
}

function delayed(ctx: InProcessContext, job: Pending, seconds = 0): void {
  if (seconds > 0) {
    job.dueAt = Date.now() + seconds * 1000;
    ctx.pending.add(job);
    later(ctx, seconds, () => attempt(ctx, job));
  } else attempt(ctx, job);
}

function fire(ctx: InProcessContext, name: string): void {
  // A run (or its retries) still under way: skip this tick, as pg-boss does for a singleton slot.
  if (ctx.busySchedules.has(name)) return;
  const definition = ctx.definitions.get(name);
  if (!definition) return;
  ctx.busySchedules.add(name);
  attempt(ctx, {
    id: randomUUID(),
    name,
    payload: null,
    retry: definition.defaults,
    attempts: 0,
    scheduled: name,
  });
}

function arm(ctx: InProcessContext, name: string, when: Schedule): void {
  if (ctx.state !== 'started') return;
  const seconds =
    typeof when === 'string'
      ? Math.max(0, (nextCronTime(when, new Date()).getTime() - Date.now()) / 1000)
      : when.everySeconds;
  later(ctx, seconds, () => {
    fire(ctx, name);
    arm(ctx, name, when);
  });
}

export function define(
  ctx: InProcessContext,
  name: string,
  handler: JobHandler<unknown>,
  defaults?: RetryOptions,
  when?: Schedule,
) {
  checkRegistration(name, when, defaults);
  // As on PostgreSQL, where workers are set up by start(): a late registration is a bug in both modes.
  if (ctx.state !== 'idle') throw new Error(`Register job ${name} before the job runner starts`);
  ctx.definitions.set(name, { handler, defaults: { ...DEFAULT_RETRY, ...defaults } });
}

export async function enqueue(
  ctx: InProcessContext,
  name: string,
  payload: unknown,
  options?: EnqueueOptions,
): Promise<string> {
  checkRegistration(name, undefined, options);
  if (ctx.state === 'stopped') throw new Error(`Job runner is stopped; cannot enqueue ${name}`);
  const definition = ctx.definitions.get(name);
  if (!definition) throw new Error(`No handler is defined for job ${name}`);
  const { startAfterSeconds, ...retry } = options ?? {};
  const job: Pending = {
    id: randomUUID(),
    name,
    payload,
    retry: { ...definition.defaults, ...retry },
    attempts: 0,
    requestId: currentRequestId(),
  };
  if (ctx.state === 'started') delayed(ctx, job, startAfterSeconds);
  else ctx.waiting.push({ ...job, startAfterSeconds });
  return job.id;
}

export async function start(ctx: InProcessContext): Promise<void> {
  if (ctx.state !== 'idle') return;
  ctx.state = 'started';
  for (const { name, when } of ctx.schedules) arm(ctx, name, when);
  for (const job of ctx.waiting.splice(0)) delayed(ctx, job, job.startAfterSeconds);
}

export async function stop(ctx: InProcessContext): Promise<void> {
  if (ctx.state === 'stopped') return;
  ctx.state = 'stopped';
  for (const timer of ctx.timers) clearTimeout(timer);
  ctx.timers.clear();
  ctx.waiting.length = 0;
  ctx.pending.clear();
  await Promise.allSettled([...ctx.running]);
}

export async function stats(ctx: InProcessContext): Promise<QueueStat[]> {
  const now = Date.now();
  const stats = new Map<string, QueueStat>();
  for (const name of ctx.definitions.keys())
    stats.set(name, { queue: name, depth: ctx.runningByName.get(name) ?? 0, lagSeconds: 0 });
  for (const job of [...ctx.pending, ...ctx.waiting]) {
    const stat = stats.get(job.name);
    if (!stat) continue;
    stat.depth += 1;
    if (job.dueAt !== undefined && job.dueAt <= now)
      stat.lagSeconds = Math.max(stat.lagSeconds, (now - job.dueAt) / 1000);
  }
  return [...stats.values()];
}
