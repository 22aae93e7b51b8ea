import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../platform/db/client.js';
import { openDatabase } from '../platform/db/client.js';
import { rowsOf } from '../platform/db/rows-of.js';

// Backup and restore (issue 33): one archive holds the database (pg_dump's custom format on PostgreSQL, the data
// directory on the embedded database), the uploads folder, and a manifest of what a whole copy must show: the
// schema version, every table's row count, the ledger's totals and checksum, the stores' balances, and each
// upload's SHA-256. A restore is proved whole by computing the same facts on the restored copy and comparing.

const run = promisify(execFile);
export const BACKUP_FORMAT = 'naija-market.backup.v1';
const PG_DUMP_FILE = 'database.dump';
const PGLITE_FILE = 'database.pglite.tar';
const UPLOADS = 'uploads';

/** What a whole copy of the database must show; computed the same way on the source and on a restored copy. */
export interface DatabaseFacts {
  schema: { migrations: number; lastMigrationHash: string | null };
  tables: Record<string, number>;
  ledger: { entries: number; sumKobo: string; debitKobo: string; checksum: string };
  /** md5 of every (store, account, balance) of the books, in order: each store's balances, in one figure. */
  storeBalancesChecksum: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  driver: 'pglite' | 'postgres';
  database: DatabaseFacts;
  uploads: { files: number; bytes: number; sha256: Record<string, string> };
}

type Row = Record<string, unknown>;
async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  return rowsOf<Row>(await db.execute(query));
}

/** Row counts of every table of the app's schema, the migrations applied, the books' totals and checksums. */
export async function databaseFacts(db: Db): Promise<DatabaseFacts> {
  const tableNames = (
    await rows(
      db,
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((row) => String(row.table_name));
  // One statement for every count: a round trip per table costs seconds on the embedded database.
  const counted = tableNames.length
    ? await rows(
        db,
        sql.join(
          tableNames.map(
            (name) => sql`select ${name} as name, count(*)::text as n from ${sql.identifier(name)}`,
          ),
          sql` union all `,
        ),
      )
    : [];
  const tables: Record<string, number> = {};
  for (const row of counted) tables[String(row.name)] = Number(row.n);
  const migrations = await rows(
    db,
    sql`select count(*)::text as n, (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as hash
        from drizzle.__drizzle_migrations`,
  );
  const [ledger] = await rows(
    db,
    sql`select count(*)::text as entries, coalesce(sum(amount_kobo), 0)::text as sum_kobo,
          coalesce(sum(case when amount_kobo > 0 then amount_kobo else 0 end), 0)::text as debit_kobo,
          coalesce(md5(string_agg(id::text || ':' || account || ':' || amount_kobo::text, ',' order by id)), '') as checksum
        from ledger_entries`,
  );
  const [balances] = await rows(
    db,
    sql`select coalesce(md5(string_agg(line, ',' order by line)), '') as checksum from (
          select coalesce(store_id::text, '-') || ':' || account || ':' || sum(amount_kobo)::text as line
          from ledger_entries group by store_id, account) as balances`,
  );
  return {
    schema: {
      migrations: Number(migrations[0]?.n ?? 0),
      lastMigrationHash: (migrations[0]?.hash as string | null) ?? null,
    },
    tables,
    ledger: {
      entries: Number(ledger?.entries ?? 0),
      sumKobo: String(ledger?.sum_kobo ?? '0'),
      debitKobo: String(ledger?.debit_kobo ?? '0'),
      checksum: String(ledger?.checksum ?? ''),
    },
    storeBalancesChecksum: String(balances?.checksum ?? ''),
  };
}

function uploadFacts(dir: string): BackupManifest['uploads'] {
  const sha256: Record<string, string> = {};
  let bytes = 0;
  if (fs.existsSync(dir)) {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      const content = fs.readFileSync(full);
      bytes += content.length;
      sha256[path.relative(dir, full).split(path.sep).join('/')] = createHash('sha256')
        .update(content)
        .digest('hex');
    }
  }
  return { files: Object.keys(sha256).length, bytes, sha256 };
}

/** Where the two differ, in words; empty when the copy is whole. */
export function compareFacts(
  expected: Pick<BackupManifest, 'database' | 'uploads'>,
  actual: Pick<BackupManifest, 'database' | 'uploads'>,
): string[] {
  const problems: string[] = [];
  const a = expected.database;
  const b = actual.database;
  if (
    a.schema.migrations !== b.schema.migrations ||
    a.schema.lastMigrationHash !== b.schema.lastMigrationHash
  )
    problems.push(`schema: ${a.schema.migrations} migrations in the backup, ${b.schema.migrations} restored`);
  for (const name of new Set([...Object.keys(a.tables), ...Object.keys(b.tables)])) {
    if (a.tables[name] !== b.tables[name])
      problems.push(
        `table ${name}: ${a.tables[name] ?? 'absent'} rows in the backup, ${b.tables[name] ?? 'absent'} restored`,
      );
  }
  for (const key of ['entries', 'sumKobo', 'debitKobo', 'checksum'] as const) {
    if (a.ledger[key] !== b.ledger[key])
      problems.push(`ledger ${key}: ${a.ledger[key]} in the backup, ${b.ledger[key]} restored`);
  }
  if (a.storeBalancesChecksum !== b.storeBalancesChecksum) problems.push("stores' balances differ");
  for (const [file, hash] of Object.entries(expected.uploads.sha256)) {
    if (actual.uploads.sha256[file] !== hash)
      problems.push(`upload ${file}: ${actual.uploads.sha256[file] ? 'content differs' : 'missing'}`);
  }
  if (actual.uploads.files !== expected.uploads.files)
    problems.push(`uploads: ${expected.uploads.files} files in the backup, ${actual.uploads.files} restored`);
  return problems;
}

export interface BackupSource {
  database: Database;
  /** PostgreSQL: the URL pg_dump reads. Absent for the embedded database. */
  url?: string;
  uploadsDir: string;
}

/**
 * pg_dump of one snapshot, and the facts of that same snapshot: a repeatable-read transaction exports its snapshot,
 * counts inside it and stays open while pg_dump reads through `--snapshot`, so the manifest describes exactly what
 * the dump holds even while the server keeps writing.
 */
async function dumpPostgres(source: BackupSource, file: string): Promise<DatabaseFacts> {
  if (!source.url) throw new Error('A PostgreSQL backup needs the database URL');
  const url = source.url;
  return source.database.db.transaction(
    async (tx) => {
      const [snapshot] = await rows(tx, sql`select pg_export_snapshot() as id`);
      const facts = await databaseFacts(tx);
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${String(snapshot?.id)}`,
        '--file',
        file,
        url,
      ]);
      return facts;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The embedded database has one connection and no snapshot to share: its facts are taken before and after the dump
 * and must agree, else something wrote meanwhile and the dump is taken again (three tries). Stop the server first.
 */
async function dumpEmbedded(database: Database, file: string): Promise<DatabaseFacts> {
  if (!database.dumpDataDir) throw new Error('This embedded database cannot dump its folder');
  for (let attempt = 1; attempt <= 3; attempt++) {
    const before = await databaseFacts(database.db);
    const dump = await database.dumpDataDir();
    const after = await databaseFacts(database.db);
    if (JSON.stringify(before) === JSON.stringify(after)) {
      fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
      return after;
    }
  }
  throw new Error('The database kept changing during the backup: stop the server, then back up again');
}

/**
 * Writes one archive (.tar.gz): manifest.json, the database and the uploads. On the embedded database the server
 * must be stopped first (one process owns its folder); on PostgreSQL pg_dump takes a consistent snapshot while the
 * server runs.
 */
export async function createBackup(source: BackupSource, archive: string, now = new Date()) {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'market-backup-'));
  try {
    const facts =
      source.database.driver === 'postgres'
        ? await dumpPostgres(source, path.join(staging, PG_DUMP_FILE))
        : await dumpEmbedded(source.database, path.join(staging, PGLITE_FILE));
    if (fs.existsSync(source.uploadsDir))
      fs.cpSync(source.uploadsDir, path.join(staging, UPLOADS), { recursive: true });
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      driver: source.database.driver,
      database: facts,
      uploads: uploadFacts(path.join(staging, UPLOADS)),
    };
    fs.writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.mkdirSync(path.dirname(path.resolve(archive)), { recursive: true });
    await run('tar', ['-czf', path.resolve(archive), '-C', staging, '.']);
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Opens an archive into a folder of its own; the caller removes it. */
export async function unpack(archive: string): Promise<{ dir: string; manifest: BackupManifest }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-restore-'));
  await run('tar', ['-xzf', path.resolve(archive), '-C', dir]);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT)
    throw new Error(`Not a backup of this application: ${manifest.format}`);
  return { dir, manifest };
}

export type RestoreTarget =
  | {
      driver: 'pglite' /** The folder of the restored database; absent: in memory (a check). */;
      dir?: string;
      uploadsDir: string;
    }
  | { driver: 'postgres'; url: string; uploadsDir: string };

async function refuseUnlessEmpty(target: RestoreTarget) {
  if (target.driver === 'pglite') {
    if (target.dir && fs.existsSync(target.dir) && fs.readdirSync(target.dir).length > 0)
      throw new Error(
        `${target.dir} is not empty: restore into an empty folder (move the old one aside first)`,
      );
  } else {
    const database = await openDatabase({ driver: 'postgres', url: target.url, max: 1 });
    try {
      const found = await rows(
        database.db,
        sql`select count(*)::text as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
      );
      if (Number(found[0]?.n ?? 0) > 0)
        throw new Error('The target database is not empty: restore into a newly created database');
    } finally {
      await database.close();
    }
  }
  if (fs.existsSync(target.uploadsDir) && fs.readdirSync(target.uploadsDir).length > 0)
    throw new Error(`${target.uploadsDir} is not empty: restore uploads into an empty folder`);
}

/**
 * Restores an archive into an empty database and uploads folder, then computes the facts of the copy and compares
 * them with the manifest. Answers the manifest and the differences (none: the restore is whole). The restored
 * database is left open for the caller when `keepOpen` is set (tests), closed otherwise.
 */
export async function restoreBackup(archive: string, target: RestoreTarget) {
  const { dir, manifest } = await unpack(archive);
  try {
    if (manifest.driver !== target.driver)
      throw new Error(
        `This backup is of the ${manifest.driver === 'pglite' ? 'embedded database' : 'PostgreSQL database'}: restore it into the same kind`,
      );
    await refuseUnlessEmpty(target);
    let database: Database;
    if (target.driver === 'postgres') {
      await run('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--dbname',
        target.url,
        path.join(dir, PG_DUMP_FILE),
      ]);
      database = await openDatabase({ driver: 'postgres', url: target.url, max: 2 });
    } else {
      const blob = new Blob([fs.readFileSync(path.join(dir, PGLITE_FILE))]);
      database = await openDatabase({ driver: 'pglite', dir: target.dir, loadDataDir: blob });
    }
    try {
      const uploads = path.join(dir, UPLOADS);
      if (fs.existsSync(uploads)) {
        fs.mkdirSync(target.uploadsDir, { recursive: true });
        fs.cpSync(uploads, target.uploadsDir, { recursive: true });
      }
      const restored = {
        database: await databaseFacts(database.db),
        uploads: uploadFacts(target.uploadsDir),
      };
      return { manifest, restored, problems: compareFacts(manifest, restored) };
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Proves an archive restores whole without touching anything: into an in-memory embedded database, or a scratch
 * PostgreSQL database created beside `serverUrl`'s and dropped after, with the uploads in a temporary folder.
 */
export async function verifyBackup(archive: string, serverUrl?: string) {
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-verify-uploads-'));
  const { manifest } = await unpack(archive).then(({ dir, manifest }) => {
    fs.rmSync(dir, { recursive: true, force: true });
    return { manifest };
  });
  try {
    if (manifest.driver === 'pglite') return await restoreBackup(archive, { driver: 'pglite', uploadsDir });
    if (!serverUrl)
      throw new Error(
        'Verifying a PostgreSQL backup needs DATABASE_URL (a scratch database is made beside it)',
      );
    const name = `restore_check_${randomUUID().replaceAll('-', '')}`;
    const admin = await openDatabase({ driver: 'postgres', url: serverUrl, max: 1 });
    const scratch = new URL(serverUrl);
    scratch.pathname = `/${name}`;
    try {
      await admin.db.execute(sql.raw(`create database ${name}`));
      return await restoreBackup(archive, { driver: 'postgres', url: scratch.toString(), uploadsDir });
    } finally {
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    }
  } finally {
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  }
}
