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
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The one database type every module takes: a Drizzle database or a transaction of it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<number>;
  /** Housekeeping PostgreSQL's autovacuum does on a server; PGlite has none, so the app runs it now and then. */
  maintain(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { driver: 'pglite'; dir?: string }
  | { driver: 'postgres'; url: string; max?: number };

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return Math.round((performance.now() - started) * 100) / 100;
}

/** PGlite (in memory without `dir`, on disk with it) or a PostgreSQL pool. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'pglite') {
    if (options.dir) fs.mkdirSync(options.dir, { recursive: true });
    const client = new PGlite(options.dir);
    await client.waitReady;
    const db = drizzlePglite(client, { schema, casing: 'snake_case' });
    return {
      db: db as unknown as Db,
      driver: 'pglite',
      migrate: () => migratePglite(db, { migrationsFolder }),
      ping: () => timed(() => db.execute(sql`select 1`)),
      maintain: async () => {
        await client.exec('vacuum analyze');
      },
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 10 });
  // An idle connection the server ends (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', (error) => {
    console.error(`PostgreSQL idle connection error: ${error.message}`);
  });
  const db = drizzlePg(pool, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder }),
    ping: () => timed(() => db.execute(sql`select 1`)),
    maintain: async () => undefined,
    close: () => pool.end(),
  };
}
