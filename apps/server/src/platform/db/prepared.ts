import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.js';

/** What Drizzle's `.prepare(name)` answers, as far as this file uses it. */
interface PreparedQuery<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}

/** The part of Drizzle's database and transaction objects this file reads (not in Drizzle's public types). */
interface SessionHolder {
  session: { client: unknown; constructor: unknown };
}

/**
 * A statement Drizzle builds once per process instead of on every call (ADR 033), for the hot paths of checkout:
 * building SQL in Drizzle's query builder was about a fifth of the server's CPU per checkout. Values go in as
 * `sql.placeholder(name)`; with PostgreSQL the statement is also named, so each connection parses and plans it once.
 *
 * Runs in whatever executor it is given, the pool or a transaction: a Drizzle prepared query sends through its
 * `client` property, and the statement is run through a copy whose `client` is the executor's own (the pool, or the
 * transaction's connection). One build is kept per driver (PGlite and node-postgres send differently).
 */
export function prepared<T>(
  name: string,
  build: (executor: Db) => { prepare(name: string): PreparedQuery<T> },
): (executor: Db, values?: Record<string, unknown>) => Promise<T> {
  const built = new Map<unknown, PreparedQuery<T>>();
  return (executor, values = {}) => {
    const { session } = executor as unknown as SessionHolder;
    let statement = built.get(session.constructor);
    if (!statement) {
      statement = build(executor).prepare(name);
      built.set(session.constructor, statement);
    }
    const bound = Object.create(statement) as PreparedQuery<T> & { client: unknown };
    bound.client = session.client;
    return bound.execute(values);
  };
}

/** The part of Drizzle's database and transaction objects `preparedSql` uses (not in Drizzle's public types). */
interface RawSessionHolder {
  dialect: { sqlToQuery(sql: SQL): unknown };
  session: {
    client: unknown;
    constructor: unknown;
    prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: false): PreparedQuery<unknown>;
  };
}

/**
 * `prepared` for a statement written in SQL (ADR 037): data-modifying CTEs and `jsonb_populate_recordset` inserts
 * have no Drizzle builder. `build` is called once per driver; its text is fixed, every value a
 * `sql.placeholder(name)` (lists and rows as one JSON parameter). Answers the driver's rows as they come: times as
 * text, `json`/`jsonb` values parsed, column names as written in the SQL.
 */
export function preparedSql<Row>(
  name: string,
  build: () => SQL,
): (executor: Db, values?: Record<string, unknown>) => Promise<Row[]> {
  const built = new Map<unknown, PreparedQuery<{ rows: Row[] }>>();
  return async (executor, values = {}) => {
    const { dialect, session } = executor as unknown as RawSessionHolder;
    let statement = built.get(session.constructor);
    if (!statement) {
      statement = session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false) as PreparedQuery<{
        rows: Row[];
      }>;
      built.set(session.constructor, statement);
    }
    const bound = Object.create(statement) as PreparedQuery<{ rows: Row[] }> & { client: unknown };
    bound.client = session.client;
    return (await bound.execute(values)).rows;
  };
}

/**
 * One module's write as part of a statement of several (`writeTogether`): its SQL (an insert, update or delete
 * without `returning`, fixed text, values as `sql.placeholder`s whose names no other part of the statement uses),
 * the values of this call, and what to do once it ran (in the caller's transaction, like the write itself).
 */
export interface StatementPart {
  /** Names the part; the statement of a given list of parts is built once (`a+b+c`). */
  name: string;
  sql: () => SQL;
  values: Record<string, unknown>;
  after?: () => void;
}

const together = new Map<string, (executor: Db, values?: Record<string, unknown>) => Promise<unknown[]>>();

/**
 * Writes of several modules, none of which reads another's rows, in one round trip (ADR 055): `with p0 as (…),
 * p1 as (…) select 1`. Each part runs once, whether or not it is referenced, all on one snapshot, and one failing
 * fails the whole statement, as it would fail the transaction. Each module keeps its own SQL; the caller, which
 * already runs them in one transaction, only sends them together.
 */
export async function writeTogether(executor: Db, parts: StatementPart[]): Promise<void> {
  const name = parts.map((part) => part.name).join('+');
  let statement = together.get(name);
  if (!statement) {
    const sqlParts = parts.map((part, index) => sql`${sql.raw(`p${index}`)} as (${part.sql()})`);
    // A statement name is at most 63 bytes: the list's hash names it.
    const hash = createHash('sha256').update(name).digest('hex').slice(0, 16);
    statement = preparedSql(`together_${hash}`, () => sql`with ${sql.join(sqlParts, sql`, `)} select 1`);
    together.set(name, statement);
  }
  const values: Record<string, unknown> = {};
  for (const part of parts)
    for (const [key, value] of Object.entries(part.values)) {
      if (key in values) throw new Error(`${name}: the placeholder ${key} is named by two parts`);
      values[key] = value;
    }
  await statement(executor, values);
  for (const part of parts) part.after?.();
}

/**
 * One module's read as part of a statement of several (`readTogether`): a scalar subquery giving one JSON value
 * (fixed text, values as `sql.placeholder`s), the values of this call, and how to turn the JSON into the module's
 * rows. A placeholder may be named by several parts only with the same value (the customer's id, say).
 */
export interface ReadPart<T> {
  /** Names the part; the statement of a given list of parts is built once. */
  name: string;
  sql: () => SQL;
  values: Record<string, unknown>;
  decode(json: unknown): T;
}

type Decoded<Parts extends readonly ReadPart<unknown>[]> = {
  [K in keyof Parts]: Parts[K] extends ReadPart<infer T> ? T : never;
};

const readsTogether = new Map<
  string,
  (executor: Db, values?: Record<string, unknown>) => Promise<Record<string, unknown>[]>
>();

/**
 * Reads of several modules in one round trip (issue 32, item 6; ADR 087), the read counterpart of `writeTogether`:
 * `select (p0) as p0, (p1) as p1, …`, all on one snapshot. Each module keeps its own SQL and decodes its own rows;
 * where one read needs another's answer (the products of the cart's lines), the owner of that answer publishes it
 * as a listed SQL fragment (ADR 081) that the caller hands to the other part.
 */
export async function readTogether<const Parts extends readonly ReadPart<unknown>[]>(
  executor: Db,
  parts: Parts,
): Promise<Decoded<Parts>> {
  const name = parts.map((part) => part.name).join('+');
  let statement = readsTogether.get(name);
  if (!statement) {
    const sqlParts = parts.map((part, index) => sql`(${part.sql()}) as ${sql.raw(`p${index}`)}`);
    const hash = createHash('sha256').update(name).digest('hex').slice(0, 16);
    statement = preparedSql<Record<string, unknown>>(
      `read_together_${hash}`,
      () => sql`select ${sql.join(sqlParts, sql`, `)}`,
    );
    readsTogether.set(name, statement);
  }
  const values: Record<string, unknown> = {};
  for (const part of parts)
    for (const [key, value] of Object.entries(part.values)) {
      if (key in values && values[key] !== value)
        throw new Error(`${name}: the placeholder ${key} is given two values by two parts`);
      values[key] = value;
    }
  const [row] = await statement(executor, values);
  return parts.map((part, index) => part.decode(row![`p${index}`])) as Decoded<Parts>;
}
