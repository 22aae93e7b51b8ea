import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createPgBossRunner, type JobRunner } from '../../src/platform/jobs/index.js';
import { countPostgresStatements } from '../support/statement-counter.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const logger = pino({ level: 'silent' });
// pg-boss creates its tables in this schema; a schema of the file's own keeps parallel test files apart.
const schema = `pgboss_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
const runners: JobRunner[] = [];

function runner(): JobRunner {
  const created = createPgBossRunner({
    connectionString: serverUrl ?? '',
    logger,
    schema,
    pollingIntervalSeconds: 0.5,
  });
  runners.push(created);
  return created;
}

async function until(check: () => boolean, what: string, seconds = 30): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

afterEach(async () => {
  await Promise.all(runners.splice(0).map((each) => each.stop()));
});

afterAll(async () => {
  if (!serverUrl) return;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
});

describe.skipIf(!serverUrl)('pg-boss job runner (PostgreSQL)', () => {
  it('processes each job exactly once with two runners started on the same database', async () => {
    const handled = new Map<string, number>();
    const byRunner = [0, 0];
    const instances = [runner(), runner()];
    instances.forEach((instance, index) => {
      instance.define<{ n: number }>('test.once', async (payload) => {
        handled.set(String(payload.n), (handled.get(String(payload.n)) ?? 0) + 1);
        byRunner[index] = (byRunner[index] ?? 0) + 1;
      });
    });
    // Started one after the other: two processes booting at once must both create the queue without error.
    await Promise.all(instances.map((instance) => instance.start()));
    const [first] = instances;
    for (let n = 0; n < 10; n += 1) await first?.enqueue('test.once', { n });
    await until(() => handled.size === 10, 'ten jobs');
    // Both runners poll every half second: wait a few polls for any second delivery to show.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect([...handled.values()]).toEqual(Array(10).fill(1));
    expect(byRunner.reduce((sum, count) => sum + count, 0)).toBe(10);
  });

  it('keeps a job across a stop and start: a new runner on the same database handles it', async () => {
    const seen: string[] = [];
    const before = runner();
    before.define<{ orderId: string }>('test.durable', async (payload) => {
      seen.push(`before:${payload.orderId}`);
    });
    await before.start();
    const id = await before.enqueue('test.durable', { orderId: 'NM-1001' }, { startAfterSeconds: 2 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await before.stop();

    const after = runner();
    after.define<{ orderId: string }>('test.durable', async (payload) => {
      seen.push(`after:${payload.orderId}`);
    });
    await after.start();
    await until(() => seen.length > 0, 'the job after the restart');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(seen).toEqual(['after:NM-1001']);
  });

  it('retries a failing job with back-off until it succeeds', async () => {
    const attempts: number[] = [];
    const instance = runner();
    instance.define('test.retry', async () => {
      attempts.push(Date.now());
      if (attempts.length < 3) throw new Error('provider down');
    });
    await instance.start();
    await instance.enqueue('test.retry', {}, { retryLimit: 4, retryDelay: 1, backoff: true });
    await until(() => attempts.length === 3, 'three attempts', 60);
    const [a = 0, b = 0, c = 0] = attempts;
    // pg-boss waits retryDelay·2^n·(1..2) seconds: at least 1 s, then at least 2 s.
    expect(b - a).toBeGreaterThanOrEqual(900);
    expect(c - b).toBeGreaterThanOrEqual(1900);
  });

  it('runs an every-N-seconds job once per period however many runners send it', async () => {
    const runs: number[] = [];
    const instances = [runner(), runner()];
    for (const instance of instances) {
      instance.schedule('test.every', { everySeconds: 2 }, async () => {
        runs.push(Date.now());
      });
    }
    const started = Date.now();
    await Promise.all(instances.map((instance) => instance.start()));
    await new Promise((resolve) => setTimeout(resolve, 7000));
    const elapsed = (Date.now() - started) / 1000;
    expect(runs.length).toBeGreaterThanOrEqual(2);
    // One job per two-second slot, not one per runner per slot.
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(elapsed / 2) + 1);
  });

  it('idle, looks for due jobs with one statement per interval for all its queues, not one per queue (ADR 087)', async () => {
    const idle = runner();
    const handled: string[] = [];
    const queues = Array.from({ length: 12 }, (_, index) => `test.idle-${index}`);
    for (const name of queues) idle.define(name, async () => void handled.push(name));
    await idle.start();
    // Each worker's first look, right after the start, is over within a moment.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Four seconds idle at a half-second interval: about eight polls in all (each queue's worker used to make eight,
    // 96 for these twelve queues).
    const statements = await countPostgresStatements(
      () => new Promise((resolve) => setTimeout(resolve, 4000)),
    );
    expect(statements).toBeLessThanOrEqual(12);
    // A job sent by another process (not this one, which would wake its own worker) is still taken within a poll.
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`insert into ${schema}.job (name, data) values ($1, '{}')`, [queues[7]]);
    await client.end();
    await until(() => handled.includes(queues[7]!), 'the job sent past this runner', 5);
  });
});
