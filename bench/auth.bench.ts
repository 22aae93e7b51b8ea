// Prints requests per second and latency of the account endpoints on one server process.
// Run: npm run auth -w @market/bench   (add DATABASE_URL=postgres://… for PostgreSQL)
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { createRateLimits, defaultLimits } from '../apps/server/src/platform/security/rate-limits.js';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo-seed.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', PORT: '0' });
const database = await openDatabase(
  config.database.driver === 'postgres'
    ? { driver: 'postgres', url: config.database.url, max: 20 }
    : { driver: 'pglite' },
);
await database.migrate();
await seedDemo(database.db);

// The benchmark is one client IP; lift the limits so it measures the work, not the limiter.
const unlimited = Object.fromEntries(
  Object.entries(defaultLimits).map(([policy, set]) => [
    policy,
    Object.fromEntries(Object.entries(set).map(([key, limit]) => [key, { ...limit, points: 1e9 }])),
  ]),
) as typeof defaultLimits;
const { app } = await buildApp({
  config,
  database,
  logger: false,
  rateLimits: createRateLimits({ limits: unlimited }),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const login = await fetch(`${base}/api/auth/customer/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'customer@demo.ng', password: DEMO_PASSWORD }),
});
const { data } = (await login.json()) as { data: { accessToken: string } };

async function run(title: string, options: autocannon.Options) {
  const result = await autocannon({ duration: seconds, connections: 20, ...options });
  console.log(
    `${title.padEnd(42)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   errors ${result.errors + result.non2xx}`,
  );
}

console.log(`database: ${database.driver}, ${seconds} s per case, 20 connections`);
await run('GET /api/health', { url: `${base}/api/health` });
await run('GET /api/auth/userdata (bearer, session check)', {
  url: `${base}/api/auth/userdata`,
  headers: { authorization: `Bearer ${data.accessToken}` },
});
await run('POST /api/auth/customer/login (argon2id)', {
  url: `${base}/api/auth/customer/login`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'customer@demo.ng', password: DEMO_PASSWORD }),
  connections: 4,
});

await app.close();
await database.close();
