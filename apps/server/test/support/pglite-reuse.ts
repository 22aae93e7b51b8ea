import { sql } from 'drizzle-orm';
import type { Database } from '../../src/platform/db/client.js';

/**
 * Embedded databases kept by a test worker between its test files (ADR 094's successor: see ADR 099).
 *
 * Opening PGlite from the migrated template costs about 3.5 CPU-seconds (its WASM boots PostgreSQL and unpacks a
 * 46 MB data directory); with one open per test file that was about half the unit phase's CPU. A worker runs its
 * files one after another and shares their modules (`isolate: false`), so a file's database, once the file is done
 * with it, is brought back to the template's state and handed to the next file: every table emptied, the rows the
 * migrations wrote put back, the sequences and the planner's statistics as they were, the session's settings,
 * locks and listeners reset.
 *
 * A database is reused only when its schema is the template's (a fingerprint of every relation, column, default,
 * constraint, trigger, function, schema, role and extension, and of the migrations applied): a file that changed
 * the schema, closed the database itself, or left it stuck gets it closed instead, as before.
 */

const idle: Database[] = [];

/** Rows a migration wrote (plans, themes, payment categories…), copied at first open into the session's temp schema. */
const ROWS_PREFIX = 'template_rows__';

interface Reusable {
  /** The schema's fingerprint right after the template was opened and its rows were copied. */
  fingerprint: string;
}
const known = new WeakMap<Database, Reusable>();

/** An idle database of this worker, already brought back to the template's state; none when there is none. */
export function takeIdleDatabase(): Database | undefined {
  const database = idle.pop();
  database?.holdProcess?.(true);
  return database;
}

/** Called once on a database just opened from the template: remembers what "as the template" means for it. */
export async function rememberTemplateState(database: Database): Promise<void> {
  await database.db.execute(
    sql.raw(`do $$
declare
  table_name text;
  has_rows boolean;
begin
  for table_name in
    select c.relname from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
  loop
    execute format('select exists (select 1 from public.%I)', table_name) into has_rows;
    if has_rows then
      execute format('create temp table %I as select * from public.%I', '${ROWS_PREFIX}' || table_name, table_name);
    end if;
  end loop;
  create temp table template_class_stats as
    select oid as relation, reltuples, relpages, relallvisible from pg_class
    where relnamespace = 'public'::regnamespace;
  create temp table template_sequences as
    select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value, start_value) as value,
      last_value is not null as is_called
    from pg_sequences where schemaname = 'public';
end $$`),
  );
  known.set(database, { fingerprint: await schemaFingerprint(database) });
}

/**
 * Brings a database a test file is done with back to the template's state and keeps it for the next file; closes it
 * instead when that is not safe. Never throws: a database that cannot be kept is simply closed.
 */
export async function releaseDatabase(database: Database): Promise<void> {
  const reusable = known.get(database);
  let kept = false;
  try {
    if (reusable) kept = await withTimeout(resetToTemplate(database, reusable), RESET_TIMEOUT_MS);
  } catch {
    kept = false;
  }
  if (kept) {
    database.holdProcess?.(false);
    idle.push(database);
  } else {
    known.delete(database);
    await database.close().catch(() => undefined);
  }
}

/** A reset takes tens of milliseconds; a database still inside a transaction a test left open never answers. */
const RESET_TIMEOUT_MS = 10_000;

async function resetToTemplate(database: Database, reusable: Reusable): Promise<boolean> {
  if ((await schemaFingerprint(database)) !== reusable.fingerprint) return false;
  await database.db.execute(
    sql.raw(`do $$
declare
  tables text;
  copy record;
  columns text;
  sequence record;
begin
  -- The audit trail refuses truncation by trigger: replica mode lets this reset (and only it) through.
  perform set_config('session_replication_role', 'replica', true);
  select string_agg(format('public.%I', c.relname), ', ') into tables
    from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p');
  execute 'truncate ' || tables || ' restart identity cascade';
  for copy in
    select c.relname from pg_class c
    where c.relnamespace = pg_my_temp_schema() and c.relkind = 'r' and c.relname like '${ROWS_PREFIX}%'
  loop
    select string_agg(format('%I', a.attname), ', ' order by a.attnum) into columns
      from pg_attribute a
      where a.attrelid = format('public.%I', substr(copy.relname, ${ROWS_PREFIX.length + 1}))::regclass
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = '';
    execute format('insert into public.%I (%s) overriding system value select %s from %I',
      substr(copy.relname, ${ROWS_PREFIX.length + 1}), columns, columns, copy.relname);
  end loop;
  for sequence in select name, value, is_called from template_sequences loop
    perform setval(sequence.name, sequence.value, sequence.is_called);
  end loop;
  -- The planner sees the tables as the template left them (never analysed), not as the last file filled them.
  delete from pg_statistic
    where starelid in (select oid from pg_class where relnamespace = 'public'::regnamespace);
  update pg_class set reltuples = stats.reltuples, relpages = stats.relpages, relallvisible = stats.relallvisible
    from template_class_stats stats where pg_class.oid = stats.relation;
end $$`),
  );
  await database.db.execute(sql.raw('reset all'));
  await database.db.execute(sql.raw('unlisten *'));
  await database.db.execute(sql.raw('select pg_advisory_unlock_all()'));
  return true;
}

/** Everything a test could change in the schema, in one hash: a changed schema is never handed to the next file. */
async function schemaFingerprint(database: Database): Promise<string> {
  const result = await database.db.execute(
    sql.raw(`select md5(string_agg(item, ',' order by item)) as fingerprint from (
  select 'n:' || nspname as item from pg_namespace
  union all
  select 'c:' || n.nspname || '.' || c.relname || ':' || c.relkind::text || ':' || c.relpersistence::text
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
  union all
  select 'a:' || a.attrelid::regclass || '.' || a.attname || ':' || a.atttypid::text || ':' || a.attnotnull::text || ':'
      || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname in ('public', 'drizzle') and a.attnum > 0 and not a.attisdropped
  union all
  select 'k:' || conrelid::regclass || '.' || conname || ':' || pg_get_constraintdef(oid) from pg_constraint
    where connamespace in ('public'::regnamespace, 'drizzle'::regnamespace)
  union all
  select 't:' || tgrelid::regclass || '.' || tgname || ':' || tgenabled::text from pg_trigger where not tgisinternal
  union all
  select 'p:' || oid::regprocedure::text || ':' || md5(prosrc) from pg_proc
    where pronamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
  union all
  select 'r:' || rolname from pg_roles
  union all
  select 'e:' || extname || ':' || extversion from pg_extension
  union all
  select 'm:' || count(*)::text from drizzle.__drizzle_migrations
) items`),
  );
  return String((result as unknown as { rows: { fingerprint: string }[] }).rows[0]?.fingerprint);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('reset timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
