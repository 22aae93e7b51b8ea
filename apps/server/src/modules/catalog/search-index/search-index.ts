import type { ProductSort } from '@market/contracts';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../../platform/db/client.js';
import { rowsOf } from '../../../platform/db/rows-of.js';
import { productWriteGeneration } from '../products.repository.js';
import { type IndexedProduct, SearchPostings } from './postings.js';

// A search engine's core beside PostgreSQL, in each server process (ADR 116): which listed products carry every word
// of a search, and their order in any sort, answered from memory; PostgreSQL then reads only the page's cards by key.
// A search sorted by a column had to fetch every match from the table and sort them (10–14 ms of PostgreSQL per page
// at 1M products); the GIN index cannot hand matches over in a column's order.
//
// It follows the products table: loaded once in the background (searches use PostgreSQL until then), then, before a
// search after any catalog change or a second of quiet, the rows stamped since by their transaction (migration 0055).
// Searches it cannot answer as PostgreSQL would (or, not, phrases, other filters) stay with PostgreSQL.

/**
 * Rows per statement while loading or catching up: each batch is decoded and indexed on the event loop in one go
 * (about 12 ms for 1,000 rows), so requests wait at most that long behind the load.
 */
const BATCH = 1_000;
/** Without a catalog change heard, the index asks for changed rows at most this long after it last asked. */
const QUIET_REFRESH_MS = 1_000;
/** Searches whose words are remembered (each asks PostgreSQL once for its lexemes). */
const REMEMBERED_SEARCHES = 10_000;
/** Matches remembered until the index changes (a search asked again in another order or page), 4 bytes each. */
const REMEMBERED_MATCHES = 4_000_000;

interface ProductRow {
  id: string;
  lexemes: string[] | null;
  visible: boolean;
  createdMicros: string;
  price: string;
  sales: number;
  ratingHundredths: number;
  ratingCount: number;
}

/** A changed row, with the transaction that stamped it (the next batch starts after it). */
type ChangedRow = ProductRow & { xid: string };

/** The columns the index keeps, as one select list (the load and the catch-up read the same). */
const productColumns = sql.raw(`id, tsvector_to_array(search_vector) as lexemes, is_visible as visible,
  (extract(epoch from created_at) * 1000000)::bigint::text as "createdMicros", price_now_kobo::text as price,
  sales_count as sales, (rating_average * 100)::integer as "ratingHundredths", rating_count as "ratingCount"`);

function indexed(row: ProductRow): IndexedProduct {
  return {
    id: row.id,
    lexemes: row.lexemes ?? [],
    createdMicros: Number(row.createdMicros),
    priceKobo: Number(row.price),
    salesCount: row.sales,
    ratingHundredths: row.ratingHundredths,
    ratingCount: row.ratingCount,
  };
}

/**
 * The lexemes of `websearch_to_tsquery`'s answer when it is only words joined by "and" (`'premium' & 'bag'`); null for
 * anything else (or, not, phrases, nothing left after stop words), which PostgreSQL answers instead.
 */
export function conjunctionOf(tsquery: string): string[] | null {
  const lexemes: string[] = [];
  const word = /'((?:[^']|'')*)'/y;
  let at = 0;
  while (at < tsquery.length) {
    if (lexemes.length > 0) {
      if (!tsquery.startsWith(' & ', at)) return null;
      at += 3;
    }
    word.lastIndex = at;
    const found = word.exec(tsquery);
    if (!found) return null;
    lexemes.push(found[1]!.replaceAll("''", "'"));
    at = word.lastIndex;
  }
  return lexemes.length > 0 ? lexemes : null;
}

export interface SearchIndex {
  /** Starts loading (in the background; once, however often asked); searches are PostgreSQL's until it is done. */
  start(): Promise<void>;
  /** Something in the catalog changed: catch up before the next search. */
  changed(): void;
  /** The listed products matching the search, fresh; undefined when the index cannot answer it. */
  match(search: string): Promise<Int32Array | undefined>;
  page(matches: Int32Array, sort: ProductSort, offset: number, limit: number): string[];
  first(matches: Int32Array, count: number): string[];
  /** Listed products held, and whether the load is done. */
  readonly size: number;
  readonly ready: boolean;
  stop(): void;
}

class ProductSearchIndex implements SearchIndex {
  private readonly postings = new SearchPostings();
  private readonly searches = new Map<string, Promise<string[] | null>>();
  private readonly matched = new Map<string, { version: number; matches: Int32Array }>();
  private matchedHeld = 0;
  /** The oldest transaction running when the index last asked: rows stamped at or after it are asked again. */
  private from: string | undefined;
  private loaded = false;
  private stopped = false;
  private dirty = true;
  private askedAt = 0;
  /** This process's product write generation when the index last caught up (its writes move it). */
  private seenGeneration = -1;
  private catchingUp: Promise<void> | undefined;
  private starting: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}

  get size(): number {
    return this.postings.size;
  }

  get ready(): boolean {
    return this.loaded;
  }

  start(): Promise<void> {
    this.starting ??= this.load().catch((error: unknown) => {
      if (!this.stopped) this.logger.warn({ err: error }, 'search index did not load; searching PostgreSQL');
    });
    return this.starting;
  }

  changed(): void {
    this.dirty = true;
  }

  stop(): void {
    this.stopped = true;
  }

  async match(search: string): Promise<Int32Array | undefined> {
    if (!(await this.fresh())) return undefined;
    const lexemes = await this.lexemesOf(search);
    return lexemes ? this.matchesOf(lexemes) : undefined;
  }

  page(matches: Int32Array, sort: ProductSort, offset: number, limit: number): string[] {
    return this.postings.page(matches, sort, offset, limit);
  }

  first(matches: Int32Array, count: number): string[] {
    return this.postings.first(matches, count);
  }

  private apply(rows: ProductRow[]): void {
    for (const row of rows) {
      if (row.visible) this.postings.put(indexed(row));
      else this.postings.remove(row.id);
    }
  }

  private async load(): Promise<void> {
    const started = performance.now();
    const [snapshot] = rowsOf<{ from: string }>(
      await this.db.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as "from"`),
    );
    this.from = snapshot!.from;
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      if (this.stopped) return;
      const rows = rowsOf<ProductRow>(
        await this.db.execute(
          sql`select ${productColumns} from products where is_visible and id > ${after}::uuid order by id limit ${BATCH}`,
        ),
      );
      this.apply(rows);
      if (rows.length < BATCH) break;
      after = rows.at(-1)!.id;
    }
    this.postings.trim();
    this.loaded = true;
    // What changed while it loaded is asked for before the first search.
    this.dirty = true;
    this.logger.info(
      { products: this.postings.size, ms: Math.round(performance.now() - started) },
      'search index loaded',
    );
  }

  /** The rows stamped by transactions at or after the last snapshot's oldest running one, in batches. */
  private async catchUp(): Promise<void> {
    this.dirty = false;
    this.seenGeneration = productWriteGeneration();
    const asked = Date.now();
    const answered = rowsOf<ChangedRow & { next: string }>(
      await this.db.execute(sql`
        with snapshot as (select pg_snapshot_xmin(pg_current_snapshot())::text as next)
        select snapshot.next, changed.* from snapshot left join lateral (
          select ${productColumns}, search_xid::text as xid from products
          where search_xid >= ${this.from}::xid8 order by search_xid, id limit ${BATCH}
        ) changed on true`),
    );
    const next = answered[0]!.next;
    // No row changed: the one row is the snapshot's, the product's columns null.
    let rows: ChangedRow[] = answered[0]!.id === null ? [] : answered;
    this.apply(rows);
    while (rows.length === BATCH) {
      const last = rows.at(-1)!;
      rows = rowsOf<ChangedRow>(
        await this.db.execute(sql`
          select ${productColumns}, search_xid::text as xid from products
          where (search_xid, id) > (${last.xid}::xid8, ${last.id}::uuid) order by search_xid, id limit ${BATCH}`),
      );
      this.apply(rows);
    }
    this.from = next;
    this.askedAt = asked;
  }

  /**
   * Caught up with the database, unless it is not loaded or cannot be asked (then PostgreSQL answers). A server that
   * never listens (the tests' apps, answering through inject) starts loading at its first search.
   */
  private async fresh(): Promise<boolean> {
    if (!this.loaded) void this.start();
    if (!this.loaded || this.stopped) return false;
    if (productWriteGeneration() !== this.seenGeneration) this.dirty = true;
    if (!this.dirty && Date.now() - this.askedAt < QUIET_REFRESH_MS) return true;
    this.catchingUp ??= this.catchUp().finally(() => {
      this.catchingUp = undefined;
    });
    try {
      await this.catchingUp;
      return true;
    } catch (error) {
      this.dirty = true;
      this.logger.warn({ err: error }, 'search index could not catch up; searching PostgreSQL');
      return false;
    }
  }

  private lexemesOf(search: string): Promise<string[] | null> {
    let known = this.searches.get(search);
    if (!known) {
      if (this.searches.size >= REMEMBERED_SEARCHES) this.searches.delete(this.searches.keys().next().value!);
      known = this.db
        .execute(sql`select websearch_to_tsquery('english', ${search})::text as query`)
        .then((result) => conjunctionOf(rowsOf<{ query: string }>(result)[0]?.query ?? ''));
      this.searches.set(search, known);
      known.catch(() => this.searches.delete(search));
    }
    return known;
  }

  /** The words' matches, remembered while the index does not change. */
  private matchesOf(lexemes: string[]): Int32Array {
    const key = lexemes.join(' ');
    const known = this.matched.get(key);
    if (known?.version === this.postings.version) return known.matches;
    if (known) {
      this.matched.delete(key);
      this.matchedHeld -= known.matches.length;
    }
    const matches = this.postings.match(lexemes);
    this.matched.set(key, { version: this.postings.version, matches });
    this.matchedHeld += matches.length;
    for (const [name, entry] of this.matched) {
      if (this.matchedHeld <= REMEMBERED_MATCHES) break;
      this.matched.delete(name);
      this.matchedHeld -= entry.matches.length;
    }
    return matches;
  }
}

export function createSearchIndex(db: Db, logger: Logger): SearchIndex {
  return new ProductSearchIndex(db, logger);
}
