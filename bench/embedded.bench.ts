// The embedded default under load (issue 11, ADR 034): `npm start` (scripts/start.mjs: PGlite in a fresh data
// directory, the demo marketplace seeded at start, no DATABASE_URL) in a child process, its server process measured
// so this process's own memory does not count, driven by 50 connections with a mix of public reads. Prints per route req/s, p50, p99,
// timeouts and errors, and the server's peak RSS (VmRSS sampled every 100 ms, and the kernel's VmHWM).
// Phases: "warm" (a realistic mix, mostly answered from the response and page caches) and "varied" (every listing
// and page request a different query: pages, sorts, searches, categories, so nearly every one is computed).
// Run: npm run embedded -w @market/bench   Needs the web build with its server renderer (`npm run build`).
// BENCH_SECONDS (default 20) per phase, BENCH_CONNECTIONS (default 50). Targets: no timeouts, p99 <= 300 ms,
// peak RSS <= 400 MB.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-bench-'));

if (!fs.existsSync(path.join(root, 'apps/web/dist-server/entry-server.js')))
  throw new Error('no server renderer: run `npm run build` first');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** kB figures of /proc/<pid>/status (Linux). */
function memoryOf(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  } catch {
    return undefined;
  }
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const started = performance.now();
// `npm start` itself (scripts/start.mjs), which spawns the server; its child is the process measured.
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const starter: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: '',
    REDIS_URL: '',
    DATA_DIR: scratch,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    // BENCH_NODE_ARGS: node options for the server (experiments such as V8 heap flags).
    ...(nodeArgs.length > 0 ? { NODE_OPTIONS: nodeArgs.join(' ') } : {}),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let exited = false;
let stopping = false;
starter.on('exit', (code, signal) => {
  exited = true;
  // A figure after this is void: something ended the server (a crash, or a signal from outside the bench).
  if (!stopping) console.error(`the server exited during the bench (code ${code}, signal ${signal})`);
});

for (;;) {
  if (exited) throw new Error('the server did not start');
  try {
    if ((await fetch(`${base}/api/health`)).status < 500) break;
  } catch {
    // not listening yet
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const pid = Number(fs.readFileSync(`/proc/${starter.pid}/task/${starter.pid}/children`, 'utf8').trim());
if (!pid) throw new Error('no server process under npm start');
const ready = memoryOf(pid);
console.log(
  `server ready in ${((performance.now() - started) / 1000).toFixed(1)} s, RSS ${((ready?.rss ?? 0) / 1024).toFixed(0)} MB (peak so far ${((ready?.hwm ?? 0) / 1024).toFixed(0)} MB)`,
);

// Ids the requests use: products, their stores, categories.
const listing = (await (await fetch(`${base}/api/products/customer/getallproducts?limit=50`)).json()) as {
  data: { data: { id: string; storeUrl: string; categoryId: string }[]; count: number };
};
const products = listing.data.data;
if (products.length === 0) throw new Error('no demo products');
const stores = [...new Set(products.map((product) => product.storeUrl))];
const categories = [
  ...new Set(products.map((product) => product.categoryId).filter((id): id is string => Boolean(id))),
];
const total = listing.data.count;
const sorts = ['newest', 'price_asc', 'price_desc', 'best_selling', 'top_rated'];
const searches = ['phone', 'shoe', 'rice', 'ankara', 'bag', 'watch', 'oil', 'shirt'];
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

type Route = { title: string; weight: number; path: (varied: boolean) => string };
const routes: Route[] = [
  {
    title: 'listing (page, sort)',
    weight: 4,
    path: (varied) =>
      `/api/products/customer/getallproducts?limit=${varied ? 1 + Math.floor(Math.random() * 40) : 20}&offset=${
        varied ? Math.floor(Math.random() * total) : 20 * Math.floor(Math.random() * 3)
      }&sortBy=${pick(sorts)}`,
  },
  {
    title: 'listing (search)',
    weight: 2,
    path: (varied) =>
      `/api/products/customer/getallproducts?search=${pick(searches)}${varied ? `&limit=${1 + Math.floor(Math.random() * 40)}` : ''}`,
  },
  {
    title: 'listing (category)',
    weight: 2,
    path: (varied) =>
      `/api/products/customer/getallproducts?categoryId=${pick(categories)}&sortBy=${pick(sorts)}${
        varied ? `&limit=${1 + Math.floor(Math.random() * 40)}` : ''
      }`,
  },
  { title: 'product detail', weight: 3, path: () => `/api/products/customer/product/${pick(products).id}` },
  {
    title: 'home HTML',
    weight: 1,
    // The page cache keys by URL: an unknown query parameter makes it a different page for the cache only.
    path: (varied) => (varied ? `/?bench=${Math.random()}` : '/'),
  },
  {
    title: 'product HTML',
    weight: 2,
    path: (varied) => `/products/${pick(products).id}${varied ? `?bench=${Math.random()}` : ''}`,
  },
  {
    title: 'storefront HTML',
    weight: 1,
    path: (varied) => `/storefront/${pick(stores)}${varied ? `?bench=${Math.random()}` : ''}`,
  },
];
const check = await fetch(`${base}/products/${products[0]!.id}`);
if (!(await check.text()).includes('id="ssr-state"')) throw new Error('product page not server-rendered');

const weighted = routes.flatMap((route) => Array.from({ length: route.weight }, () => route));

interface Tally {
  latencies: number[];
  errors: number;
}

async function phase(name: string, varied: boolean) {
  const tallies = new Map(routes.map((route) => [route.title, { latencies: [], errors: 0 } as Tally]));
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, memoryOf(pid)?.rss ?? 0);
  }, 100);
  // Each connection sends one request at a time and autocannon hands the answer the context its request was built
  // with: the route and the time it was asked ride there.
  type Asked = { route?: Route; at?: number };
  const instance = autocannon({
    url: base,
    duration: seconds,
    connections,
    timeout: 10,
    headers: { 'accept-encoding': 'br, gzip' },
    requests: [
      {
        setupRequest: (request, context) => {
          const route = pick(weighted);
          Object.assign(context as Asked, { route, at: performance.now() });
          return { ...request, method: 'GET', path: route.path(varied) };
        },
        onResponse: (status, _body, context) => {
          const sent = context as Asked;
          if (!sent.route || sent.at === undefined) return;
          const tally = tallies.get(sent.route.title)!;
          tally.latencies.push(performance.now() - sent.at);
          if (status >= 400) tally.errors += 1;
        },
      },
    ],
  });
  const result = await instance;
  clearInterval(sampler);
  const quantile = (sorted: number[], q: number) =>
    sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  console.log(
    `\n${name}: ${seconds} s, ${connections} connections, ${result.requests.average.toFixed(0)} req/s in all, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, timeouts ${result.timeouts}, errors ${result.errors}, non-2xx ${result.non2xx}`,
  );
  for (const route of routes) {
    const tally = tallies.get(route.title)!;
    const sorted = tally.latencies.sort((a, b) => a - b);
    console.log(
      `  ${route.title.padEnd(22)} ${(sorted.length / seconds).toFixed(0).padStart(6)} req/s   p50 ${quantile(sorted, 0.5).toFixed(0).padStart(4)} ms   p99 ${quantile(sorted, 0.99).toFixed(0).padStart(5)} ms   errors ${tally.errors}`,
    );
  }
  const memory = memoryOf(pid);
  console.log(
    `  server RSS: peak ${(peakRss / 1024).toFixed(0)} MB during the phase (sampled every 100 ms), ${((memory?.rss ?? 0) / 1024).toFixed(0)} MB now, VmHWM ${((memory?.hwm ?? 0) / 1024).toFixed(0)} MB since start`,
  );
}

try {
  await phase('warm (cached reads)', false);
  await phase('varied (computed reads)', true);
} finally {
  stopping = true;
  starter.kill('SIGTERM');
  await new Promise((resolve) => (exited ? resolve(undefined) : starter.once('exit', resolve)));
  fs.rmSync(scratch, { recursive: true, force: true });
}
