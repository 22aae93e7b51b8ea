// The search index's own cost (ADR 116): memory and load time at start, then the server CPU of answering the cold
// search mix of reads-vs-bare.bench.ts from memory (words' lexemes asked of PostgreSQL once each, then the matches
// and the page's ids), by kind (one word / two words × sort). PostgreSQL's part of a page (its cards by key) is not
// here: reads-vs-bare measures the whole.
//
// Run: DATABASE_URL=… npx tsx bench/search-index.bench.ts        Env: BENCH_REQUESTS (4000)
import { type ProductSort, productSorts } from '@market/contracts';
import pino from 'pino';
import { createSearchIndex } from '../apps/server/src/modules/catalog/search-index/search-index.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { searchTerms } from './cold-search-terms.js';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench100k';
const requests = Number(process.env.BENCH_REQUESTS ?? 4000);
const database = await openDatabase({ driver: 'postgres', url: databaseUrl, max: 1 });
const index = createSearchIndex(database.db, pino({ level: 'silent' }));

const heapBefore = process.memoryUsage();
const loadCpu = process.cpuUsage();
const loadStarted = performance.now();
await index.start();
const loaded = process.cpuUsage(loadCpu);
globalThis.gc?.();
const heapAfter = process.memoryUsage();
console.log(
  `loaded ${index.size} products in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s wall, ` +
    `${((loaded.user + loaded.system) / 1e6).toFixed(1)} s CPU; heap +${((heapAfter.heapUsed - heapBefore.heapUsed) / 2 ** 20).toFixed(0)} MiB, ` +
    `typed arrays +${((heapAfter.arrayBuffers - heapBefore.arrayBuffers) / 2 ** 20).toFixed(0)} MiB, ` +
    `RSS +${((heapAfter.rss - heapBefore.rss) / 2 ** 20).toFixed(0)} MiB (${globalThis.gc ? 'after a GC' : 'run with --expose-gc for a GC first'})`,
);

// Relevance (no sort asked) and every sort customers can pick.
const sorts: (ProductSort | undefined)[] = [undefined, ...productSorts];
// Every term's lexemes asked once first (as a server asks a word's first search), so the rest is memory alone.
for (const term of searchTerms) await index.match(term);
const byClass = new Map<string, { ms: number; n: number; matches: number }>();
let next = 1;
for (let request = 0; request < requests; request += 1) {
  const key = (next * 2_654_435_761) % (searchTerms.length * sorts.length * 25);
  next += 1;
  const offset = (key % 25) * 20;
  const rest = Math.floor(key / 25);
  const sort = sorts[rest % sorts.length];
  const term = searchTerms[Math.floor(rest / sorts.length)]!;
  const started = process.cpuUsage();
  const matches = (await index.match(term)) ?? new Int32Array(0);
  if (sort) index.page(matches, sort, offset, 20);
  else index.first(matches, Math.ceil((offset + 20) / 200) * 200);
  const spent = process.cpuUsage(started);
  const name = `${term.includes(' ') ? 'two words' : 'one word'} ${sort ?? 'relevance'}`;
  const entry = byClass.get(name) ?? { ms: 0, n: 0, matches: 0 };
  entry.ms += (spent.user + spent.system) / 1000;
  entry.n += 1;
  entry.matches += matches.length;
  byClass.set(name, entry);
}
let total = 0;
for (const [name, { ms, n, matches }] of [...byClass].sort()) {
  total += ms;
  console.log(
    `  ${name.padEnd(24)} ${(ms / n).toFixed(3)} ms/request over ${n}, ${Math.round(matches / n)} matches`,
  );
}
console.log(
  `memory part of a cold search: ${(total / requests).toFixed(3)} ms of CPU per request (${requests} requests)`,
);
index.stop();
await database.close();
