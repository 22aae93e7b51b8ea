// The database side of the cold reads alone (ADR 114, amended): the storefront's own listing function (page,
// estimate, bounded count, totals cached 15 s as in the server) called in this process on one PostgreSQL connection,
// for the same never-asked requests as bench/reads-vs-bare.bench.ts's cold mixes, and the CPU that connection's
// backend spent (utime + stime from /proc, 10 ms ticks) divided by the requests. No HTTP, no compression, no other
// backend of the database counted: on a loaded machine it moves far less than the whole-server bench, which counts
// every backend of the bench database and the server's idle work over the requests it managed to answer.
//
// Run: DATABASE_URL=… npx tsx bench/cold-statements.bench.ts
// Env: BENCH_CASES (cold-listing,cold-filter,cold-search), BENCH_REQUESTS (per case, 2000), BENCH_SERVER_DIR (an
//      apps/server directory whose storefront and database code to run instead of this checkout's: before/after),
//      BENCH_CLASSES (set: also the backend's CPU per request by kind, no words / one word / two words × sort).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CustomerProductsQuery } from '@market/contracts';
import { sql } from 'drizzle-orm';
import { searchTerms } from './cold-search-terms.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(process.env.BENCH_SERVER_DIR ?? path.join(here, '../apps/server'));
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench100k';
const requests = Number(process.env.BENCH_REQUESTS ?? 2000);
const wanted = (process.env.BENCH_CASES ?? 'cold-listing,cold-filter,cold-search').split(',');
const clockTicks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

type Listings = typeof import('../apps/server/src/modules/catalog/storefront.listings.js');
type Repository = typeof import('../apps/server/src/modules/catalog/products-listing.repository.js');
type Client = typeof import('../apps/server/src/platform/db/client.js');
const from = (file: string) => pathToFileURL(path.join(serverDir, 'src', file)).href;
const listings = (await import(from('modules/catalog/storefront.listings.ts'))) as Listings;
const repository = (await import(from('modules/catalog/products-listing.repository.ts'))) as Repository;
const client = (await import(from('platform/db/client.ts'))) as Client;

const database = await client.openDatabase({ driver: 'postgres', url: databaseUrl, max: 1 });
const { db } = database;
const backend = (
  (await db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }
).rows[0]!.pid;
const categoryRows = (
  (await db.execute(sql`select id, level from categories order by level, position, id`)) as unknown as {
    rows: { id: string; level: number }[];
  }
).rows;

/** The backend's CPU so far, in ms (the same connection throughout: the pool holds one). */
function backendCpuMs(): number {
  const fields = fs.readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
}

// The cold mixes of reads-vs-bare.bench.ts, as queries (the same sequences from the same starting points).
const sorts = ['newest', 'price_asc', 'price_desc', 'best_selling', 'top_rated'] as const;
type Sort = (typeof sorts)[number];
const levelParam = { 1: 'categoryId', 2: 'subCategoryId', 3: 'childCategoryId' } as const;
const categoryFilters: Partial<CustomerProductsQuery>[] = [
  {},
  ...categoryRows.map((row) => ({ [levelParam[row.level as 1 | 2 | 3]]: row.id })),
];
const searchSorts: (Sort | undefined)[] = [undefined, ...sorts];

function coldQueries(kind: string, how: number): CustomerProductsQuery[] {
  const queries: CustomerProductsQuery[] = [];
  const base = { limit: 20, offset: 0 } as CustomerProductsQuery;
  for (let next = 1; next <= how; next += 1) {
    if (kind === 'cold-listing') {
      const space = sorts.length * categoryFilters.length * 5001;
      const key = (next * (2_654_435_761 % space)) % space;
      const rest = Math.floor(key / 5001);
      queries.push({
        ...base,
        ...categoryFilters[rest % categoryFilters.length],
        sortBy: sorts[Math.floor(rest / categoryFilters.length)],
        offset: key % 5001,
      });
    } else if (kind === 'cold-filter') {
      const key = (next * 2_654_435_761) % (45_000 * 20);
      const minPrice = 50 + (key % 45_000);
      queries.push({
        ...base,
        minPrice,
        maxPrice: minPrice + 1_000 + Math.floor(key / 45_000) * 500,
        sortBy: sorts[(next + 1) % sorts.length],
      });
    } else {
      const space = searchTerms.length * searchSorts.length * 25;
      const key = (next * 2_654_435_761) % space;
      const rest = Math.floor(key / 25);
      const sortBy = searchSorts[rest % searchSorts.length];
      queries.push({
        ...base,
        search: searchTerms[Math.floor(rest / searchSorts.length)],
        ...(sortBy ? { sortBy } : {}),
        offset: (key % 25) * 20,
      });
    }
  }
  return queries;
}

console.log(`server code ${path.relative(process.cwd(), serverDir) || '.'}; ${requests} requests per case`);
for (const kind of wanted) {
  const ctx = {
    deps: { config: { catalog: { exactCountUpTo: 1000 } }, now: () => new Date() },
    db,
    statements: repository.createCatalogStatements(db),
    counts: new Map(),
  } as unknown as Parameters<Listings['list']>[0];
  const queries = coldQueries(kind, requests);
  // The first 50 prepare the shapes' statements, as a server's first requests do; not counted.
  for (const query of queries.slice(0, 50)) await listings.list(ctx, query);
  const cpu0 = backendCpuMs();
  const own0 = process.cpuUsage();
  const started = performance.now();
  const byClass = new Map<string, { ms: number; n: number }>();
  for (const query of queries.slice(50)) {
    const before = process.env.BENCH_CLASSES ? backendCpuMs() : 0;
    await listings.list(ctx, query);
    if (process.env.BENCH_CLASSES) {
      const name = `${query.search === undefined ? 'no words' : query.search.includes(' ') ? 'two words' : 'one word'} ${query.sortBy ?? 'relevance'}`;
      const entry = byClass.get(name) ?? { ms: 0, n: 0 };
      entry.ms += backendCpuMs() - before;
      entry.n += 1;
      byClass.set(name, entry);
    }
  }
  for (const [name, { ms, n }] of [...byClass].sort())
    console.log(`  ${name.padEnd(24)} ${(ms / n).toFixed(2)} ms/request over ${n}`);
  const wall = performance.now() - started;
  const own = process.cpuUsage(own0);
  const counted = queries.length - 50;
  const pg = (backendCpuMs() - cpu0) / counted;
  const node = (own.user + own.system) / 1000 / counted;
  console.log(
    `${kind.padEnd(14)} PostgreSQL ${pg.toFixed(3)} ms/request, this process ${node.toFixed(3)} ms/request, ` +
      `wall ${(wall / counted).toFixed(2)} ms/request (${counted} requests)`,
  );
}
await database.close();
