// Prints how long a change takes from one server process's bus to another's (ADR 043), and what a burst of writes
// costs in messages, over PostgreSQL LISTEN/NOTIFY and, when REDIS_URL is set, over Redis pub/sub. Two buses in
// this process stand for two server processes: each has its own connections, as each process would.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres [REDIS_URL=redis://127.0.0.1:6379]
//   npx tsx bench/change-bus.bench.ts
// BENCH_MESSAGES (default 500) changes are sent one after another, each with its own payload, and timed from
// publish to heard; then BENCH_BURST (default 1,000) writes announce the same change at once.
import { Redis } from 'ioredis';
import pino from 'pino';
import {
  type ChangeBus,
  createChangeBus,
  createPostgresTransport,
  createRedisTransport,
} from '../apps/server/src/platform/changes/index.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';

const messages = Number(process.env.BENCH_MESSAGES ?? 500);
const burst = Number(process.env.BENCH_BURST ?? 1000);
const logger = pino({ level: 'silent' });

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', PORT: '0' });
if (config.database.driver !== 'postgres') throw new Error('Set DATABASE_URL to a PostgreSQL database');
const { url } = config.database;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function measure(name: string, a: ChangeBus, b: ChangeBus): Promise<void> {
  await a.start();
  await b.start();
  const waiting = new Map<string, (at: number) => void>();
  b.subscribe('bench', (change) => waiting.get(change.payload)?.(performance.now()));
  const latencies: number[] = [];
  for (let i = 0; i < messages; i++) {
    const payload = `m${i}`;
    const heard = new Promise<number>((resolve) => waiting.set(payload, resolve));
    const sent = performance.now();
    await a.publish('bench', payload);
    latencies.push((await heard) - sent);
    waiting.delete(payload);
  }
  latencies.sort((x, y) => x - y);

  let heardOfBurst = 0;
  b.subscribe('burst', () => {
    heardOfBurst += 1;
  });
  const started = performance.now();
  await Promise.all(Array.from({ length: burst }, () => a.publish('burst')));
  await a.close();
  const burstMs = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 200));
  await b.close();
  console.log(
    `${name.padEnd(22)} publish→heard p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms, max ${latencies.at(-1)?.toFixed(2)} ms (${messages} changes); ${burst} writes at once → ${heardOfBurst} messages heard, all sent in ${burstMs.toFixed(0)} ms`,
  );
}

const database = await openDatabase({ driver: 'postgres', url, max: 4 });
const postgresBus = () =>
  createChangeBus({
    transport: createPostgresTransport({
      url,
      db: database.db,
      logger,
      channel: 'bench_changes',
    }),
    logger,
  });
await measure('PostgreSQL NOTIFY', postgresBus(), postgresBus());
await database.close();

if (config.redisUrl) {
  const clients = [new Redis(config.redisUrl), new Redis(config.redisUrl)];
  const redisBus = (redis: Redis) =>
    createChangeBus({ transport: createRedisTransport({ redis, logger, channel: 'bench:changes' }), logger });
  await measure('Redis pub/sub', redisBus(clients[0]!), redisBus(clients[1]!));
  for (const client of clients) client.disconnect();
}
