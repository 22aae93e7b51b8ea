import { type BulkCatalogProblem, productLimitMessage } from '@market/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { conflict } from '../../platform/errors.js';
import type { StoreRow } from '../stores/index.js';
import { storeProductLimit } from '../subscriptions/index.js';
import { categoryChoices, type Plan, type PlannedProduct } from './bulk-catalog.choices.js';
import { changesOf } from './bulk-catalog.form.js';
import { readProductRows } from './bulk-catalog.row-form.js';
import { type CatalogRead, type CatalogRecord, variantRowProblems } from './bulk-catalog.rows.js';
import { needsReapproval } from './catalog.rules.js';
import { products } from './catalog.schema.js';
import { reviewedContent, toColumns } from './products.columns.js';
import { type ProductRecord, selectProducts } from './products.repository.js';
// The plan of a file (ADR 077, 101): what applying it would write, product by product, and every problem; the dry
// run, the apply's check of the whole file and each batch of the background job (ADR 094) make it the same way.

/** What the spreadsheet service's functions work with (ADR 091). */
export interface BulkCatalogContext {
  deps: Deps;
  db: Db;
}

/** The store's products, or only those whose SKU (any case) is in `skus`: a batch reads what it names. */
export async function storeProducts(
  executor: Db,
  storeId: string,
  skus?: string[],
): Promise<ProductRecord[]> {
  if (skus?.length === 0) return [];
  return selectProducts(
    executor,
    skus
      ? and(eq(products.storeId, storeId), inArray(sql`lower(${products.sku})`, skus))
      : eq(products.storeId, storeId),
    [asc(products.createdAt), asc(products.sku)],
    100_000,
  );
}

/**
 * The file's records by the product they write: a product's own row by its SKU (a SKU twice is a problem), its
 * variants' rows by their parent_sku. A variants-only file may name products of the store it does not list.
 */
function recordsBySku(
  records: CatalogRecord[],
  existingBySku: Map<string, ProductRecord>,
  problems: BulkCatalogProblem[],
) {
  const productRecords = new Map<string, CatalogRecord>();
  const variantRecords = new Map<string, CatalogRecord[]>();
  for (const record of records) {
    const sku = record.cells.sku ?? '';
    if (sku === '') {
      problems.push({ row: record.row, column: 'sku', message: 'SKU is required' });
      continue;
    }
    const parent = record.cells.parent_sku ?? '';
    if (parent !== '') {
      problems.push(...variantRowProblems(record));
      const key = parent.toLowerCase();
      variantRecords.set(key, [...(variantRecords.get(key) ?? []), record]);
      continue;
    }
    const key = sku.toLowerCase();
    const earlier = productRecords.get(key);
    if (earlier) {
      problems.push({
        row: record.row,
        column: 'sku',
        message: `SKU ${sku} is also on row ${earlier.row}`,
      });
      continue;
    }
    productRecords.set(key, record);
  }
  for (const [key, records] of variantRecords) {
    if (productRecords.has(key)) continue;
    const existing = existingBySku.get(key);
    if (existing) productRecords.set(key, { row: records[0]!.row, cells: { sku: existing.sku } });
    else {
      for (const record of records)
        problems.push({
          row: record.row,
          column: 'parent_sku',
          message: `No product with SKU ${record.cells.parent_sku} in this file or your store`,
        });
    }
  }
  return { productRecords, variantRecords };
}

/**
 * Checks every row and works out what applying would write; reads only. `storeImages`: images the store's own
 * spreadsheets imported, accepted whoever of its staff uploads.
 */
export async function plan(
  ctx: BulkCatalogContext,
  executor: Db,
  store: StoreRow,
  uploaderId: string,
  read: CatalogRead,
  storeImages = new Set<string>(),
): Promise<Plan> {
  const { file } = read;
  const problems = [...read.problems];
  if (!file) return { rows: 0, planned: [], problems };
  const named = file.records.flatMap((record) => [record.cells.sku ?? '', record.cells.parent_sku ?? '']);
  // One after the other: an apply plans inside its transaction, whose one connection takes one query at a time
  // (node-postgres queues a second and warns that pg 9 will refuse it).
  const existingRows = await storeProducts(executor, store.id, [
    ...new Set(named.filter(Boolean).map((sku) => sku.toLowerCase())),
  ]);
  const choices = await categoryChoices(executor);
  const existingBySku = new Map(existingRows.map((row) => [row.sku.toLowerCase(), row]));
  const { productRecords, variantRecords } = recordsBySku(file.records, existingBySku, problems);

  const planned: PlannedProduct[] = [];
  const newImages: { row: number; urls: string[] }[] = [];
  for (const [key, record] of productRecords) {
    const existing = existingBySku.get(key);
    const {
      fields,
      category,
      problems: rowProblems,
    } = readProductRows(record, existing, variantRecords.get(key), choices);
    if (!fields) {
      problems.push(...rowProblems);
      continue;
    }
    const columns = toColumns(fields, existing);
    const added = fields.hostedImages.filter(
      (url) => !(existing?.hostedImages ?? []).includes(url) && !storeImages.has(url),
    );
    if (added.length > 0) newImages.push({ row: record.row, urls: added });
    if (!existing) {
      columns.categoryText = category?.text ?? '';
      planned.push({ sku: fields.sku, record, columns, changed: true, toApproval: true });
      continue;
    }
    const changes = changesOf(existing, columns);
    if (category && ('categoryId' in changes || 'subCategoryId' in changes || 'childCategoryId' in changes))
      changes.categoryText = category.text;
    const changed = Object.keys(changes).length > 0;
    const after = { ...existing, ...changes } as ProductRecord;
    const toApproval =
      changed &&
      existing.approvalStatus !== 'pending' &&
      needsReapproval(reviewedContent(existing), reviewedContent(after));
    planned.push({ sku: fields.sku, record, existing, columns: changes, changed, toApproval });
  }

  for (const { row, urls } of newImages) {
    if (!(await ctx.deps.media.ownsImageUrls(executor, uploaderId, urls))) {
      problems.push({
        row,
        column: 'images',
        message: 'Upload product images through the image uploader first',
      });
    }
  }
  problems.sort((a, b) => a.row - b.row);
  return { rows: file.records.length, planned, problems };
}

/** Refuses creates past the plan's product limit (the caller holds the store's catalogue lock). */
export async function checkProductLimit(ctx: BulkCatalogContext, tx: Db, storeId: string, creates: number) {
  if (creates === 0) return;
  const allowance = await storeProductLimit(tx, storeId, ctx.deps.now());
  if (allowance.limit === null) return;
  const [row] = await tx.select({ listed: count() }).from(products).where(eq(products.storeId, storeId));
  if ((row?.listed ?? 0) + creates > allowance.limit)
    throw conflict(productLimitMessage(allowance.planName, allowance.limit));
}
