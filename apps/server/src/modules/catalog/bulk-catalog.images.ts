import { BULK_CATALOG_MAX_IMAGE_URLS, type BulkCatalogProblem } from '@market/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import {
  checkedTarget,
  FetchRefused,
  type GuardedFetchOptions,
  guardedFetch,
} from '../../platform/guarded-fetch.js';
import { MAX_IMAGE_BYTES } from '../../platform/storage/storage.js';
import type { CatalogRead, CatalogRecord } from './bulk-catalog.rows.js';
import { catalogImageImports } from './catalog.schema.js';

// Product images named by address in a spreadsheet (ADR 077): fetched by the guarded fetcher, checked and resized by
// the image uploader's own pipeline (media.saveImage), and remembered per store by address so the same file twice
// fetches nothing and changes nothing.

/** The fetcher's limits for product images: the uploader's size limit, 10 s per image. */
export const IMAGE_FETCH: GuardedFetchOptions = { maxBytes: MAX_IMAGE_BYTES, timeoutMs: 10_000 };
/** Images fetched at once: a file of 300 addresses takes a while, but never floods a host or the machine. */
const FETCHES_AT_ONCE = 4;

interface UrlUse {
  url: string;
  record: CatalogRecord;
}

/** Each row's addresses, and the problems of the cells themselves (both columns filled, too many addresses). */
function urlUses(read: CatalogRead): { uses: UrlUse[]; problems: BulkCatalogProblem[] } {
  const uses: UrlUse[] = [];
  const problems: BulkCatalogProblem[] = [];
  for (const record of read.file?.records ?? []) {
    const cell = record.cells.image_urls ?? '';
    if (cell === '') continue;
    if ((record.cells.images ?? '') !== '') {
      problems.push({
        row: record.row,
        column: 'image_urls',
        message: 'Fill images or image_urls, not both',
      });
      continue;
    }
    for (const url of cell.split(/\s+/).filter(Boolean)) uses.push({ url, record });
  }
  if (new Set(uses.map((use) => use.url)).size > BULK_CATALOG_MAX_IMAGE_URLS)
    problems.push({
      row: 1,
      column: 'image_urls',
      message: `A file may name at most ${BULK_CATALOG_MAX_IMAGE_URLS} image addresses`,
    });
  return { uses, problems };
}

/**
 * Stores an image through the uploader's pipeline (content, size and pixel checks, resizing) and remembers it for
 * the store under its source; answers the stored image's URL. Two applies of one file at once: the first stored
 * copy wins and both use it.
 */
export async function rememberImage(
  deps: Pick<Deps, 'db' | 'media'>,
  storeId: string,
  uploaderId: string,
  sourceKey: string,
  bytes: Buffer,
): Promise<string> {
  const image = await deps.media.saveImage(deps.db, uploaderId, bytes, 'product-image');
  const [kept] = await deps.db
    .insert(catalogImageImports)
    .values({ storeId, sourceKey, imageUrl: image.url })
    .onConflictDoUpdate({
      target: [catalogImageImports.storeId, catalogImageImports.sourceKey],
      set: { sourceKey },
    })
    .returning({ imageUrl: catalogImageImports.imageUrl });
  return kept!.imageUrl;
}

/** The store's images already brought in, by source key. */
export async function knownImages(
  deps: Pick<Deps, 'db'>,
  storeId: string,
  sourceKeys: string[],
): Promise<Map<string, string>> {
  if (sourceKeys.length === 0) return new Map();
  const rows = await deps.db
    .select({ sourceKey: catalogImageImports.sourceKey, imageUrl: catalogImageImports.imageUrl })
    .from(catalogImageImports)
    .where(and(eq(catalogImageImports.storeId, storeId), inArray(catalogImageImports.sourceKey, sourceKeys)));
  return new Map(rows.map((row) => [row.sourceKey, row.imageUrl]));
}

/** Runs `work` over the items, `limit` at a time. */
export async function eachAtMost<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

function problemsFor(uses: UrlUse[], failures: Map<string, string>): BulkCatalogProblem[] {
  return uses
    .filter((use) => failures.has(use.url))
    .map((use) => ({
      row: use.record.row,
      column: 'image_urls',
      message: `${use.url}: ${failures.get(use.url)}`,
    }));
}

/**
 * The dry run's check: every address is https and resolves to public addresses only. Nothing is downloaded, so a
 * file that passes may still fail on apply if a host answers badly (then nothing is written either).
 */
export async function checkImageUrls(
  read: CatalogRead,
  options: GuardedFetchOptions = IMAGE_FETCH,
): Promise<BulkCatalogProblem[]> {
  const { uses, problems } = urlUses(read);
  if (problems.some((problem) => problem.row === 1)) return problems;
  const failures = new Map<string, string>();
  await eachAtMost([...new Set(uses.map((use) => use.url))], FETCHES_AT_ONCE, async (url) => {
    try {
      await checkedTarget(url, options);
    } catch (error) {
      if (error instanceof FetchRefused) failures.set(url, error.message);
      else throw error;
    }
  });
  return [...problems, ...problemsFor(uses, failures)];
}

/**
 * Before the apply's transaction: brings in every address not yet stored for this store, then writes the stored
 * images' URLs into each row's `images`. Answers the problems (nothing of the products is written when there are)
 * and the URLs that are the store's own imports, which the ownership check of `images` accepts whoever uploads.
 */
export async function importImageUrls(
  deps: Pick<Deps, 'db' | 'media'>,
  storeId: string,
  uploaderId: string,
  read: CatalogRead,
  options: GuardedFetchOptions = IMAGE_FETCH,
): Promise<{ problems: BulkCatalogProblem[]; storeImages: Set<string> }> {
  const { uses, problems } = urlUses(read);
  if (problems.length > 0 || uses.length === 0) return { problems, storeImages: new Set() };
  const urls = [...new Set(uses.map((use) => use.url))];
  const keyOf = (url: string) => `url:${url}`;
  const known = await knownImages(deps, storeId, urls.map(keyOf));
  const stored = new Map([...known].map(([key, imageUrl]) => [key.slice('url:'.length), imageUrl]));
  const failures = new Map<string, string>();
  await eachAtMost(
    urls.filter((url) => !stored.has(url)),
    FETCHES_AT_ONCE,
    async (url) => {
      try {
        const bytes = await guardedFetch(url, options);
        stored.set(url, await rememberImage(deps, storeId, uploaderId, keyOf(url), bytes));
      } catch (error) {
        if (error instanceof FetchRefused) failures.set(url, error.message);
        else if (error instanceof AppError) failures.set(url, error.message);
        else throw error;
      }
    },
  );
  if (failures.size > 0) return { problems: problemsFor(uses, failures), storeImages: new Set() };
  for (const record of new Set(uses.map((use) => use.record))) {
    record.cells.images = (record.cells.image_urls ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((url) => stored.get(url)!)
      .join(' ');
  }
  read.file?.columns.add('images');
  return { problems: [], storeImages: new Set(stored.values()) };
}
