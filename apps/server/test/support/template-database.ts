import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '../../src/platform/db/client.js';

/**
 * One migrated database per migrations folder, copied by every test file instead of migrating afresh.
 * The name carries a hash of the migrations (and of the PGlite version, whose data directory format can change),
 * so a new migration makes a new template and an old one is never used by mistake.
 */
export function templateKey(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (!fs.statSync(full).isFile()) continue;
    hash.update(file);
    hash.update(fs.readFileSync(full));
  }
  hash.update(pgliteManifest());
  return hash.digest('hex').slice(0, 16);
}

/** PGlite's package.json (its exports hide it from `resolve`): found above the resolved entry point. */
function pgliteManifest(): Buffer {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return fs.readFileSync(path.join(dir, 'package.json'));
}

export const templateDatabaseName = (key: string) => `test_template_${key}`;

// Any constant works; it only has to be the same in every process that may build the template.
const TEMPLATE_LOCK = 7_013_013;

/**
 * PostgreSQL: creates the template database once. Concurrent runs (several vitest processes on one server) take
 * an advisory lock; the database is built under a temporary name and renamed when fully migrated, so a run that
 * died half-way never leaves a half-migrated template behind.
 */
export async function ensurePostgresTemplate(serverUrl: string, key: string): Promise<string> {
  const name = templateDatabaseName(key);
  const building = `${name}_building`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ driver: 'postgres', url: url.toString(), max: 2 });
      try {
        await database.migrate();
      } finally {
        // PostgreSQL refuses to copy a template while any session is connected to it.
        await database.close();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
    }
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    await admin.end();
  }
  return name;
}

/**
 * PGlite: migrates an in-memory database once and saves its data directory as a tarball in the temp folder.
 * The file is reused by later runs with the same key; it is written under a temporary name and renamed, so a
 * parallel run never reads half a file.
 */
export async function ensurePgliteTemplate(key: string): Promise<string> {
  const file = path.join(os.tmpdir(), `market-test-template-${key}.tar`);
  if (fs.existsSync(file)) return file;
  const database = await openDatabase({ driver: 'pglite' });
  try {
    await database.migrate();
    const dump = await database.dumpDataDir!();
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await database.close();
  }
  return file;
}
