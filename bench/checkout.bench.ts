// Carts to paid orders per second on one server process: each customer checks out a cart from two stores,
// pays on the sandbox page and returns; the server verifies and marks the orders paid.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/checkout_bench npm run checkout -w @market/bench
//      (without DATABASE_URL: a fresh PGlite database in a temp dir)
// BENCH_CUSTOMERS (default 200) and BENCH_CONCURRENCY (default 10) change the load; BENCH_WARMUP (default 150) more
// customers check out first, unmeasured, so that the server's code is compiled and its pool open.
//
// The server runs in a process of its own (checkout-server.ts), so that its CPU, read from /proc/<pid>/stat, is
// apart from this process's (the bench's HTTP client), and PostgreSQL's from its backends' /proc/<pid>/stat. Each is
// printed per paid checkout, with the statements the server sent.
import { type ChildProcess, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SANDBOX_CARDS } from '../apps/server/src/platform/payments/sandbox.js';

const customers = Number(process.env.BENCH_CUSTOMERS ?? 200);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);
const warmup = Number(process.env.BENCH_WARMUP ?? 150);
const postgres = Boolean(process.env.DATABASE_URL?.startsWith('postgres'));

// The server with the flags `npm start` gives it (scripts/start.mjs, ADR 035), and tsx to run its TypeScript.
const server: ChildProcess = fork(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'checkout-server.ts'),
  [],
  {
    execArgv: [
      '--max-old-space-size=288',
      '--max-semi-space-size=8',
      // With BENCH_PERF, perf names the server's JavaScript functions from /tmp/perf-<pid>.map.
      ...(process.env.BENCH_PERF ? ['--perf-basic-prof'] : []),
      '--import',
      'tsx',
    ],
    env: { MALLOC_ARENA_MAX: '2', ...process.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  },
);
server.on('exit', (code) => {
  if (code !== 0) {
    console.error(`the bench's server exited with ${code}`);
    process.exit(1);
  }
});
const port = await new Promise<number>((done) =>
  server.on('message', function ready(message: { type?: string; port?: number }) {
    if (message.type === 'ready') {
      server.off('message', ready);
      done(message.port!);
    }
  }),
);
const base = `http://127.0.0.1:${port}`;

let asked = 0;
/** One request to the server process over IPC (see checkout-server.ts). */
function ask<T>(type: string, extra: Record<string, unknown> = {}): Promise<T> {
  const id = ++asked;
  return new Promise<T>((done, fail) => {
    const listen = (message: { id?: number; error?: string }) => {
      if (message.id !== id) return;
      server.off('message', listen);
      if (message.error) fail(new Error(message.error));
      else done(message as T);
    };
    server.on('message', listen);
    server.send({ id, type, ...extra });
  });
}

/** utime and stime of a process, in clock ticks (10 ms on Linux, USER_HZ 100); undefined once it is gone. */
function userSystemOf(pid: number): [number, number] | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return [Number(fields[11]), Number(fields[12])]; // fields 14 and 15 of stat
  } catch {
    return undefined;
  }
}
function ticksOf(pid: number): number | undefined {
  const times = userSystemOf(pid);
  return times && times[0] + times[1];
}

async function api(method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: never; message: string };
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${json.message}`);
  return json.data as Record<string, never>;
}

console.log(
  `preparing ${warmup} + ${customers} customers with a two-store cart on ${postgres ? 'postgres' : 'pglite'}...`,
);
const prepared = await ask<{ emails: string[]; products: [string, string]; password: string }>('prepare', {
  customers: warmup + customers,
});
const [first, second] = prepared.products;
async function shopper(email: string) {
  const session = (await api('POST', '/api/auth/customer/login', undefined, {
    email,
    password: prepared.password,
  })) as unknown as { accessToken: string };
  const added = (await api('POST', '/api/customershippingaddress/add', session.accessToken, {
    fullName: 'Bench Customer',
    phoneNumber: '08031234567',
    emailAddress: email,
    stateOrRegion: 'Lagos',
    lga: 'Ikeja',
    address: '12 Allen Avenue',
  })) as unknown as { id: string };
  await api('POST', '/api/cart/add-cart', session.accessToken, { productId: first, quantity: 1 });
  await api('POST', '/api/cart/add-cart', session.accessToken, { productId: second, quantity: 2 });
  return { token: session.accessToken, addressId: added.id };
}
// Eight at a time: signing in hashes on the server's thread pool.
const shoppers: { token: string; addressId: string }[] = [];
for (let index = 0; index < prepared.emails.length; index += 8)
  shoppers.push(...(await Promise.all(prepared.emails.slice(index, index + 8).map(shopper))));

async function buy(shopper: { token: string; addressId: string }): Promise<boolean> {
  const created = (await api('POST', '/api/ordertracking/create-order', shopper.token, {
    addressId: shopper.addressId,
  })) as unknown as { tracker: { reference: string }; payment: { authorizationUrl: string } };
  const page = new URL(created.payment.authorizationUrl).pathname;
  await fetch(`${base}${page}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: SANDBOX_CARDS.success, expiry: '12/30', cvv: '123' }).toString(),
  });
  const recorded = (await api('POST', '/api/transactions/customer/transaction', shopper.token, {
    reference: created.tracker.reference,
  })) as unknown as { tracker: { status: string } };
  return recorded.tracker.status === 'paid';
}

/** Checks out every shopper, `concurrency` at once; answers how many were paid and each one's latency. */
async function run(list: typeof shoppers) {
  const latencies: number[] = [];
  let paid = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < list.length) {
        const shopper = list[next++]!;
        const begun = performance.now();
        if (await buy(shopper)) paid += 1;
        latencies.push(performance.now() - begun);
      }
    }),
  );
  return { paid, latencies };
}

const warmed = await run(shoppers.slice(0, warmup));
const measured = shoppers.slice(warmup);
const { backends: backendsAtStart } = await ask<{ backends: number[] }>('start');
const backendsBefore = new Map(backendsAtStart.map((pid) => [pid, ticksOf(pid) ?? 0]));
// BENCH_PERF=file records the CPU of the PostgreSQL backends (file) and of the server (file.server) with Linux
// perf in the measured part: `perf report -i file`. Unlike BENCH_PROFILE, only time on a CPU is sampled.
const perfOf = (pids: number[], file: string) =>
  spawn('perf', ['record', '-q', '-g', '-F', '499', '-o', file, '-p', pids.join(',')], { stdio: 'inherit' });
const perf = process.env.BENCH_PERF
  ? [
      perfOf(backendsAtStart, process.env.BENCH_PERF),
      perfOf([server.pid!], `${process.env.BENCH_PERF}.server`),
    ]
  : undefined;
if (perf) await new Promise((done) => setTimeout(done, 500));
const serverBefore = userSystemOf(server.pid!)!;
const clientBefore = process.cpuUsage();
const started = performance.now();
const { paid, latencies } = await run(measured);
const seconds = (performance.now() - started) / 1000;
const client = process.cpuUsage(clientBefore);
const serverAfter = userSystemOf(server.pid!)!;
const serverTicks = serverAfter[0] + serverAfter[1] - serverBefore[0] - serverBefore[1];
const serverSystemTicks = serverAfter[1] - serverBefore[1];
for (const recording of perf ?? []) {
  recording.kill('SIGINT');
  await new Promise((done) => recording.on('exit', done));
}
const stopped = await ask<{
  statements: number;
  commits: number;
  provider: number;
  bus: number;
  fanOut: { events: number; statements: number; commits: number };
  queries?: [string, number][];
  plans?: [string, number, number][];
  backends: number[];
}>('stop');
let backendTicks = 0;
for (const pid of new Set([...backendsAtStart, ...stopped.backends]))
  backendTicks += (ticksOf(pid) ?? backendsBefore.get(pid) ?? 0) - (backendsBefore.get(pid) ?? 0);

latencies.sort((a, b) => a - b);
const percentile = (p: number) =>
  Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!);
const perPaid = (value: number) => (value / Math.max(paid, 1)).toFixed(1);
console.log(
  `checkout on ${postgres ? 'postgres' : 'pglite'}: ${paid}/${measured.length} carts paid in ${seconds.toFixed(1)} s = ${(paid / seconds).toFixed(1)} paid checkouts/s ` +
    `(two orders each), ${concurrency} at once, after ${warmed.paid} unmeasured; p50 ${percentile(0.5)} ms, p99 ${percentile(0.99)} ms per checkout`,
);
// Clock ticks are 10 ms on Linux (USER_HZ 100).
const serverMs = serverTicks * 10;
const postgresMs = backendTicks * 10;
console.log(
  `per paid checkout: ${postgres ? `${perPaid(stopped.statements)} statements and ${perPaid(stopped.commits)} commits of the checkout itself; apart: the change bus's pg_notify ${perPaid(stopped.bus)} (the checkouts' and fan-outs' changes together), the payment sandbox's ${perPaid(stopped.provider)} (Paystack's HTTP calls in production)` : 'n/a'}; CPU ms (its fan-out included): server ${perPaid(serverMs)} (system ${perPaid(serverSystemTicks * 10)})` +
    (postgres
      ? `, PostgreSQL backends ${perPaid(postgresMs)}, server + PostgreSQL ${perPaid(serverMs + postgresMs)}`
      : '') +
    `; the bench's client ${perPaid((client.user + client.system) / 1000)}`,
);
if (postgres) {
  const { events, statements, commits } = stopped.fanOut;
  const perEvent = (value: number) => (value / Math.max(events, 1)).toFixed(2);
  console.log(
    `its notifications' fan-out: ${perPaid(events)} events per paid checkout; ${perEvent(statements)} statements and ` +
      `${perEvent(commits)} commits per event (${perPaid(statements)} statements per paid checkout)`,
  );
}
// Every paid cart took one unit of the first product and two of the second, and nothing else took any.
const { taken } = await ask<{ taken: [number, number] }>('stock');
const paidAll = paid + warmed.paid;
if (taken[0] !== paidAll || taken[1] !== paidAll * 2)
  throw new Error(`stock taken (${taken.join(', ')}) does not match ${paidAll} paid carts: oversold or lost`);
console.log(`stock: ${taken[0]} + ${taken[1]} units taken for ${paidAll} paid carts (no oversell)`);
if (stopped.queries) {
  for (const [text, times] of stopped.queries.sort((a, b) => b[1] - a[1]).slice(0, 60))
    console.log(`${(times / Math.max(paid, 1)).toFixed(2).padStart(6)}  ${text}`);
  console.log('named statements, plans generic / custom over the pool:');
  for (const [name, generic, custom] of stopped.plans ?? []) console.log(`  ${name}: ${generic} / ${custom}`);
}
await ask('close').catch(() => undefined);
