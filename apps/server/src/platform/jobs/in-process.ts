import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { currentRequestId, runWithRequestId } from '../observability/request-context.js';
import {
  checkRegistration,
  DEFAULT_RETRY,
  type EnqueueOptions,
  type JobHandler,
  type JobRunner,
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

interface Pending {
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

/**
 * The embedded mode's runner (PGlite, one process): timers and retries in memory. A job still waiting for a
 * retry when the process stops is dropped; the timed work it stands for runs again on the next schedule.
 */
export function createInProcessRunner(options: { logger: Logger }): JobRunner {
  const definitions = new Map<string, Definition>();
  const schedules: { name: string; when: Schedule }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const busySchedules = new Set<string>();
  const waiting: Pending[] = [];
  /** Jobs waiting for their first attempt or a retry, and runs under way, by queue: the metrics' depth and lag. */
  const pending = new Set<Pending>();
  const runningByName = new Map<string, number>();
  let state: 'idle' | 'started' | 'stopped' = 'idle';

  function later(seconds: number, run: () => void): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, seconds * 1000);
    timer.unref();
    timers.add(timer);
  }

  function attempt(job: Pending): void {
    if (state !== 'started') {
      if (state === 'idle') waiting.push(job);
      return;
    }
    const definition = definitions.get(job.name);
    pending.delete(job);
    if (!definition) return;
    job.attempts += 1;
    runningByName.set(job.name, (runningByName.get(job.name) ?? 0) + 1);
    const run = (async () => {
      try {
        await runWithRequestId(job.requestId, () =>
          definition.handler(job.payload, { id: job.id, name: job.name }),
        );
        if (job.scheduled) busySchedules.delete(job.scheduled);
      } catch (error) {
        const retry = job.attempts; // the retry about to be made, counted from 1
        if (retry <= job.retry.retryLimit && state === 'started') {
          const delay = retryDelaySeconds(job.retry, retry);
          options.logger.warn(
            { job: job.name, jobId: job.id, err: error, retryInSeconds: delay },
            'job failed',
          );
          delayed(job, delay);
        } else {
          options.logger.error({ job: job.name, jobId: job.id, err: error }, 'job failed; no retries left');
          if (job.scheduled) busySchedules.delete(job.scheduled);
        }
      }
    })();
    running.add(run);
    void run.finally(() => {
      running.delete(run);
      runningByName.set(job.name, (runningByName.get(job.name) ?? 1) - 1);
    });
  }

  function delayed(job: Pending, seconds = 0): void {
    if (seconds > 0) {
      job.dueAt = Date.now() + seconds * 1000;
      pending.add(job);
      later(seconds, () => attempt(job));
    } else attempt(job);
  }

  function fire(name: string): void {
    // A run (or its retries) still under way: skip this tick, as pg-boss does for a singleton slot.
    if (busySchedules.has(name)) return;
    const definition = definitions.get(name);
    if (!definition) return;
    busySchedules.add(name);
    attempt({
      id: randomUUID(),
      name,
      payload: null,
      retry: definition.defaults,
      attempts: 0,
      scheduled: name,
    });
  }

  function arm(name: string, when: Schedule): void {
    if (state !== 'started') return;
    const seconds =
      typeof when === 'string'
        ? Math.max(0, (nextCronTime(when, new Date()).getTime() - Date.now()) / 1000)
        : when.everySeconds;
    later(seconds, () => {
      fire(name);
      arm(name, when);
    });
  }

  function define(name: string, handler: JobHandler<unknown>, defaults?: RetryOptions, when?: Schedule) {
    checkRegistration(name, when, defaults);
    // As on PostgreSQL, where workers are set up by start(): a late registration is a bug in both modes.
    if (state !== 'idle') throw new Error(`Register job ${name} before the job runner starts`);
    definitions.set(name, { handler, defaults: { ...DEFAULT_RETRY, ...defaults } });
  }

  return {
    kind: 'in-process',
    define(name, handler, defaults) {
      define(name, handler as JobHandler<unknown>, defaults);
    },
    schedule(name, when, handler, retry) {
      define(name, handler as JobHandler<unknown>, retry, when);
      schedules.push({ name, when });
    },
    async enqueue(name, payload, options?: EnqueueOptions) {
      checkRegistration(name, undefined, options);
      if (state === 'stopped') throw new Error(`Job runner is stopped; cannot enqueue ${name}`);
      const definition = definitions.get(name);
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
      if (state === 'started') delayed(job, startAfterSeconds);
      else waiting.push({ ...job, startAfterSeconds });
      return job.id;
    },
    async start() {
      if (state !== 'idle') return;
      state = 'started';
      for (const { name, when } of schedules) arm(name, when);
      for (const job of waiting.splice(0)) delayed(job, job.startAfterSeconds);
    },
    async stop() {
      if (state === 'stopped') return;
      state = 'stopped';
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      waiting.length = 0;
      pending.clear();
      await Promise.allSettled([...running]);
    },
    async stats() {
      const now = Date.now();
      const stats = new Map<string, QueueStat>();
      for (const name of definitions.keys())
        stats.set(name, { queue: name, depth: runningByName.get(name) ?? 0, lagSeconds: 0 });
      for (const job of [...pending, ...waiting]) {
        const stat = stats.get(job.name);
        if (!stat) continue;
        stat.depth += 1;
        if (job.dueAt !== undefined && job.dueAt <= now)
          stat.lagSeconds = Math.max(stat.lagSeconds, (now - job.dueAt) / 1000);
      }
      return [...stats.values()];
    },
  };
}
