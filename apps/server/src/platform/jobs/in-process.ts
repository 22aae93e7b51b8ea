import type { Logger } from 'pino';
import { bound } from '../bound.js';
import { define, enqueue, type InProcessContext, start, stats, stop } from './in-process.steps.js';
import type { JobHandler, JobRunner } from './jobs.js';

/**
 * The embedded mode's runner (PGlite, one process): timers and retries in memory. A job still waiting for a
 * retry when the process stops is dropped; the timed work it stands for runs again on the next schedule.
 * Its steps are in `in-process.steps.ts` (ADR 106).
 */
export function createInProcessRunner(options: { logger: Logger }): JobRunner {
  const ctx: InProcessContext = {
    logger: options.logger,
    definitions: new Map(),
    schedules: [],
    timers: new Set(),
    running: new Set(),
    busySchedules: new Set(),
    waiting: [],
    pending: new Set(),
    runningByName: new Map(),
    state: 'idle',
  };
  return {
    kind: 'in-process',
    define(name, handler, defaults) {
      define(ctx, name, handler as JobHandler<unknown>, defaults);
    },
    schedule(name, when, handler, retry) {
      define(ctx, name, handler as JobHandler<unknown>, retry, when);
      ctx.schedules.push({ name, when });
    },
    enqueue: bound(ctx, enqueue),
    start: bound(ctx, start),
    stop: bound(ctx, stop),
    stats: bound(ctx, stats),
  };
}
