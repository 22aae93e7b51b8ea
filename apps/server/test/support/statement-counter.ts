import pg from 'pg';
import type { Database } from '../../src/platform/db/client.js';
import type { PGliteExecutor } from '../../src/platform/db/pglite-thread.js';

/**
 * Counts the statements a piece of work sends to the database, at the driver (so nothing a module does is left out):
 * every `query` of the embedded database's thread, inside a transaction or not, or every query of a PostgreSQL pool
 * client (`begin` and `commit` included there). For proofs that a cost does not grow with the data ("a start after
 * the mark does not scan").
 */
export async function countStatements(database: Database, work: () => Promise<unknown>): Promise<number> {
  if (database.driver === 'postgres') return countPostgresStatements(work);
  let statements = 0;
  // Drizzle's PGlite session sends through its `client` (the thread, ADR 054): not in Drizzle's public types.
  const thread = (database.db as unknown as { session: { client: ThreadClient } }).session.client;
  const own = { query: thread.query, exec: thread.exec, transaction: thread.transaction };

  const counting = <T extends PGliteExecutor>(executor: T): T =>
    Object.assign(Object.create(executor) as T, {
      query: (...args: Parameters<PGliteExecutor['query']>) => {
        statements += 1;
        return executor.query(...args);
      },
      exec: (text: string) => {
        statements += 1;
        return executor.exec(text);
      },
    });
  thread.query = ((...args: Parameters<PGliteExecutor['query']>) => {
    statements += 1;
    return own.query.apply(thread, args);
  }) as ThreadClient['query'];
  thread.exec = (text) => {
    statements += 1;
    return own.exec.call(thread, text);
  };
  thread.transaction = ((callback: (tx: PGliteExecutor) => Promise<unknown>) =>
    own.transaction.call(thread, (tx) => callback(counting(tx)))) as ThreadClient['transaction'];
  try {
    await work();
  } finally {
    // The thread's own methods are its class's: taking the counting copies off the instance restores them.
    delete (thread as Partial<ThreadClient>).query;
    delete (thread as Partial<ThreadClient>).exec;
    delete (thread as Partial<ThreadClient>).transaction;
  }
  return statements;
}

interface ThreadClient extends PGliteExecutor {
  transaction<T>(callback: (tx: PGliteExecutor) => Promise<T>): Promise<T>;
}

/** Every query any node-postgres client of this process sends while `work` runs (pools, pg-boss's included). */
export async function countPostgresStatements(work: () => Promise<unknown>): Promise<number> {
  let statements = 0;
  const sendQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    statements += 1;
    // biome-ignore lint/suspicious/noExplicitAny: forwards whatever overload the caller used
    return (sendQuery as any).apply(this, args);
  } as typeof sendQuery;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = sendQuery;
  }
  return statements;
}

/** What `countWrites` saw: statements (each transaction's `begin` and `commit` among them), commits, their texts. */
export interface CountedWork {
  statements: number;
  commits: number;
  /** Each statement's text, in the order sent (`begin` and `commit` as such). */
  texts: string[];
}

/**
 * Statements and commits of a piece of work, as PostgreSQL sees them: on PostgreSQL every query of a node-postgres
 * client (the checkout bench's count); on the embedded database every query plus a `begin` and a `commit` for each
 * transaction the thread runs (PGlite sends those itself, not through `query`). Work whose async context `apart`
 * says is not this work's (a fan-out that fires meanwhile) is left out.
 */
export async function countWrites(
  database: Database,
  work: () => Promise<unknown>,
  apart: () => boolean = () => false,
): Promise<CountedWork> {
  const counted: CountedWork = { statements: 0, commits: 0, texts: [] };
  const note = (text: string) => {
    if (apart()) return;
    counted.statements += 1;
    counted.texts.push(text.replace(/\s+/g, ' ').trim());
    if (/^\s*commit\b/i.test(text)) counted.commits += 1;
  };
  if (database.driver === 'postgres') {
    const sendQuery = pg.Client.prototype.query;
    pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string };
      note(typeof first === 'string' ? first : (first?.text ?? '?'));
      // biome-ignore lint/suspicious/noExplicitAny: forwards whatever overload the caller used
      return (sendQuery as any).apply(this, args);
    } as typeof sendQuery;
    try {
      await work();
    } finally {
      pg.Client.prototype.query = sendQuery;
    }
    return counted;
  }
  const thread = (database.db as unknown as { session: { client: ThreadClient } }).session.client;
  const own = { query: thread.query, exec: thread.exec, transaction: thread.transaction };
  const counting = <T extends PGliteExecutor>(executor: T): T =>
    Object.assign(Object.create(executor) as T, {
      query: (...args: Parameters<PGliteExecutor['query']>) => {
        note(args[0]);
        return executor.query(...args);
      },
      exec: (text: string) => {
        note(text);
        return executor.exec(text);
      },
    });
  thread.query = ((...args: Parameters<PGliteExecutor['query']>) => {
    note(args[0]);
    return own.query.apply(thread, args);
  }) as ThreadClient['query'];
  thread.exec = (text) => {
    note(text);
    return own.exec.call(thread, text);
  };
  thread.transaction = (async (callback: (tx: PGliteExecutor) => Promise<unknown>) => {
    note('begin');
    let committed = false;
    try {
      const result = await own.transaction.call(thread, (tx) => callback(counting(tx)));
      committed = true;
      return result;
    } finally {
      note(committed ? 'commit' : 'rollback');
    }
  }) as ThreadClient['transaction'];
  try {
    await work();
  } finally {
    delete (thread as Partial<ThreadClient>).query;
    delete (thread as Partial<ThreadClient>).exec;
    delete (thread as Partial<ThreadClient>).transaction;
  }
  return counted;
}
