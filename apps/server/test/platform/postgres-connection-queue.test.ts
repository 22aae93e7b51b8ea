import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/platform/db/client.js';
import { openTestDatabase } from '../support/test-app.js';

// A transaction holds one connection, and a connection runs one query at a time: reads sent at once inside it
// (`Promise.all` over `tx`) go to node-postgres one after the other, in the order sent, never while another is still
// waiting in its queue, which pg 9 will refuse (platform/db/client.ts, `oneQueryAtATimeClient`).

const serverUrl = process.env.TEST_DATABASE_URL;
let database: Database;
let drop: () => Promise<void>;

describe.skipIf(!serverUrl)('queries sent at once on one PostgreSQL connection', () => {
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop?.());

  it('reach the connection one at a time, in the order sent, inside the transaction', async () => {
    const queuedAtSend: number[] = [];
    const send = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      queuedAtSend.push((this as unknown as { _queryQueue: unknown[] })._queryQueue.length);
      return (send as (...forwarded: unknown[]) => unknown).apply(this, args);
    } as typeof send);
    try {
      const answers = await database.db.transaction(async (tx) =>
        Promise.all(
          [30, 0, 0].map(
            async (sleepMs, index) =>
              (await tx.execute(
                sql`select pg_sleep(${sleepMs / 1000}), ${index}::int as sent, clock_timestamp() as at`,
              )) as unknown as { rows: { sent: number; at: string }[] },
          ),
        ),
      );
      const rows = answers.map((answer) => answer.rows[0]!);
      expect(rows.map((row) => row.sent)).toEqual([0, 1, 2]);
      const times = rows.map((row) => new Date(row.at).getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(queuedAtSend.length).toBeGreaterThanOrEqual(3);
      expect(Math.max(...queuedAtSend)).toBe(0);
    } finally {
      spy.mockRestore();
    }
  });
});
