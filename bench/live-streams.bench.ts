// What open live streams (GET /api/live, ADR 068) cost a write and /api/health: the same measurements with 0 and
// with BENCH_STREAMS (default 2,000) streams open, side by side. BENCH_AUDIENCE (default 5, one account's cap) of
// them are the merchant's, whose store every change below concerns; the others are a customer's, whom it does not.
// BENCH_AUDIENCE=BENCH_STREAMS makes every stream hear every change: the worst audience there is.
// Run: npx tsx bench/live-streams.bench.ts  (the embedded PGlite; DATABASE_URL=postgres://… for PostgreSQL)
//   BENCH_STREAMS (default 2000), BENCH_WRITES (default 200), BENCH_HEALTH (default 1000).
// The streams' clients run in a child process, so that reading them costs the server's process nothing.
// "write" is what the merchant's order move does around its transaction: a write answered through HTTP
// (POST /api/notifications/read-all) and the publish of an order change to the store, before it answers.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { openLiveStreams } from '../apps/server/src/modules/notifications/index.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { ORDERS_CHANGED, orderChangePayload } from '../apps/server/src/platform/notify/topics.js';
import { createRateLimits, defaultLimits } from '../apps/server/src/platform/security/rate-limits.js';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo-seed.js';

const streams = Number(process.env.BENCH_STREAMS ?? 2000);
const writes = Number(process.env.BENCH_WRITES ?? 200);
const healthCalls = Number(process.env.BENCH_HEALTH ?? 1000);
const audience = Math.min(streams, Number(process.env.BENCH_AUDIENCE ?? 5));

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'live-streams-bench-'));
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'silent',
  PORT: '0',
  DATA_DIR: scratch,
  LIVE_STREAMS_PER_ACCOUNT: String(streams),
  LIVE_STREAMS_PER_PROCESS: String(streams + 10),
});
const database = await openDatabase(
  config.database.driver === 'postgres'
    ? { driver: 'postgres', url: config.database.url, max: 10 }
    : { driver: 'pglite', dir: path.join(scratch, 'db') },
);
await database.migrate();
const unlimited = Object.fromEntries(
  Object.entries(defaultLimits).map(([policy, set]) => [
    policy,
    Object.fromEntries(Object.entries(set).map(([key, limit]) => [key, { ...limit, points: 1e9 }])),
  ]),
) as typeof defaultLimits;
const { app, deps } = await buildApp({
  config,
  database,
  logger: false,
  rateLimits: createRateLimits({ limits: unlimited }),
});
await seedDemo(database.db);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

async function signIn(kind: 'merchant' | 'customer') {
  const answer = await app.inject({
    method: 'POST',
    url: `/api/auth/${kind}/login`,
    payload: { email: `${kind}@demo.ng`, password: DEMO_PASSWORD },
  });
  return JSON.parse(answer.body).data as { accessToken: string; user: { storeId: string } };
}
const session = await signIn('merchant');
const token = session.accessToken;
const bystander = (await signIn('customer')).accessToken;
const change = orderChangePayload({ storeId: session.user.storeId, carrierId: null, queue: false });

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

async function measure() {
  const writeMs: number[] = [];
  for (let index = 0; index < writes; index += 1) {
    const started = performance.now();
    const answer = await app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { authorization: `Bearer ${token}` },
    });
    if (answer.statusCode !== 200) throw new Error(`write answered ${answer.statusCode}: ${answer.body}`);
    await deps.changes.publish(ORDERS_CHANGED, change);
    writeMs.push(performance.now() - started);
  }
  // /api/health over real sockets while a change reaches every stream every 5 ms.
  const flood = setInterval(() => void deps.changes.publish(ORDERS_CHANGED, change), 5);
  const healthMs: number[] = [];
  for (let index = 0; index < healthCalls; index += 1) {
    const started = performance.now();
    const answer = await fetch(`${base}/api/health`);
    await answer.arrayBuffer();
    healthMs.push(performance.now() - started);
  }
  clearInterval(flood);
  return { writeMs, healthMs };
}

/** Opens `count` streams from a child process; resolves once the server holds them all. */
async function openStreams(count: number, as: string, total: number) {
  const script = `
    const http = require('node:http');
    const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
    let open = 0, refused = 0, events = 0, started = 0;
    // At most 50 opening at once; a refused one (503: the embedded database's load shedding) tries again.
    const one = () => {
      const retry = () => { refused++; setTimeout(one, 200); };
      http.get(process.env.URL, { agent, headers: { authorization: 'Bearer ' + process.env.TOKEN } }, (res) => {
        if (res.statusCode !== 200) { res.resume(); retry(); return; }
        open++;
        launch();
        res.on('data', (chunk) => { events += String(chunk).split('event: orders').length - 1; });
      }).on('error', retry);
    };
    const launch = () => { if (started < ${count}) { started++; one(); } };
    for (let i = 0; i < 50; i++) launch();
    setInterval(() => { if (!process.stdout.destroyed) process.stdout.write(JSON.stringify({ open, refused, events }) + '\\n'); }, 1000);
    process.stdout.on('error', () => process.exit(0));
  `;
  const child = spawn(process.execPath, ['-e', script], {
    env: { ...process.env, URL: `${base}/api/live`, TOKEN: as },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let last = { open: 0, refused: 0, events: 0 };
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    const line = text.trim().split('\n').at(-1);
    if (line) last = JSON.parse(line);
  });
  const started = Date.now();
  while (openLiveStreams() < total) {
    if (Date.now() - started > 300_000)
      throw new Error(`only ${openLiveStreams()} of ${total} streams opened`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, client: () => last };
}

const row = (label: string, result: { writeMs: number[]; healthMs: number[] }) =>
  `${label.padEnd(18)} write p50 ${percentile(result.writeMs, 50).toFixed(2)} ms, p99 ${percentile(result.writeMs, 99).toFixed(2)} ms | /api/health p50 ${percentile(result.healthMs, 50).toFixed(2)} ms, p99 ${percentile(result.healthMs, 99).toFixed(2)} ms`;

console.log(`database: ${config.database.driver}; load average ${os.loadavg()[0]?.toFixed(1)}`);
await measure(); // warm-up
const without = await measure();
console.log(row('0 streams', without));
const others =
  streams > audience ? await openStreams(streams - audience, bystander, streams - audience) : undefined;
const opened = await openStreams(audience, token, streams);
const withStreams = await measure();
console.log(row(`${openLiveStreams()} streams (${audience} hear)`, withStreams));
await new Promise((resolve) => setTimeout(resolve, 1200));
const client = opened.client();
console.log(
  `streams' client: ${client.open} open, ${client.refused} refused, ${client.events} order events received; write p50 ratio ${(percentile(withStreams.writeMs, 50) / percentile(without.writeMs, 50)).toFixed(2)}`,
);
opened.child.kill();
others?.child.kill();
await app.close();
await database.close();
fs.rmSync(scratch, { recursive: true, force: true });
