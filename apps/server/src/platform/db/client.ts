import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
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
  /** PGlite only: the data directory as a tarball, which `loadDataDir` opens again (the tests' template). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  /** `loadDataDir` starts from a dumped data directory instead of an empty one (skips initdb and migrations). */
  { driver: 'pglite'; dir?: string; loadDataDir?: Blob } | { driver: 'postgres'; url: string; max?: number };

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../drizzle',
);

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return Math.round((performance.now() - started) * 100) / 100;
}

/** PGlite (in memory without `dir`, on disk with it) or a PostgreSQL pool. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'pglite') {
    if (options.dir) fs.mkdirSync(options.dir, { recursive: true });
    const client = new PGlite({ dataDir: options.dir, loadDataDir: options.loadDataDir });
    await client.waitReady;
    const db = drizzlePglite(client, { casing: 'snake_case' });
    return {
      db: db as unknown as Db,
      driver: 'pglite',
      migrate: () => migratePglite(db, { migrationsFolder }),
      ping: () => timed(() => db.execute(sql`select 1`)),
      maintain: async () => {
        await client.exec('vacuum analyze');
      },
      dumpDataDir: async () => (await client.dumpDataDir('none')) as Blob,
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 10 });
  // An idle connection the server ends (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', (error) => {
    console.error(`PostgreSQL idle connection error: ${error.message}`);
  });
  const db = drizzlePg(pool, { casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder }),
    ping: () => timed(() => db.execute(sql`select 1`)),
    maintain: async () => undefined,
    close: () => pool.end(),
  };
}
