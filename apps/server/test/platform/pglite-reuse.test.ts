import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/platform/db/client.js';
import { openTestDatabase } from '../support/test-app.js';

/** A test worker hands a file's embedded database to its next file (test/support/pglite-reuse.ts, ADR 099). */
const rows = async <T>(database: Database, query: string): Promise<T[]> =>
  ((await database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

const count = async (database: Database, table: string) =>
  Number((await rows<{ n: number }>(database, `select count(*)::int as n from ${table}`))[0]?.n);

describe('a test file’s embedded database, handed to the next file', () => {
  it('holds nothing of the file before: rows, sequences, settings and statistics are the template’s', async () => {
    const first = await openTestDatabase();
    const plans = await count(first.database, 'plans');
    const themes = await count(first.database, 'themes');
    expect(plans).toBeGreaterThan(0);
    await first.database.db.execute(
      sql.raw(
        `insert into users (kind, first_name, last_name, email) values ('customer', 'Ada', 'Obi', 'ada.reuse@example.ng')`,
      ),
    );
    // The audit trail is append-only: its trigger refuses truncation, which the reset must still get past.
    const [audit] = await rows<{ id: number }>(
      first.database,
      `insert into audit_log (action, subject_type, subject_id) values ('reuse.test', 'test', 'x') returning id`,
    );
    await first.database.db.execute(
      sql.raw('delete from plans where ctid = (select ctid from plans limit 1)'),
    );
    await first.database.db.execute(sql.raw(`set timezone = 'America/New_York'`));
    await first.database.db.execute(sql.raw('analyze users'));
    await first.drop();

    const next = await openTestDatabase();
    try {
      expect(next.database).toBe(first.database);
      expect(await count(next.database, 'users')).toBe(0);
      expect(await count(next.database, 'audit_log')).toBe(0);
      expect(await count(next.database, 'plans')).toBe(plans);
      expect(await count(next.database, 'themes')).toBe(themes);
      const [again] = await rows<{ id: number }>(
        next.database,
        `insert into audit_log (action, subject_type, subject_id) values ('reuse.test', 'test', 'y') returning id`,
      );
      expect(Number(again?.id)).toBe(Number(audit?.id));
      const [zone] = await rows<{ TimeZone: string }>(next.database, 'show timezone');
      expect(Object.values(zone ?? {})[0]).not.toBe('America/New_York');
      expect(await count(next.database, `pg_statistic where starelid = 'users'::regclass`)).toBe(0);
    } finally {
      await next.drop();
    }
  });

  it('is not handed on when the file changed its schema', async () => {
    const changed = await openTestDatabase();
    await changed.database.db.execute(sql.raw('create table planted_by_a_test (id int)'));
    await changed.drop();
    const next = await openTestDatabase();
    try {
      expect(next.database).not.toBe(changed.database);
      expect(await count(next.database, `pg_class where relname = 'planted_by_a_test'`)).toBe(0);
    } finally {
      await next.drop();
    }
  });

  it('is not handed on when the file closed it', async () => {
    const closed = await openTestDatabase();
    await closed.database.close();
    await closed.drop();
    const next = await openTestDatabase();
    try {
      expect(next.database).not.toBe(closed.database);
      expect(await count(next.database, 'plans')).toBeGreaterThan(0);
    } finally {
      await next.drop();
    }
  });
});
