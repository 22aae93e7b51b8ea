import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { createInProcessRunner } from './in-process.js';
import { createPgBossRunner } from './pg-boss.js';

export { createInProcessRunner } from './in-process.js';
export type {
  EnqueueOptions,
  JobContext,
  JobHandler,
  JobRunner,
  RetryOptions,
  Schedule,
} from './jobs.js';
export { createPgBossRunner } from './pg-boss.js';

/** pg-boss on PostgreSQL (DATABASE_URL), timers in this process on the embedded PGlite. */
export function createJobRunner(config: Pick<Config, 'database'>, logger: Logger) {
  return config.database.driver === 'postgres'
    ? createPgBossRunner({
        connectionString: config.database.url,
        sessionConnectionString: config.database.directUrl,
        max: config.database.jobsMax,
        logger,
      })
    : createInProcessRunner({ logger });
}
