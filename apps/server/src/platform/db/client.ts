import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type Pg from 'pg';
import { PGliteThread } from './pglite-thread.js';
/**
 * The one database type every module takes: a Drizzle database or a transaction of it. It carries no schema
 * (nothing uses Drizzle's relational `db.query`), so the platform does not import the modules' tables; each
 * repository imports its own. drizzle-kit finds every `*.schema.ts` through drizzle.config.ts.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<number>;
  /** Housekeeping PostgreSQL's autovacuum does on a server; PGlite has none, so the app runs it now and then. */
  maintain(): Promise<void>;
  /**
   * PGlite in its worker thread only (ADR 054): true while the embedded database's queue is too long to join, so a
   * new request is refused at once (503, Retry-After) instead of waiting behind it.
   */
  busy?(): boolean;
  /**
   * Connections for the metrics (issue 33): PostgreSQL's pool (in use, idle, callers waiting for one), or the
   * embedded database's worker queue (calls waiting on it; one connection, in use while any is).
   */
  poolStats(): { size: number; inUse: number; waiting: number };
  /** PGlite only: the data directory as a tarball, which `loadDataDir` opens again (the tests' template). */
  dumpDataDir?(): Promise<Blob>;
  /**
   * PGlite in its worker thread only: whether the thread keeps the process alive. A test worker keeps an idle
   * database for its next test file (test/support/pglite-reuse.ts) without holding the process open at its end.
   */
  holdProcess?(hold: boolean): void;
  close(): Promise<void>;
}

export interface QueueBound {
  /** At least this many calls sent to the worker and not answered… */
  waiting: number;
  /** …and a call sent now would wait this many ms for its answer (see `PGliteThread.expectedWaitMs`). */
  expectedWaitMs: number;
}

/**
 * The embedded database's queue is full (ADR 054) when 8 calls wait on it and a new one would wait 500 ms. At the
 * demo catalog's few milliseconds a query that is never reached by 50 connections; it is reached when the machine
 * is short of CPU and each call takes tens of milliseconds, and then what is admitted still answers within about
 * a second or two (a request makes one to three calls). A single long query (a report, the periodic `vacuum
 * analyze`) with fewer than 8 calls behind it does not count.
 */
export const EMBEDDED_QUEUE_BOUND: QueueBound = { waiting: 8, expectedWaitMs: 500 };

/** Where PGlite runs (ADR 054): its own worker thread (the default), or the server's own thread, as before. */
export type PgliteThreading = 'worker' | 'main';

export type DatabaseOptions =
  | {
      driver: 'pglite';
      dir?: string;
      /** Starts from a dumped data directory instead of an empty one (skips initdb and migrations). */
      loadDataDir?: Blob;
      thread?: PgliteThreading;
      /** When the worker's queue counts as too long (`Database.busy`); EMBEDDED_QUEUE_BOUND unless given. */
      queueBound?: QueueBound;
    }
  | {
      driver: 'postgres';
      url: string;
      /** Connections of the pool (DATABASE_POOL_MAX, ADR 087); 6 unless given. */
      max?: number;
      /**
       * DATABASE_DIRECT_URL: `url` is a transaction-mode pooler (PgBouncer). The pool then sends no named prepared
       * statement (the pooler hands each transaction any server connection, where a name parsed on another is
       * unknown), and the migrations run on one direct connection under their session lock.
       */
      directUrl?: string;
    };

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../drizzle',
);

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return Math.round((performance.now() - started) * 100) / 100;
}

/**
 * PostgreSQL settings of the embedded database (ADR 034). PGlite keeps the whole of `shared_buffers` inside its
 * WASM heap and touches it at start: PostgreSQL's 128 MB default cost the server process about 100 MB of RSS before
 * the first query. 16 MB (ADR 039; it was 32 MB) holds the demo marketplace's tables and indexes (5.3 MB)
 * three times over, and a page that is not there is read from the data directory, which the operating system caches
 * outside the process: every 16 MB less is 16 MB less resident memory.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Creates a new on-disk PGlite data directory in a short-lived child process. PGlite runs initdb in a second WASM
 * instance and copies its result through memory; in the server's own process that left about 450 MB of RSS behind
 * (WASM memory never shrinks, and the first instance's is collected late if at all), so the first `npm start`
 * stayed near 750 MB. Opening the directory afterwards costs what any later start costs.
 */
async function initDataDir(dir: string) {
  // CommonJS in the child: require() finds the package the same way under tsx, vitest and plain node.
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `const { PGlite } = require(${JSON.stringify(pglite)});
(async () => {
  const client = new PGlite({ dataDir: ${JSON.stringify(dir)} });
  await client.waitReady;
  await client.close();
})().catch((error) => { console.error(error); process.exit(1); });`;
  await promisify(execFile)(process.execPath, ['--input-type=commonjs', '--eval', script], {
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** PGlite in its own thread (the default) or, with `thread: 'main'`, in this one. */
async function openPglite(options: {
  dir?: string;
  loadDataDir?: Blob;
  thread?: PgliteThreading;
}): Promise<PGlite | PGliteThread> {
  if ((options.thread ?? 'worker') === 'worker')
    return PGliteThread.open({
      dataDir: options.dir,
      loadDataDir: options.loadDataDir,
      startParams: PGLITE_START_PARAMS,
    });
  const client = new PGlite({
    dataDir: options.dir,
    loadDataDir: options.loadDataDir,
    startParams: PGLITE_START_PARAMS,
  });
  await client.waitReady;
  return client;
}

const MIGRATION_LOCK = 'naija-market.migrate';

/**
 * node-postgres' client with every statement unnamed (ADR 087): Drizzle's `.prepare(name)` and `preparedSql` send
 * a `name`, which makes a prepared statement live in the server session; behind a transaction-mode pooler the next
 * transaction may run on another session, where the name is unknown (or already taken by another client's). Unnamed,
 * each statement is parsed where it runs (all PgBouncer before 1.21 supports; the plan is built per execution).
 */
function unnamedStatementsClient(Client: typeof Pg.Client): typeof Pg.Client {
  return class UnnamedStatementsClient extends Client {
    // biome-ignore lint/suspicious/noExplicitAny: forwards every overload of pg's query
    override query(config: any, ...rest: any[]): any {
      if (config && typeof config === 'object' && 'name' in config && config.name) {
        const { name: _name, ...unnamed } = config;
        return super.query(unnamed, ...rest);
      }
      return super.query(config, ...rest);
    }
  } as typeof Pg.Client;
}

/**
 * node-postgres' client taking one query at a time in the order sent. A connection runs one query at a time anyway,
 * and pg queues a query sent while another runs, but warns that pg 9 will refuse it: code that reads two things at
 * once inside a transaction (`Promise.all` over `tx`, one connection) got that warning. The queue is ours now, so the
 * same code keeps working on pg 9. Streams and callbacks pass through as they are (nothing of ours sends them).
 */
function oneQueryAtATimeClient(Client: typeof Pg.Client): typeof Pg.Client {
  return class OneQueryAtATimeClient extends Client {
    #last: Promise<unknown> = Promise.resolve();
    // biome-ignore lint/suspicious/noExplicitAny: forwards every overload of pg's query
    override query(config: any, ...rest: any[]): any {
      const submittable = config && typeof config === 'object' && typeof config.submit === 'function';
      if (submittable || typeof rest.at(-1) === 'function') return super.query(config, ...rest);
      const sent = this.#last.then(() => super.query(config, ...rest));
      this.#last = sent.catch(() => undefined);
      return sent;
    }
  } as typeof Pg.Client;
}

/** PGlite (in memory without `dir`, on disk with it) or a PostgreSQL pool. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.driver === 'pglite' ? openEmbedded(options) : openPostgres(options);
}

/** The embedded PGlite, on its own thread or in this one (ADR 054). */
async function openEmbedded(options: Extract<DatabaseOptions, { driver: 'pglite' }>): Promise<Database> {
  if (options.dir) {
    fs.mkdirSync(options.dir, { recursive: true });
    if (!options.loadDataDir && !fs.existsSync(path.join(options.dir, 'PG_VERSION')))
      await initDataDir(options.dir);
  }
  const client = await openPglite(options);
  // Drizzle's PGlite driver only calls `query` and `transaction` on its client, which the thread answers as
  // PGlite does (ADR 054).
  const db = drizzlePglite(client as PGlite, { casing: 'snake_case' });
  const bound = options.queueBound ?? EMBEDDED_QUEUE_BOUND;
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    busy:
      client instanceof PGliteThread
        ? () => client.waiting >= bound.waiting && client.expectedWaitMs() >= bound.expectedWaitMs
        : undefined,
    poolStats: () => {
      const waiting = client instanceof PGliteThread ? client.waiting : 0;
      return { size: 1, inUse: waiting > 0 ? 1 : 0, waiting: Math.max(0, waiting - 1) };
    },
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: () => timed(() => db.execute(sql`select 1`)),
    maintain: async () => {
      await client.exec('vacuum analyze');
    },
    dumpDataDir: async () => (await client.dumpDataDir('none')) as Blob,
    holdProcess: client instanceof PGliteThread ? (hold) => client.holdProcess(hold) : undefined,
    close: () => client.close(),
  };
}

/** A PostgreSQL pool; migrations take a session lock so several processes starting together apply them once. */
async function openPostgres(options: Extract<DatabaseOptions, { driver: 'postgres' }>): Promise<Database> {
  // node-postgres is loaded only for PostgreSQL: the embedded default does without it (ADR 035).
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 6,
    Client: oneQueryAtATimeClient(options.directUrl ? unnamedStatementsClient(pg.Client) : pg.Client),
  });
  // An idle connection the server ends (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', (error) => {
    console.error(`PostgreSQL idle connection error: ${error.message}`);
  });
  const db = drizzlePg(pool, { casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    poolStats: () => ({
      size: pool.totalCount,
      inUse: pool.totalCount - pool.idleCount,
      waiting: pool.waitingCount,
    }),
    migrate: async () => {
      // Several server processes may start together on a new release (ADR 043): two applying one migration at
      // once fail on its CREATEs. One holds this lock and migrates; the others wait for it, then find nothing to do.
      // A session lock: on a connection of the pool, or on a direct one behind a transaction pooler (which would
      // hand the unlock to another server connection and leave the lock held).
      if (options.directUrl) {
        const direct = new pg.Client({ connectionString: options.directUrl });
        await direct.connect();
        try {
          await direct.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(direct, { casing: 'snake_case' }), { migrationsFolder });
        } finally {
          // Ending the session releases its lock.
          await direct.end();
        }
        return;
      }
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
        await migratePg(db, { migrationsFolder });
      } finally {
        await lock.query('select pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]).catch(() => undefined);
        lock.release();
      }
    },
    ping: () => timed(() => db.execute(sql`select 1`)),
    maintain: async () => undefined,
    close: () => pool.end(),
  };
}
