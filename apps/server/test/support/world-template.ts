import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import type { Database } from '../../src/platform/db/client.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * The world of a shape, built once per test run and copied by every later file that asks for the same shape (issue
 * 30, ADR 112). A world is a few stores, staff, carriers and customers made through the API, argon2 sign-ups and
 * sign-ins among them: about half a CPU-second to two CPU-seconds and one to several seconds of wall time a file.
 *
 * What is kept, in the run's folder (global-setup.ts makes it and removes it after the run): what building changed
 * on a copy of the migrated template (the rows of each table it wrote, the tables it emptied, the sequences it
 * moved), the uploaded files (the onboarding documents), and the JSON `world()` answers. Every file's database is
 * such a copy too (PGlite's reused or opened from the tarball, PostgreSQL's created from the template database), so
 * a later file deletes the changed tables' rows, inserts the world's in one transaction, sets the sequences, copies
 * the files in, and signs a fresh access token for each of the world's sessions with its own app's signer: a token
 * expires after 15 minutes and carries the app's clock, so no token is taken from the file. Rows rather than a
 * PGlite tarball: opening PGlite from a tarball costs about 3.5 CPU-seconds, more than building most worlds, while a
 * reused database takes the rows in about 50 ms; and one way for both drivers.
 *
 * The world is built on an app of the test app's defaults, never on an app a file built with its own clock,
 * providers, rate limits or environment: a shape's rows must not depend on what one file chose. A file that asks for
 * the defaults and is the first to ask keeps the app it built on. Rows restored into a file's own app are read by
 * it as if it had written them; what the building app kept in memory (rate-limit counters, a response cache) is not
 * there, as in a fresh app started on an existing database; a job it held in memory would be lost, so a world that
 * leaves one is refused (none does: building enqueues nothing).
 *
 * Across worker processes, a lock file per shape made with `wx`: the first process to ask a shape builds it; one
 * that finds the lock taken and no world yet builds its own on its own app, the old way, and saves nothing. Nobody
 * waits on anybody, so a builder that died leaves only a slower run, never a hung one. Not built ahead in the global
 * set-up: the shapes are written in the test files (31 of them over 79 files), and building all of them before the
 * first file starts would hold up the run, and build shapes a run of a few files never asks for.
 */

export interface WorldCounts {
  stores: number;
  merchants: number;
  customers: number;
  carriers: number;
  dispatchers: number;
}

interface TableRows {
  table: string;
  rows: string;
  /** The columns an insert names: every column but the generated ones. */
  columns: string;
}
interface SequenceValue {
  name: string;
  value: string;
  called: boolean;
}
interface SavedWorld<T> {
  tables: TableRows[];
  /** Tables with rows in the migrated template that the world emptied. */
  emptied: string[];
  sequences: SequenceValue[];
  made: T;
}

/** TEST_WORLD_TEMPLATES=false builds every world afresh (to measure the templates, or to rule them out). */
const templatesOn = process.env.TEST_WORLD_TEMPLATES !== 'false';

/** One file name per shape: the counts, in a fixed order, and nothing else (the app's options are not the data's). */
export function worldKey(counts: WorldCounts): string {
  return `s${counts.stores}-m${counts.merchants}-c${counts.customers}-r${counts.carriers}-d${counts.dispatchers}`;
}

type AppOptions = Parameters<typeof createTestApp>[0];

/**
 * An app built with `options` and the world of `counts` on its database: restored from the run's saved world when
 * there is one; built and saved first when this process is the first to ask (on the file's own app when it asks for
 * the defaults, else on an app of the defaults, then restored); built on the file's app, and not saved, when another
 * process is building it.
 */
export async function worldOn<T>(
  counts: WorldCounts,
  options: AppOptions,
  build: (on: TestApp) => Promise<T>,
): Promise<{ test: TestApp; made: T }> {
  const folder = templatesOn ? inject('worldTemplateDir') : null;
  const key = worldKey(counts);
  const file = folder && path.join(folder, `${key}.json`);
  const uploads = folder && path.join(folder, `${key}.uploads`);
  if (!(file && uploads) || (!fs.existsSync(file) && !claimed(folder, key))) {
    const test = await createTestApp(options);
    return { test, made: await build(test) };
  }
  if (!fs.existsSync(file)) {
    const defaults = Object.keys(options ?? {}).length === 0;
    const builder = await createTestApp();
    try {
      const made = await buildAndSave(builder, file, uploads, build);
      if (defaults) return { test: builder, made };
    } catch (error) {
      await builder.close();
      throw error;
    }
    await builder.close();
  }
  const test = await createTestApp(options);
  try {
    return { test, made: await restore<T>(test, file, uploads) };
  } catch (error) {
    await test.close();
    throw error;
  }
}

/** Whether this process is the first to ask for the shape `key` in this run (and so builds it). */
function claimed(folder: string, key: string): boolean {
  try {
    fs.writeFileSync(path.join(folder, `${key}.lock`), String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Builds the world on `builder` (a template's copy) and saves what building changed, and the world, to `file`. */
async function buildAndSave<T>(
  builder: TestApp,
  file: string,
  uploads: string,
  build: (on: TestApp) => Promise<T>,
): Promise<T> {
  const before = await rowsOf(builder.database);
  const made = await build(builder);
  await mustHaveNoJobsWaiting(builder);
  const saved: SavedWorld<T> = { ...(await changesSince(builder.database, before)), made };
  const files = builder.deps.config.uploadsDir;
  if (fs.existsSync(files)) fs.cpSync(files, uploads, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, JSON.stringify(saved, keepDates));
  // Renamed only when whole: a reader never sees half a world.
  fs.renameSync(partial, file);
  return made;
}

/** A job the builder's app holds in memory would be lost with it: such a world cannot be copied. */
async function mustHaveNoJobsWaiting(test: TestApp): Promise<void> {
  const waiting = ((await test.scheduler?.stats()) ?? []).filter((stat) => stat.depth > 0);
  if (waiting.length > 0)
    throw new Error(`A world left jobs waiting (${waiting.map((stat) => stat.queue).join(', ')}): not saved`);
}

interface Rows {
  /** The rows of every public table that has any, as JSON, by table. */
  tables: Map<string, string>;
  sequences: SequenceValue[];
}

/** Every row of the public tables and every sequence, in one statement each. */
async function rowsOf(database: Database): Promise<Rows> {
  const tables = rowsIn<{ relname: string }>(
    await database.db.execute(
      sql.raw(`select relname from pg_class
        where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by relname`),
    ),
  ).map((row) => row.relname);
  const selects = tables.map(
    (table) => `select '${table}' as "table", (select json_agg(t)::text from public."${table}" t) as rows`,
  );
  const filled = rowsIn<{ table: string; rows: string | null }>(
    await database.db.execute(sql.raw(selects.join('\nunion all\n'))),
  );
  const sequences = rowsIn<SequenceValue>(
    await database.db.execute(
      sql.raw(`select format('%I.%I', schemaname, sequencename) as name,
          coalesce(last_value, start_value)::text as value, last_value is not null as called
        from pg_sequences where schemaname = 'public'`),
    ),
  );
  return {
    tables: new Map(filled.flatMap((row) => (row.rows === null ? [] : [[row.table, row.rows] as const]))),
    sequences,
  };
}

/**
 * What building changed on a database that was the migrated template's copy: the tables whose rows differ (with the
 * columns an insert may name, generated ones left out), those it emptied, and the sequences that moved. Every file's
 * database starts as such a copy too, so this is all a restore has to write.
 */
async function changesSince(database: Database, before: Rows): Promise<Omit<SavedWorld<never>, 'made'>> {
  const after = await rowsOf(database);
  const changed = [...after.tables].filter(([table, rows]) => before.tables.get(table) !== rows);
  const columns = new Map(
    rowsIn<{ table: string; columns: string }>(
      await database.db.execute(sql`select c.relname as "table",
          string_agg(format('%I', a.attname), ', ' order by a.attnum) as columns
        from pg_attribute a join pg_class c on c.oid = a.attrelid
        where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
          and a.attgenerated = ''
        group by c.relname`),
    ).map((row) => [row.table, row.columns]),
  );
  const sequenceBefore = new Map(before.sequences.map((sequence) => [sequence.name, sequence]));
  return {
    tables: changed.map(([table, rows]) => ({ table, rows, columns: columns.get(table)! })),
    emptied: [...before.tables.keys()].filter((table) => !after.tables.has(table)),
    sequences: after.sequences.filter((sequence) => {
      const was = sequenceBefore.get(sequence.name);
      return was?.value !== sequence.value || was.called !== sequence.called;
    }),
  };
}

/** Puts the world's changes on the file's database (a template's copy), and answers the world with fresh tokens. */
async function restore<T>(test: TestApp, file: string, uploads: string): Promise<T> {
  const saved = JSON.parse(fs.readFileSync(file, 'utf8'), revivedDates) as SavedWorld<T>;
  await test.database.db.transaction(async (tx) => {
    // Replica mode: no trigger may refuse a delete (the audit trail's) or rewrite a row put back as it was, and the
    // foreign keys are whole again once every table is written.
    await tx.execute(sql.raw(`set local session_replication_role = 'replica'`));
    const cleared = [...saved.tables.map(({ table }) => table), ...saved.emptied];
    if (cleared.length > 0)
      await tx.execute(
        sql.raw(`do $$ begin ${cleared.map((table) => `delete from public."${table}";`).join(' ')} end $$`),
      );
    for (const { table, rows, columns } of saved.tables) {
      const into = sql.raw(`public."${table}" (${columns})`);
      const from = sql.raw(`select ${columns} from json_populate_recordset(null::public."${table}"`);
      await tx.execute(sql`insert into ${into} overriding system value ${from}, ${rows}::json)`);
    }
    if (saved.sequences.length > 0)
      await tx.execute(sql`select setval(name::regclass, value, called)
        from json_to_recordset(${JSON.stringify(saved.sequences)}::json) as s(name text, value bigint, called boolean)`);
  });
  if (fs.existsSync(uploads)) fs.cpSync(uploads, test.deps.config.uploadsDir, { recursive: true });
  return freshTokens(test, saved.made);
}

function rowsIn<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const JWT = /^[\w-]+\.([\w-]+)\.[\w-]+$/;

/**
 * The world with every access token signed again by `test`'s signer for the same user and session: the session rows
 * came with the world, the token's expiry and issue time are the app's own. One token, one new token, so two places
 * that held the same token (a store's approvers and the set-up's) still hold the same one.
 */
async function freshTokens<T>(test: TestApp, made: T): Promise<T> {
  const signed = new Map<string, Promise<string>>();
  const resign = (token: string) => {
    const claims = JSON.parse(Buffer.from(JWT.exec(token)![1]!, 'base64url').toString('utf8')) as {
      sub: string;
      sid: string;
      kind: string;
      role: string | null;
    };
    return test.deps.tokens
      .sign({
        userId: claims.sub,
        sessionId: claims.sid,
        kind: claims.kind as Parameters<typeof test.deps.tokens.sign>[0]['kind'],
        role: claims.role,
      })
      .then((fresh) => fresh.token);
  };
  const walk = async (value: unknown): Promise<unknown> => {
    if (typeof value === 'string' && JWT.test(value) && value.startsWith('eyJ')) {
      if (!signed.has(value)) signed.set(value, resign(value));
      return signed.get(value);
    }
    if (Array.isArray(value)) return Promise.all(value.map(walk));
    if (value && typeof value === 'object' && !(value instanceof Date)) {
      const entries = await Promise.all(
        Object.entries(value).map(async ([key, inner]) => [key, await walk(inner)] as const),
      );
      return Object.fromEntries(entries);
    }
    return value;
  };
  return (await walk(made)) as T;
}

/** Dates (a category row's `createdAt`) come back as Dates, not as the strings JSON would make of them. */
function keepDates(this: Record<string, unknown>, key: string, value: unknown) {
  const raw = this[key];
  return raw instanceof Date ? { $date: raw.toISOString() } : value;
}
function revivedDates(_key: string, value: unknown) {
  return value && typeof value === 'object' && '$date' in value && Object.keys(value).length === 1
    ? new Date((value as { $date: string }).$date)
    : value;
}
