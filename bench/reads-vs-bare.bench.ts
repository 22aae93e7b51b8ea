// The public reads of issue 25 against a bare node:http server sending the very same bytes, in one run,
// interleaved app, bare, app, bare…: wrk drives both (50 connections, `Accept-Encoding: br, gzip` as browsers send),
// so the load generator is not what caps the bare server. For each read it prints req/s, the share of bare, p99
// and the CPU each request cost the server process (utime + stime from /proc/<pid>/stat over the run, divided by
// the requests answered; PostgreSQL's backends for the bench database are counted apart). The app runs as production runs it: the server bundle (apps/server/build.mjs) on plain
// node, NODE_ENV=production, request logging on (to /dev/null).
//
// Run: npm run reads-vs-bare -w @market/bench
// Env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench100k; filled to BENCH_PRODUCTS, default
//      100000, when it holds fewer), BENCH_SECONDS (15 per run), BENCH_ROUNDS (3), BENCH_CONNECTIONS (50),
//      BENCH_WRK_THREADS (1), BENCH_CASES (comma-separated case keys, default all), BENCH_SERVER_DIR (an
//      apps/server directory to build and run instead of this checkout's: before/after comparisons),
//      BENCH_CPU_PROF (a directory: the server runs with --cpu-prof and writes its profile there on exit).
//      BENCH_WINDOWS (12) and BENCH_WINDOW_SECONDS (15): the "rotating-expiry" case, run only when BENCH_CASES
//      names it (ADR 110): the 1,000 rotating listing pages read without a pause for 12 windows of 15 s (3 minutes,
//      several expiries of the 30 s cache), then the bare server as long; share of bare, CPU per request and the
//      cache's hits, stale answers and misses printed per window.
//
// The mixes: "cached" reads ask one URL again and again; "rotating" reads ask a random one of many (1,000 product
// ids; 1,000 listing pages: 5 sorts x 10 categories x 20 pages; 400 searches: 20 terms x 2 sorts x 10 pages), all
// requested once before the runs; "cold" reads ask listing pages never requested before (sort x category x
// offset, each once), price ranges never asked (cold-filter: a new filter, counted) and searches never asked
// (cold-search: words x sort x offset). The bare server answers a path with the bytes the app sent for it; for cold pages, which it
// cannot know ahead, with recorded answers of other cold pages in turn.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, sql } from 'drizzle-orm';
import { categories, products } from '../apps/server/src/modules/catalog/catalog.schema.js';
import { stores } from '../apps/server/src/modules/stores/stores.schema.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { seedBulk } from '../apps/server/src/scripts/seed-bulk.js';
import { searchTerms } from './cold-search-terms.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const wrkThreads = Number(process.env.BENCH_WRK_THREADS ?? 1);
const target = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench100k';
const serverDir = path.resolve(process.env.BENCH_SERVER_DIR ?? path.join(here, '../apps/server'));
const cpuProfileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
const wanted = process.env.BENCH_CASES?.split(',').map((key) => key.trim());
const clockTicks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'reads-vs-bare-'));

// ---------- data ----------
const database = await openDatabase({ driver: 'postgres', url: databaseUrl, max: 4 });
// The server under test migrates its database when it starts (main.ts); the bench does only for a new database, so
// a BENCH_SERVER_DIR of an older checkout runs on the schema it knows (newer indexes are not added behind its back).
const present = (await database.db.execute(
  sql`select to_regclass('public.products') is not null as present`,
)) as unknown as { rows: { present: boolean }[] };
if (!present.rows[0]?.present) await database.migrate();
const [existing] = await database.db.select({ value: count() }).from(products);
if ((existing?.value ?? 0) < target) {
  const missing = target - (existing?.value ?? 0);
  console.log(`filling the database with ${missing} products...`);
  await seedBulk(database.db, { products: missing, log: () => {} });
  await database.db.execute(sql`vacuum analyze`);
}
const [total] = await database.db.select({ value: count() }).from(products);
const visible = sql`${products.isVisible}`;
const [onePage] = await database.db
  .select({ id: products.id })
  .from(products)
  .where(visible)
  .orderBy(sql`${products.createdAt} desc`)
  .offset(500)
  .limit(1);
const productIds = (
  await database.db
    .select({ id: products.id })
    .from(products)
    .where(visible)
    .orderBy(sql`random()`)
    .limit(1000)
).map((row) => row.id);
const categoryRows = await database.db
  .select({ id: categories.id, level: categories.level })
  .from(categories)
  .orderBy(categories.level, categories.position, categories.id);
const [busiestStore] = await database.db
  .select({ id: stores.id })
  .from(stores)
  .innerJoin(products, sql`${products.storeId} = ${stores.id}`)
  .groupBy(stores.id)
  .orderBy(sql`count(*) desc`)
  .limit(1);
await database.close();

const sorts = ['newest', 'price_asc', 'price_desc', 'best_selling', 'top_rated'];
const levelParam = { 1: 'categoryId', 2: 'subCategoryId', 3: 'childCategoryId' } as Record<number, string>;
const categoryFilters = ['', ...categoryRows.map((row) => `&${levelParam[row.level]}=${row.id}`)];
const terms = [
  'rice',
  'garri',
  'shirt',
  'sandals',
  'speaker',
  'charger',
  'generator',
  'kaftan',
  'ankara',
  'smart tv',
  'phone',
  'power bank',
  'suya',
  'zobo',
  'malt',
  'sneakers',
  'cap',
  'leather bag',
  'inverter',
  'headphones',
];
const listing = '/api/products/customer/getallproducts';
const rotatingListing = sorts.flatMap((sort) =>
  categoryFilters
    .slice(0, 10)
    .flatMap((filter) =>
      Array.from(
        { length: 20 },
        (_, page) => `${listing}?sortBy=${sort}${filter}&limit=20&offset=${page * 20}`,
      ),
    ),
);
const rotatingSearch = terms.flatMap((term) =>
  ['', '&sortBy=price_asc'].flatMap((sort) =>
    Array.from(
      { length: 10 },
      (_, page) => `${listing}?search=${encodeURIComponent(term)}${sort}&limit=20&offset=${page * 20}`,
    ),
  ),
);

/**
 * Cold listing pages: every (sort, category filter, offset) at most once in this server's life, visited in a
 * scattered order so neighbouring requests are not neighbouring pages.
 */
const coldSpace = sorts.length * categoryFilters.length * 5001;
const coldStep = 2_654_435_761 % coldSpace;
let coldNext = 1;
function coldPaths(how: number): string[] {
  const paths: string[] = [];
  for (let index = 0; index < how; index += 1) {
    const key = (coldNext * coldStep) % coldSpace;
    coldNext += 1;
    const offset = key % 5001;
    const rest = Math.floor(key / 5001);
    const filter = categoryFilters[rest % categoryFilters.length];
    const sort = sorts[Math.floor(rest / categoryFilters.length)];
    paths.push(`${listing}?sortBy=${sort}${filter}&limit=20&offset=${offset}`);
  }
  return paths;
}

/**
 * Cold price filters: a price range (naira) never asked before, first page, in each sort in turn: a new filter, so
 * its total is counted too (issue 32 item 4: "any new filter counts").
 */
const filterSpace = 45_000 * 20;
let filterNext = 1;
function coldFilterPaths(how: number): string[] {
  const paths: string[] = [];
  for (let index = 0; index < how; index += 1) {
    const key = (filterNext * 2_654_435_761) % filterSpace;
    filterNext += 1;
    const minPrice = 50 + (key % 45_000);
    const maxPrice = minPrice + 1_000 + Math.floor(key / 45_000) * 500;
    const sort = sorts[filterNext % sorts.length];
    paths.push(`${listing}?minPrice=${minPrice}&maxPrice=${maxPrice}&sortBy=${sort}&limit=20`);
  }
  return paths;
}

/**
 * Cold searches: (words, sort, offset) never asked before, as cold listings are (sort, category, offset): each word
 * of the seeded products' names, and pairs that name products (an adjective or a colour with a word of a noun),
 * by relevance or one of the five sorts, offsets 0 to 480.
 */
const searchSorts = ['', ...sorts.map((sort) => `&sortBy=${sort}`)];
const searchSpace = searchTerms.length * searchSorts.length * 25;
let searchNext = 1;
function coldSearchPaths(how: number): string[] {
  const paths: string[] = [];
  for (let index = 0; index < how; index += 1) {
    const key = (searchNext * 2_654_435_761) % searchSpace;
    searchNext += 1;
    const offset = (key % 25) * 20;
    const rest = Math.floor(key / 25);
    const sort = searchSorts[rest % searchSorts.length];
    const term = searchTerms[Math.floor(rest / searchSorts.length)]!;
    paths.push(`${listing}?search=${encodeURIComponent(term)}${sort}&limit=20&offset=${offset}`);
  }
  return paths;
}

const coldGenerators: Record<string, (how: number) => string[]> = {
  'cold-listing': coldPaths,
  'cold-filter': coldFilterPaths,
  'cold-search': coldSearchPaths,
};

interface Case {
  key: string;
  title: string;
  paths: () => string[];
  mode: 'random' | 'sequence' | 'windows';
}
const cases: Case[] = [
  { key: 'listing', title: 'cached listing (one URL)', paths: () => [listing], mode: 'random' },
  {
    key: 'product',
    title: 'cached product (one URL)',
    paths: () => [`/api/products/customer/product/${onePage!.id}`],
    mode: 'random',
  },
  {
    key: 'search',
    title: 'cached search (one term)',
    paths: () => [`${listing}?search=rice`],
    mode: 'random',
  },
  {
    key: 'rotating-listing',
    title: 'rotating listing (1,000)',
    paths: () => rotatingListing,
    mode: 'random',
  },
  { key: 'rotating-search', title: 'rotating search (400)', paths: () => rotatingSearch, mode: 'random' },
  {
    key: 'rotating-expiry',
    title: 'rotating listing (1,000) over expiries',
    paths: () => rotatingListing,
    mode: 'windows',
  },
  {
    key: 'rotating-product',
    title: 'rotating product (1,000)',
    paths: () => productIds.map((id) => `/api/products/customer/product/${id}`),
    mode: 'random',
  },
  { key: 'cold-listing', title: 'cold listing (never asked)', paths: () => [], mode: 'sequence' },
  { key: 'cold-filter', title: 'cold price filter (new range)', paths: () => [], mode: 'sequence' },
  { key: 'cold-search', title: 'cold search (never asked)', paths: () => [], mode: 'sequence' },
  {
    key: 'storefront',
    title: 'storefront JSON (store catalog)',
    paths: () => [`/api/products?storeId=${busiestStore!.id}`],
    mode: 'random',
  },
].filter((entry) => (wanted ? wanted.includes(entry.key) : entry.mode !== 'windows')) as Case[];

// ---------- processes ----------
function cpuTicks(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const databaseName = new URL(databaseUrl).pathname.slice(1);
/** CPU ticks of each PostgreSQL backend serving the bench database (their process titles name it). */
function databaseTicks(): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres: ') && title.includes(` ${databaseName} `))
        ticks.set(Number(entry), cpuTicks(Number(entry)));
    } catch {
      // The process ended while we looked.
    }
  }
  return ticks;
}

function firstLine(child: ChildProcess, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString();
      const end = buffered.indexOf('\n');
      if (end >= 0) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve(buffered.slice(0, end));
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}) before it was ready`)));
  });
}

// Beside the checkout's own bundle (dist/ is not committed), where node finds the server's dependencies.
const bundle = path.join(serverDir, 'dist', `reads-bench-${process.pid}.js`);
execFileSync(process.execPath, [path.join(serverDir, 'build.mjs'), bundle], { stdio: 'inherit' });
const appPort = 20_000 + Math.floor(Math.random() * 20_000);
const metricsPort = appPort + 1;
const appProcess = spawn(
  process.execPath,
  [...(cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : []), bundle],
  {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(appPort),
      METRICS_PORT: String(metricsPort),
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      REDIS_URL: '',
      MALLOC_ARENA_MAX: '2',
    },
    // The request log is written as in production; to /dev/null, so a pipe's back-pressure is not measured.
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
// A bench that fails half-way must not leave its servers running.
const children: ChildProcess[] = [appProcess];
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});
const appBase = `http://127.0.0.1:${appPort}`;
for (let attempt = 0; ; attempt += 1) {
  if (appProcess.exitCode !== null) throw new Error('the server exited before it was ready');
  const ready = await fetch(`${appBase}/api/products/customer/getallproducts?limit=1`).then(
    (response) => response.ok,
    () => false,
  );
  if (ready) break;
  if (attempt > 600) throw new Error('the server did not answer within 60 s');
  await new Promise((resolve) => setTimeout(resolve, 100));
}
// Searches are the search index's once it has loaded (ADR 116; PostgreSQL's until then, and with
// CATALOG_SEARCH_INDEX=off): the runs start when it has, and the bench says how long that took.
const loadStarted = performance.now();
// A search starts the load if listening has not (it has: the server listens).
await fetch(`${appBase}/api/products/customer/getallproducts?search=start&limit=1`).catch(() => undefined);
for (let attempt = 0; ; attempt += 1) {
  const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
    (response) => response.text(),
    () => '',
  );
  const held = /^catalog_search_index_products (\S+)$/m.exec(scraped)?.[1];
  if (held === undefined && scraped !== '') break;
  if (held !== undefined && Number(held) >= 0) {
    console.log(
      `search index: ${held} products, ready ${((performance.now() - loadStarted) / 1000).toFixed(1)} s after the first answer`,
    );
    break;
  }
  if (attempt > 1200) throw new Error('the search index did not load within 120 s');
  await new Promise((resolve) => setTimeout(resolve, 100));
}

interface Recorded {
  path: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}
// A connection each (agent: false): a kept-alive socket the server closed during a long run would hang up.
const skippedHeaders = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
function record(urlPath: string): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    http
      .get(
        `${appBase}${urlPath}`,
        { headers: { 'accept-encoding': 'br, gzip' }, agent: false },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const headers: Record<string, string> = {};
            for (const [name, value] of Object.entries(response.headers))
              if (!skippedHeaders.has(name) && value !== undefined) headers[name] = String(value);
            resolve({
              path: urlPath,
              status: response.statusCode ?? 0,
              headers,
              body: Buffer.concat(chunks).toString('base64'),
            });
          });
        },
      )
      .on('error', reject);
  });
}

// Every path of every mix once (which also warms the app's cache, as traffic would), then the bare server.
const recorded: Recorded[] = [];
for (const entry of cases) for (const urlPath of entry.paths()) recorded.push(await record(urlPath));
// Each cold mix's own recorded answers, for the bare server to send in turn (it tells the mixes by their query).
const fallbacks: Record<string, Recorded[]> = {};
for (const entry of cases) {
  const generate = coldGenerators[entry.key];
  if (!generate) continue;
  const kind = entry.key.replace('cold-', '');
  fallbacks[kind] = [];
  for (const urlPath of generate(300)) fallbacks[kind].push(await record(urlPath));
}
const fallback = Object.values(fallbacks).flat();
const failed = [...recorded, ...fallback].filter((answer) => answer.status !== 200);
if (failed.length > 0)
  throw new Error(`not 200: ${failed.slice(0, 3).map((answer) => `${answer.path} ${answer.status}`)}`);
const answersFile = path.join(scratch, 'answers.json');
fs.writeFileSync(
  answersFile,
  JSON.stringify({ paths: recorded, fallback: fallback.length ? fallback : recorded, fallbacks }),
);
const bareProcess = spawn(process.execPath, [path.join(here, 'bare-server.mjs'), answersFile], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
children.push(bareProcess);
const barePort = (JSON.parse(await firstLine(bareProcess, 'the bare server')) as { port: number }).port;

// ---------- runs ----------
interface Run {
  rps: number;
  p99: number;
  cpuPerRequest: number;
  /** PostgreSQL's CPU for the app's runs (the bare server asks it nothing). */
  databaseCpuPerRequest: number;
  errors: number;
  timeouts: number;
  wrapped: number;
  /** The response cache's answers by kind (x-cache), counted by wrk/paths-by-cache.lua. */
  cache?: { hits: number; stale: number; misses: number };
}
function wrk(
  port: number,
  pathsFile: string,
  mode: string,
  pid: number,
  options: { seconds?: number; script?: string } = {},
): Run {
  const before = cpuTicks(pid);
  const databaseBefore = databaseTicks();
  const output = execFileSync(
    'wrk',
    [
      `-t${wrkThreads}`,
      `-c${connections}`,
      `-d${options.seconds ?? seconds}s`,
      '-s',
      path.join(here, options.script ?? 'wrk/paths.lua'),
      `http://127.0.0.1:${port}`,
      '--',
      pathsFile,
      mode,
      String(wrkThreads),
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  ).toString();
  const ticks = cpuTicks(pid) - before;
  let databaseSpent = 0;
  for (const [backend, now] of databaseTicks()) databaseSpent += now - (databaseBefore.get(backend) ?? 0);
  const line = output.split('\n').find((text) => text.startsWith('WRK '));
  if (!line) throw new Error(`wrk said:\n${output}`);
  const result = JSON.parse(line.slice(4)) as Record<string, number>;
  const requests = result.requests!;
  return {
    rps: requests / (result.duration_us! / 1e6),
    p99: result.p99_us! / 1000,
    cpuPerRequest: ((ticks / clockTicks) * 1000) / Math.max(1, requests),
    databaseCpuPerRequest: ((databaseSpent / clockTicks) * 1000) / Math.max(1, requests),
    errors: result.connect! + result.read! + result.write! + result.status!,
    timeouts: result.timeout!,
    wrapped: result.wrapped!,
    ...(/^CACHE (.+)$/m.test(output)
      ? { cache: JSON.parse(/^CACHE (.+)$/m.exec(output)![1]!) as NonNullable<Run['cache']> }
      : {}),
  };
}

console.log(
  `${total?.value} products on PostgreSQL; server ${path.relative(process.cwd(), serverDir) || '.'}; wrk -t${wrkThreads} -c${connections} -d${seconds}s, ${rounds} rounds app/bare interleaved, Accept-Encoding: br, gzip`,
);
console.log(
  `${'read'.padEnd(32)} ${'app req/s'.padStart(9)} ${'bare req/s'.padStart(10)} ${'share'.padStart(6)} ${'app p99'.padStart(8)} ${'bare p99'.padStart(8)} ${'app CPU/req'.padStart(11)} ${'bare CPU/req'.padStart(12)} ${'db CPU/req'.padStart(10)}  errors`,
);
const summary: Record<string, unknown>[] = [];
const windowCount = Number(process.env.BENCH_WINDOWS ?? 12);
const windowSeconds = Number(process.env.BENCH_WINDOW_SECONDS ?? 15);
/**
 * Rotating reads without a pause over several expiries (ADR 110): the app for every window back to back, then the
 * bare server as long; each window's share of bare is its app req/s over the bare's in the same window of its run.
 */
function runWindows(entry: Case) {
  const pathsFile = path.join(scratch, `${entry.key}.txt`);
  fs.writeFileSync(pathsFile, `${entry.paths().join('\n')}\n`);
  const options = { seconds: windowSeconds, script: 'wrk/paths-by-cache.lua' };
  const load = () => os.loadavg()[0]!.toFixed(1);
  const appRuns: (Run & { load: string })[] = [];
  for (let window = 0; window < windowCount; window += 1)
    appRuns.push({ ...wrk(appPort, pathsFile, 'random', appProcess.pid!, options), load: load() });
  const bareRuns: Run[] = [];
  for (let window = 0; window < windowCount; window += 1)
    bareRuns.push(wrk(barePort, pathsFile, 'random', bareProcess.pid!, options));
  console.log(
    `\n${entry.title}: ${windowCount} windows of ${windowSeconds} s, app then bare (answers fresh 27–30 s, then stale up to 30 s while recomputed)`,
  );
  console.log(
    '| window | app req/s | bare req/s | share | app p99 | app CPU/req | db CPU/req | bare CPU/req | hit / stale / miss | timeouts | load |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  appRuns.forEach((app, index) => {
    const bare = bareRuns[index]!;
    const cache = app.cache ?? { hits: 0, stale: 0, misses: 0 };
    console.log(
      `| ${index * windowSeconds}–${(index + 1) * windowSeconds} s | ${app.rps.toFixed(0)} | ${bare.rps.toFixed(0)} | ${((app.rps / bare.rps) * 100).toFixed(1)}% | ${app.p99.toFixed(0)} ms | ${app.cpuPerRequest.toFixed(3)} ms | ${app.databaseCpuPerRequest.toFixed(3)} ms | ${bare.cpuPerRequest.toFixed(3)} ms | ${cache.hits} / ${cache.stale} / ${cache.misses} | ${app.timeouts} | ${app.load} |`,
    );
  });
  const shares = appRuns.map((app, index) => (app.rps / bareRuns[index]!.rps) * 100);
  console.log(
    `share of bare: lowest window ${Math.min(...shares).toFixed(1)}%, highest ${Math.max(...shares).toFixed(1)}%; misses inside requests: ${appRuns.reduce((sum, run) => sum + (run.cache?.misses ?? 0), 0)}`,
  );
  summary.push({ key: entry.key, windows: appRuns.map((app, index) => ({ app, bare: bareRuns[index] })) });
}
for (const entry of cases) {
  if (entry.mode === 'windows') {
    for (const urlPath of entry.paths()) await record(urlPath);
    runWindows(entry);
    continue;
  }
  const appRuns: Run[] = [];
  const bareRuns: Run[] = [];
  // The rotating and cached mixes run warm, as under steady traffic (entries live 30 s, so runs renew them).
  for (const urlPath of entry.paths()) await record(urlPath);
  for (let round = 0; round < rounds; round += 1) {
    const pathsFile = path.join(scratch, `${entry.key}-${round}.txt`);
    // A cold run gets pages no run asked before, more than it can answer in its seconds.
    const lines = entry.mode === 'sequence' ? coldGenerators[entry.key]!(4000 * seconds) : entry.paths();
    fs.writeFileSync(pathsFile, `${lines.join('\n')}\n`);
    appRuns.push(wrk(appPort, pathsFile, entry.mode, appProcess.pid!));
    bareRuns.push(wrk(barePort, pathsFile, entry.mode, bareProcess.pid!));
  }
  const mean = (runs: Run[], pick: (run: Run) => number) =>
    runs.reduce((sum, run) => sum + pick(run), 0) / runs.length;
  const appRps = mean(appRuns, (run) => run.rps);
  const bareRps = mean(bareRuns, (run) => run.rps);
  const appP99 = Math.max(...appRuns.map((run) => run.p99));
  const bareP99 = Math.max(...bareRuns.map((run) => run.p99));
  const appCpu = mean(appRuns, (run) => run.cpuPerRequest);
  const bareCpu = mean(bareRuns, (run) => run.cpuPerRequest);
  const databaseCpu = mean(appRuns, (run) => run.databaseCpuPerRequest);
  const errors = appRuns.reduce((sum, run) => sum + run.errors, 0);
  const timeouts = appRuns.reduce((sum, run) => sum + run.timeouts, 0);
  const wrapped = appRuns.reduce((sum, run) => sum + run.wrapped, 0);
  console.log(
    `${entry.title.padEnd(32)} ${appRps.toFixed(0).padStart(9)} ${bareRps.toFixed(0).padStart(10)} ${`${((appRps / bareRps) * 100).toFixed(1)}%`.padStart(6)} ${`${appP99.toFixed(0)} ms`.padStart(8)} ${`${bareP99.toFixed(0)} ms`.padStart(8)} ${`${appCpu.toFixed(3)} ms`.padStart(11)} ${`${bareCpu.toFixed(3)} ms`.padStart(12)} ${`${databaseCpu.toFixed(3)} ms`.padStart(10)}  ${errors} errors, ${timeouts} timeouts${wrapped ? `, ${wrapped} paths repeated` : ''}   [runs: ${appRuns.map((run) => run.rps.toFixed(0)).join(' ')} | ${bareRuns.map((run) => run.rps.toFixed(0)).join(' ')}]`,
  );
  summary.push({
    key: entry.key,
    appRps,
    bareRps,
    appP99,
    bareP99,
    appCpu,
    bareCpu,
    databaseCpu,
    errors,
    timeouts,
  });
}

bareProcess.kill('SIGTERM');
appProcess.kill('SIGINT');
await new Promise((resolve) => appProcess.once('exit', resolve));
fs.rmSync(scratch, { recursive: true, force: true });
for (const file of [bundle, `${bundle}.map`]) fs.rmSync(file, { force: true });
if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(summary, null, 2));
