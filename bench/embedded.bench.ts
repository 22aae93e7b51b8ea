// The embedded default under load (issue 11, ADR 034; issue 25, ADR 054): `npm start` (scripts/start.mjs: PGlite in
// a data directory of its own, the demo marketplace seeded at the first start, no DATABASE_URL) in a child process,
// driven by wrk (a Debian package: the load generator must not be the bottleneck) with 50 connections asking
// `Accept-Encoding: br, gzip`, as browsers do, over the rotating mix (bench/rotating-mix.lua): every product page,
// every listing page under each sort, each category under each sort, and searches for the words of the demo
// catalog's product names, relevance-ordered and by price, shuffled, each connection walking the list from its own
// place. The response cache keeps an answer 30 s, so a run computes each path about once and answers the repeats
// from the cache: misses and hits together, as real traffic comes.
//
// Side by side in one run (ADR 110): the embedded default (PGlite in its worker thread, `worker`) and the same
// `npm start` on PostgreSQL (`postgres`: BENCH_POSTGRES_URL, a database of the bench's own, seeded with the same demo
// marketplace at its first start), alternating A B A B, each start with empty caches. `main` (PGlite on the event
// loop, as before ADR 054) can be added. Per run: wrk's timeouts (no answer within 2 s), the 503 refusals of the
// embedded database's queue bound (busy.ts) apart from other non-2xx, the response cache's hits, stale answers and
// misses (x-cache), p50/p99, req/s, the server's CPU per request (utime + stime of the server process, all its
// threads, from /proc/<pid>/stat) and PostgreSQL's (its backends for the bench database, by process title), peak
// RSS (VmRSS every 100 ms), and the load average at start and end. On a shared machine read the CPU per request.
//
// Run: npm run embedded -w @market/bench   Needs the web build with its server renderer (`npm run build`) and wrk.
// BENCH_SECONDS (default 15), BENCH_CONNECTIONS (50), BENCH_ROUNDS (2), BENCH_MODES (worker,postgres),
// BENCH_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/embedded_bench; created empty beforehand: createdb).
// Targets: no timeouts, 503s only while the queue is past its bound, p99 <= 300 ms, peak RSS <= 400 MB.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runRotatingMix } from './rotating-mix.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const modes = (process.env.BENCH_MODES ?? 'worker,postgres').split(',').map((mode) => mode.trim());
for (const mode of modes)
  if (mode !== 'main' && mode !== 'worker' && mode !== 'postgres') throw new Error(`unknown mode ${mode}`);
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/embedded_bench';
const postgresDatabase = new URL(postgresUrl).pathname.slice(1);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-bench-'));
const wrk = process.env.WRK ?? '/usr/bin/wrk';
const clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

if (!fs.existsSync(path.join(root, 'apps/web/dist-server/entry-server.js')))
  throw new Error('no server renderer: run `npm run build` first');
if (!fs.existsSync(wrk)) throw new Error(`no wrk at ${wrk} (apt-get install wrk, or set WRK)`);

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

/** CPU seconds the process has spent, every thread of it (utime + stime of /proc/<pid>/stat). */
function cpuSecondsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
}

/** CPU seconds of PostgreSQL's backends serving the bench database (their process titles name it). */
function postgresCpuSeconds(): number {
  let ticks = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres: ') && title.includes(` ${postgresDatabase} `))
        ticks += cpuSecondsOf(Number(entry)) * clockTicks;
    } catch {
      // The backend ended while we looked.
    }
  }
  return ticks / clockTicks;
}

const load = () => os.loadavg()[0]!.toFixed(1);

interface Server {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

/** `npm start` itself (scripts/start.mjs), which spawns the server; its child is the process measured. */
async function startServer(mode: string, dataDir: string): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const starter: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: mode === 'postgres' ? postgresUrl : '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      PGLITE_THREAD: mode === 'postgres' ? 'worker' : mode,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
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
  console.log(
    `  ${mode}: server ready in ${((performance.now() - started) / 1000).toFixed(1)} s, RSS ${((memoryOf(pid)?.rss ?? 0) / 1024).toFixed(0)} MB`,
  );
  return {
    base,
    pid,
    async stop() {
      stopping = true;
      starter.kill('SIGTERM');
      await new Promise((resolve) => (exited ? resolve(undefined) : starter.once('exit', resolve)));
    },
  };
}

/** The rotating mix's paths, from the demo catalog the server answers. */
async function rotatingPaths(base: string): Promise<string[]> {
  const listing = '/api/products/customer/getallproducts';
  type Product = { id: string; name: string; categoryId: string | null };
  const products: Product[] = [];
  let total = 0;
  do {
    const answer = (await (await fetch(`${base}${listing}?limit=50&offset=${products.length}`)).json()) as {
      data: { data: Product[]; count: number };
    };
    products.push(...answer.data.data);
    total = answer.data.count;
    if (answer.data.data.length === 0) break;
  } while (products.length < total);
  if (products.length === 0) throw new Error('no demo products');
  const sorts = ['newest', 'price_asc', 'price_desc', 'best_selling', 'top_rated'];
  const categories = [...new Set(products.map((product) => product.categoryId).filter(Boolean))];
  const words = [
    ...new Set(products.flatMap((product) => product.name.toLowerCase().match(/[a-z]{4,}/g) ?? [])),
  ];
  const paths = [
    ...products.map((product) => `/api/products/customer/product/${product.id}`),
    ...sorts.flatMap((sort) =>
      Array.from(
        { length: Math.ceil(total / 20) },
        (_, page) => `${listing}?limit=20&offset=${page * 20}&sortBy=${sort}`,
      ),
    ),
    ...categories.flatMap((category) =>
      sorts.flatMap((sort) =>
        [0, 20].map((offset) => `${listing}?categoryId=${category}&sortBy=${sort}&offset=${offset}`),
      ),
    ),
    ...words.flatMap((word) => [`${listing}?search=${word}`, `${listing}?search=${word}&sortBy=price_asc`]),
  ];
  // The same order every run (a seeded shuffle), so the runs compare.
  let seed = 25;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let index = paths.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [paths[index], paths[other]] = [paths[other]!, paths[index]!];
  }
  return paths;
}

interface WrkFigures {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  timeouts: number;
  non2xx: number;
  socketErrors: number;
  /** From rotating-mix.lua: 503 refusals, and the response cache's answers by kind. */
  refused: number;
  hits: number;
  stale: number;
  misses: number;
}

/** Milliseconds of a wrk duration ("812.33us", "41.21ms", "1.93s", "2.00m"). */
function millis(figure: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(figure);
  // wrk prints no latency figures when no request was answered in time.
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return { us: value / 1000, ms: value, s: value * 1000, m: value * 60_000 }[match[2] as 'us']!;
}

function parseWrk(output: string): WrkFigures {
  const answers = JSON.parse(/^ANSWERS (.+)$/m.exec(output)?.[1] ?? '{}') as Partial<WrkFigures>;
  const latency = /^\s+Latency\s+(\S+)\s+(\S+)\s+(\S+)/m.exec(output);
  const errors = /connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    requests: Number(/(\d+) requests in/.exec(output)?.[1] ?? 0),
    perSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0),
    p50: millis(/^\s+50%\s+(\S+)/m.exec(output)?.[1] ?? ''),
    p99: millis(/^\s+99%\s+(\S+)/m.exec(output)?.[1] ?? ''),
    max: latency ? millis(latency[3]!) : 0,
    timeouts: Number(errors?.[4] ?? 0),
    socketErrors: errors ? Number(errors[1]) + Number(errors[2]) + Number(errors[3]) : 0,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    refused: answers.refused ?? 0,
    hits: answers.hits ?? 0,
    stale: answers.stale ?? 0,
    misses: answers.misses ?? 0,
  };
}

function runWrk(base: string, pathsFile: string, duration: number): Promise<string> {
  return runRotatingMix(base, pathsFile, { wrk, threads: 2, connections, seconds: duration, timeout: '2s' });
}

interface RunFigures extends WrkFigures {
  mode: string;
  cpuMsPerRequest: number;
  postgresCpuMsPerRequest: number;
  peakRssMb: number;
  loadBefore: string;
  loadAfter: string;
}

/** Answers that were not refused (503 while busy) or failed: wrk counts those among its requests. */
const okPerSecond = (run: WrkFigures) =>
  (run.perSecond * (run.requests - run.non2xx)) / Math.max(1, run.requests);

const dataDir = path.join(scratch, 'data');
// Each database has its demo marketplace of its own (its own ids): paths per database.
const pathsFileOf = (mode: string) =>
  path.join(scratch, `paths-${mode === 'postgres' ? 'postgres' : 'pglite'}.txt`);
// Warm-up paths: the mix's listings with another page size (other cache keys, the same statements), so the
// measured run starts with compiled code and warm buffers but an empty response cache.
const warmFileOf = (mode: string) => `${pathsFileOf(mode)}.warm`;
const results: RunFigures[] = [];

console.log(
  `embedded default, rotating mix: wrk -t2 -c${connections} -d${seconds}s --timeout 2s, Accept-Encoding: br, gzip; ${rounds} round(s) of ${modes.join(', ')}; ${os.cpus().length} cores`,
);
try {
  for (let round = 1; round <= rounds; round++) {
    for (const mode of modes) {
      const server = await startServer(mode, dataDir);
      try {
        const pathsFile = pathsFileOf(mode);
        const warmFile = warmFileOf(mode);
        if (!fs.existsSync(pathsFile)) {
          const paths = await rotatingPaths(server.base);
          fs.writeFileSync(pathsFile, `${paths.join('\n')}\n`);
          fs.writeFileSync(
            warmFile,
            `${paths
              .filter((line) => line.includes('getallproducts'))
              .map((line) => `${line}&limit=19`.replace('limit=20&', ''))
              .join('\n')}\n`,
          );
          console.log(`  ${paths.length} paths in the rotating mix`);
        }
        await runWrk(server.base, warmFile, 5);
        let peakRss = 0;
        const sampler = setInterval(() => {
          peakRss = Math.max(peakRss, memoryOf(server.pid)?.rss ?? 0);
        }, 100);
        const loadBefore = load();
        const cpuBefore = cpuSecondsOf(server.pid);
        const postgresBefore = postgresCpuSeconds();
        const figures = parseWrk(await runWrk(server.base, pathsFile, seconds));
        const cpu = cpuSecondsOf(server.pid) - cpuBefore;
        // Backends that ended during the run are not counted: the pool keeps its connections.
        const postgresCpu = mode === 'postgres' ? Math.max(0, postgresCpuSeconds() - postgresBefore) : 0;
        clearInterval(sampler);
        const run: RunFigures = {
          ...figures,
          mode,
          cpuMsPerRequest: (cpu * 1000) / Math.max(1, figures.requests),
          postgresCpuMsPerRequest: (postgresCpu * 1000) / Math.max(1, figures.requests),
          peakRssMb: peakRss / 1024,
          loadBefore,
          loadAfter: load(),
        };
        results.push(run);
        console.log(
          `  ${mode.padEnd(8)} round ${round}: ${run.perSecond.toFixed(0)} req/s (${okPerSecond(run).toFixed(0)} answered 2xx), p50 ${run.p50.toFixed(0)} ms, p99 ${run.p99.toFixed(0)} ms, max ${run.max.toFixed(0)} ms, timeouts ${run.timeouts}, 503 ${run.refused} of ${run.requests}, other non-2xx ${run.non2xx - run.refused}, socket errors ${run.socketErrors}, cache hit/stale/miss ${run.hits}/${run.stale}/${run.misses}, CPU ${run.cpuMsPerRequest.toFixed(2)} ms server + ${run.postgresCpuMsPerRequest.toFixed(2)} ms PostgreSQL per request, peak RSS ${run.peakRssMb.toFixed(0)} MB, load ${run.loadBefore} → ${run.loadAfter}`,
        );
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}

const modeTitle = {
  main: 'PGlite on the event loop',
  worker: 'PGlite in its worker (default)',
  postgres: 'PostgreSQL',
};
console.log(
  '\n| database | run | req/s | 2xx/s | p99 | timeouts | 503 | other non-2xx | hit/stale/miss | CPU/request (server + PostgreSQL) | peak RSS | load |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const mode of modes)
  results
    .filter((run) => run.mode === mode)
    .forEach((run, index) => {
      const total = run.cpuMsPerRequest + run.postgresCpuMsPerRequest;
      console.log(
        `| ${modeTitle[mode as keyof typeof modeTitle]} | ${index + 1} | ${run.perSecond.toFixed(0)} | ${okPerSecond(run).toFixed(0)} | ${run.p99.toFixed(0)} ms | ${run.timeouts} | ${run.refused} | ${run.non2xx - run.refused} | ${run.hits}/${run.stale}/${run.misses} | ${total.toFixed(2)} ms (${run.cpuMsPerRequest.toFixed(2)} + ${run.postgresCpuMsPerRequest.toFixed(2)}) | ${run.peakRssMb.toFixed(0)} MB | ${run.loadBefore} → ${run.loadAfter} |`,
      );
    });
