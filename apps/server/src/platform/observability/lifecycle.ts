import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { type Database, migrationsFolder } from '../db/client.js';
import { rowsOf } from '../db/rows-of.js';

export interface ReadinessCheck {
  name: 'database' | 'migrations' | 'redis' | 'draining';
  ok: boolean;
  detail?: string;
}

/**
 * Whether this process should get traffic (readiness) and whether it is stopping (draining). Liveness needs none
 * of it: an answer at all means the event loop turns.
 */
export interface Lifecycle {
  readonly draining: boolean;
  /** From now on readiness answers no; the process is stopping (SIGTERM). */
  drain(): void;
  ready(): Promise<{ ready: boolean; checks: ReadinessCheck[] }>;
}

/** The newest migration the code ships (drizzle's journal), as drizzle records it once applied (`created_at`). */
function newestShippedMigration(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

const CHECK_TIMEOUT_MS = 2_000;

function withinTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function createLifecycle(options: { database: Database; redis?: Redis }): Lifecycle {
  const { database, redis } = options;
  const shipped = newestShippedMigration();
  // Migrations never come undone under a running process: once seen applied, they are not asked again.
  let migrated = false;
  let draining = false;

  async function migrationsApplied(): Promise<boolean> {
    if (migrated) return true;
    const result = await database.db.execute(
      sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
    );
    const newest = Number(rowsOf<{ newest: string | number | null }>(result)[0]?.newest ?? 0);
    migrated = newest >= shipped;
    return migrated;
  }

  const failed = (name: ReadinessCheck['name'], error: unknown): ReadinessCheck => ({
    name,
    ok: false,
    detail: error instanceof Error ? error.message : String(error),
  });

  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
    async ready() {
      const checks: ReadinessCheck[] = [{ name: 'draining', ok: !draining }];
      const databaseUp = await withinTimeout(database.ping(), 'the database').then(
        () => ({ name: 'database', ok: true }) as ReadinessCheck,
        (error: unknown) => failed('database', error),
      );
      checks.push(databaseUp);
      checks.push(
        databaseUp.ok
          ? await withinTimeout(migrationsApplied(), 'the migrations table').then(
              (ok) =>
                ({
                  name: 'migrations',
                  ok,
                  detail: ok ? undefined : 'not every migration is applied',
                }) as ReadinessCheck,
              (error: unknown) => failed('migrations', error),
            )
          : { name: 'migrations', ok: false, detail: 'the database is not answering' },
      );
      if (redis)
        checks.push(
          await withinTimeout(redis.ping(), 'Redis').then(
            () => ({ name: 'redis', ok: true }) as ReadinessCheck,
            (error: unknown) => failed('redis', error),
          ),
        );
      return { ready: checks.every((check) => check.ok), checks };
    },
  };
}
