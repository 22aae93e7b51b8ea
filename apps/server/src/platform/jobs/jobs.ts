import cronParser from 'cron-parser';

/** How a failed job is tried again. Delays are seconds; with `backoff` each retry waits twice as long as the last. */
export interface RetryOptions {
  /** Retries after the first attempt (0: never retried). */
  retryLimit?: number;
  retryDelay?: number;
  backoff?: boolean;
}

/** A job handed over for later may also wait before its first attempt. */
export interface EnqueueOptions extends RetryOptions {
  startAfterSeconds?: number;
}

/** A cron expression (five fields, minute first, UTC) or a fixed period in seconds. */
export type Schedule = string | { everySeconds: number };

export interface JobContext {
  id: string;
  name: string;
}

/** A queue's backlog for the metrics (issue 33): jobs waiting or running, and how long the oldest due one waited. */
export interface QueueStat {
  queue: string;
  /** Jobs waiting (due or not yet) plus those running. */
  depth: number;
  /** Seconds the oldest job that is due has waited to start (0 when none waits). */
  lagSeconds: number;
}

export type JobHandler<Payload> = (payload: Payload, job: JobContext) => Promise<unknown>;

/**
 * Work that must outlive a request: timed work (`schedule`) and one-off work handed over for later (`enqueue`).
 * Register handlers before `start()`. On PostgreSQL the jobs live in the database (pg-boss): they survive a
 * restart and each runs once however many server processes are up. In the embedded mode they run in this process.
 */
export interface JobRunner {
  readonly kind: 'in-process' | 'pg-boss';
  /** The handler for jobs of this name; `defaults` apply to every job enqueued under it. */
  define<Payload>(name: string, handler: JobHandler<Payload>, defaults?: RetryOptions): void;
  /** Runs `handler` on the schedule; a run that is still going when the next is due is not started twice. */
  schedule(name: string, when: Schedule, handler: JobHandler<null>, options?: RetryOptions): void;
  /** Hands a job to the handler `define`d for `name`; answers the job's id (null when it was not queued). */
  enqueue<Payload>(name: string, payload: Payload, options?: EnqueueOptions): Promise<string | null>;
  start(): Promise<void>;
  /** Stops taking work and waits for running handlers to finish. */
  stop(): Promise<void>;
  /** Each defined queue's depth and lag, for the metrics. */
  stats(): Promise<QueueStat[]>;
}

export const DEFAULT_RETRY: Required<RetryOptions> = { retryLimit: 3, retryDelay: 30, backoff: true };

/** Seconds to wait before retry number `retry` (1 for the first retry). */
export function retryDelaySeconds(options: Required<RetryOptions>, retry: number): number {
  return options.backoff ? options.retryDelay * 2 ** (retry - 1) : options.retryDelay;
}

const JOB_NAME = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/;

/** Checks what both runners accept, so a mistake shows in the embedded mode too. */
export function checkRegistration(name: string, when?: Schedule, options?: EnqueueOptions): void {
  if (!JOB_NAME.test(name)) {
    throw new Error(`Job name "${name}" must be dotted lower-case words such as checkout.expire-unpaid`);
  }
  if (typeof when === 'string') {
    // Throws on a malformed expression; pg-boss parses cron with the same library.
    cronParser.parseExpression(when, { tz: 'UTC' });
    if (when.trim().split(/\s+/).length !== 5) {
      throw new Error(`Job "${name}": cron "${when}" must have five fields (minute precision)`);
    }
  } else if (when && !(Number.isInteger(when.everySeconds) && when.everySeconds >= 1)) {
    throw new Error(`Job "${name}": everySeconds must be a whole number of seconds, at least 1`);
  }
  if (options) {
    const { retryLimit, retryDelay, startAfterSeconds } = options as EnqueueOptions;
    if (startAfterSeconds !== undefined && !(Number.isInteger(startAfterSeconds) && startAfterSeconds >= 0)) {
      throw new Error(`Job "${name}": startAfterSeconds must be whole seconds, at least 0`);
    }
    if (retryLimit !== undefined && !(Number.isInteger(retryLimit) && retryLimit >= 0)) {
      throw new Error(`Job "${name}": retryLimit must be a whole number, at least 0`);
    }
    if (retryDelay !== undefined && !(Number.isInteger(retryDelay) && retryDelay >= 0)) {
      throw new Error(`Job "${name}": retryDelay must be whole seconds, at least 0`);
    }
  }
}

/** When a cron schedule next fires after `from`. */
export function nextCronTime(cron: string, from: Date): Date {
  return cronParser.parseExpression(cron, { currentDate: from, tz: 'UTC' }).next().toDate();
}
