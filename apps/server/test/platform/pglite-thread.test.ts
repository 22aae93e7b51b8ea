import fs from 'node:fs';
import path from 'node:path';
import { customerProductEndpoints } from '@market/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type Database,
  openDatabase,
  type PgliteThreading,
  type QueueBound,
} from '../../src/platform/db/client.js';
import { isUniqueViolation } from '../../src/platform/db/errors.js';
import { createMemoryResponseCache } from '../../src/platform/http/response-cache.js';
import { requestOf, urlOf } from '../support/contract-requests.js';
import { createTestApp, json } from '../support/test-app.js';

// The embedded database in its own worker thread (ADR 054), the default of `npm start` without DATABASE_URL: what
// Drizzle, the migrator and the platform ask of PGlite answers as PGlite in process does, and the server's event
// loop keeps running while a query computes. Runs on the PGlite template (the embedded-driver runs, ADR 045).
const templateFile = inject('pgliteTemplateFile');

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

async function open(thread: PgliteThreading, queueBound?: QueueBound): Promise<Database> {
  const database = await openDatabase({
    driver: 'pglite',
    thread,
    queueBound,
    loadDataDir: new Blob([fs.readFileSync(templateFile!)]),
  });
  await database.db.execute(sql`create table thread_probe (id int primary key, label text not null)`);
  return database;
}

/** How often a 5 ms timer of this thread fired while `run` was waiting on the database. */
async function ticksDuring(run: () => Promise<unknown>): Promise<{ ticks: number; ms: number }> {
  let ticks = 0;
  const timer = setInterval(() => {
    ticks += 1;
  }, 5);
  const started = performance.now();
  try {
    await run();
  } finally {
    clearInterval(timer);
  }
  return { ticks, ms: performance.now() - started };
}

const heavyQuery = sql`select count(*) from generate_series(1, 3000000) as n where n % 7 = 3`;

describe.skipIf(!templateFile)('embedded database in a worker thread', () => {
  let database: Database;
  beforeAll(async () => {
    database = await open('worker');
  });
  afterAll(() => database.close());

  it('answers queries as PGlite does: json parsed, times as text, int8 as numbers', async () => {
    const [row] = rowsOf<{ doc: unknown; at: unknown; big: unknown }>(
      await database.db.execute(
        sql`select '{"naira": [1, 2]}'::jsonb as doc, timestamptz '2026-11-28 06:00:00+01' as at, 12345678901::int8 as big`,
      ),
    );
    expect(row?.doc).toEqual({ naira: [1, 2] });
    expect(typeof row?.big).toBe('number');
    expect(row?.big).toBe(12_345_678_901);
    // Drizzle asks for timestamps as PostgreSQL's text; the thread keeps them so.
    expect(row?.at).toBe('2026-11-28 05:00:00+00');
  });

  it('commits a transaction that resolves and rolls back one that throws, savepoints included', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (1, 'kept')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into thread_probe values (2, 'inner, undone')`);
          throw new Error('undo the inner one');
        })
        .catch(() => undefined);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe values (3, 'undone')`);
        throw new Error('undo it all');
      }),
    ).rejects.toThrow('undo it all');
    const rows = rowsOf<{ id: number; label: string }>(
      await database.db.execute(sql`select id, label from thread_probe order by id`),
    );
    expect(rows).toEqual([{ id: 1, label: 'kept' }]);
  });

  it('makes a query outside an open transaction wait for it, then see what it committed', async () => {
    let outside: Promise<unknown> | undefined;
    let answeredOutside = false;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (10, 'during')`);
      outside = database.db
        .execute(sql`select count(*)::int as n from thread_probe where id = 10`)
        .then((result) => {
          answeredOutside = true;
          return result;
        });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(answeredOutside).toBe(false);
      await tx.execute(sql`update thread_probe set label = 'committed' where id = 10`);
    });
    expect(rowsOf<{ n: number }>(await outside)).toEqual([{ n: 1 }]);
  });

  it("gives PostgreSQL's error fields to the server's error handling", async () => {
    const error = await database.db.execute(sql`insert into thread_probe values (1, 'again')`).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(isUniqueViolation(error)).toBe(true);
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause;
    expect(cause?.constraint).toBe('thread_probe_pkey');
    // The database is still usable after an error, inside a transaction too.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    expect(rowsOf(await database.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
  });

  it('dumps a data directory another database opens', async () => {
    const dump = await database.dumpDataDir!();
    const copy = await openDatabase({ driver: 'pglite', loadDataDir: dump });
    try {
      expect(rowsOf(await copy.db.execute(sql`select label from thread_probe where id = 1`))).toEqual([
        { label: 'kept' },
      ]);
    } finally {
      await copy.close();
    }
  }, 120_000);

  it("keeps this thread's event loop running while a query computes (on the main thread it stops)", async () => {
    const inWorker = await ticksDuring(() => database.db.execute(heavyQuery));
    const onMain = await open('main');
    try {
      const inProcess = await ticksDuring(() => onMain.db.execute(heavyQuery));
      // The query takes the same CPU either way; only in process does it hold the loop the whole time.
      expect(inProcess.ticks).toBeLessThanOrEqual(2);
      expect(inWorker.ticks).toBeGreaterThan(Math.max(5, inProcess.ticks * 3));
    } finally {
      await onMain.close();
    }
  }, 120_000);

  it('refuses queries once closed, with a clear error', async () => {
    const closing = await open('worker');
    await closing.close();
    const error = await closing.db.execute(sql`select 1`).then(
      () => undefined,
      (caught: { cause?: Error }) => caught,
    );
    expect(error?.cause?.message).toMatch(/embedded database is closed/);
  });
});

/** Resolves once `check` holds, polling every 5 ms; fails the test after `ms`. */
async function until(check: () => boolean, ms: number): Promise<void> {
  const deadline = performance.now() + ms;
  while (!check()) {
    if (performance.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const slowQuery = sql`select count(*) from generate_series(1, 400000) as n where n % 7 = 3`;

/** Sends the query now: Drizzle's `execute` runs only once something awaits it. */
const send = (database: Database, query: typeof slowQuery) => database.db.execute(query).then((rows) => rows);

describe.skipIf(!templateFile)("the embedded database's bounded queue", () => {
  it('counts as busy only while enough calls wait and a new one would wait long enough', async () => {
    const database = await open('worker', { waiting: 4, expectedWaitMs: 40 });
    try {
      expect(database.busy?.()).toBe(false);
      // One long query alone is not a queue.
      const alone = send(database, heavyQuery);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(database.busy?.()).toBe(false);
      await alone;
      const queued = Array.from({ length: 6 }, () => send(database, slowQuery));
      await until(() => database.busy?.() === true, 10_000);
      await Promise.all(queued);
      expect(database.busy?.()).toBe(false);
    } finally {
      await database.close();
    }
    // On the event loop there is no queue to measure: PGlite in process never counts as busy.
    const onMain = await open('main');
    expect(onMain.busy).toBeUndefined();
    await onMain.close();
  }, 120_000);

  it('refuses new requests at once with 503 and Retry-After while busy, then serves them again', async () => {
    // A small bound, as in the test above: the app's refusal is what is tested here, and the production bound's
    // 500 ms of queue took twelve heavy queries (12 s of this file) to reach on a fast machine.
    const bound = { waiting: 4, expectedWaitMs: 40 };
    const test = await createTestApp({ queueBound: bound, responseCache: createMemoryResponseCache() });
    try {
      expect(test.database.busy).toBeDefined();
      // A read the response cache holds asks the database nothing: it is served while busy (ADR 110).
      const cachedUrl = urlOf(customerProductEndpoints.list, { query: { limit: 3 } });
      expect((await test.app.inject({ method: 'GET', url: cachedUrl })).headers['x-cache']).toBe('miss');
      const queued = Array.from({ length: bound.waiting + 4 }, () => send(test.database, slowQuery));
      await until(() => test.database.busy?.() === true, 30_000);
      const refused = await test.app.inject(requestOf(customerProductEndpoints.list));
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(json(refused)).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });
      expect(test.database.busy?.()).toBe(true);
      const cached = await test.app.inject({ method: 'GET', url: cachedUrl });
      expect(cached.statusCode).toBe(200);
      expect(cached.headers['x-cache']).toBe('hit');
      // A file never waits on the database: it is not refused (this app has no such file).
      const file = await test.app.inject({ method: 'GET', url: '/media/missing.webp' });
      expect(file.statusCode).not.toBe(503);
      // Nor is a page: a browser would show the envelope instead of the sign-in form. It gets the web app's shell,
      // unrendered, which fills itself from the API (when this checkout has the web build, as `npm test` makes).
      const hasWebBuild = fs.existsSync(path.resolve(import.meta.dirname, '../../../web/dist/index.html'));
      for (const url of ['/merchant/login', '/']) {
        const page = await test.app.inject({ method: 'GET', url });
        expect(page.statusCode, url).not.toBe(503);
        if (hasWebBuild) {
          expect(page.statusCode, url).toBe(200);
          expect(page.headers['content-type'], url).toContain('text/html');
          expect(page.body, url).toContain('<div id="root"></div>');
        }
      }
      await Promise.all(queued);
      const served = await test.app.inject(requestOf(customerProductEndpoints.list));
      expect(served.statusCode).toBe(200);
    } finally {
      await test.close();
    }
  }, 120_000);
});
