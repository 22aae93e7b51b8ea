import {
  BULK_CATALOG_MAX_REPORTED_ERRORS,
  type BulkCatalogProblem,
  type BulkCatalogSummary,
  type BulkImportSummary,
} from '@market/contracts';
import { bound } from '../../platform/bound.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, notFound, validation } from '../../platform/errors.js';
import { type AuthContext, requireStoreId } from '../../platform/http/routes.js';
import { categoryChoices, summary } from './bulk-catalog.choices.js';
import { allowedLines, exportRows, templateRows } from './bulk-catalog.files.js';
import { checkImageUrls, importImageUrls } from './bulk-catalog.images.js';
import { type CatalogImports, createCatalogImports } from './bulk-catalog.imports.js';
import { type BulkCatalogContext, checkProductLimit, plan, storeProducts } from './bulk-catalog.plan.js';
import type { Cells } from './bulk-catalog.rows.js';
import { readCatalogUpload } from './bulk-catalog.upload.js';
import { checkImageZip, IMAGE_ZIP_MAX_BYTES, importImageZip } from './bulk-catalog.zip-images.js';
import { merchantStore } from './products.context.js';

// The catalogue as a spreadsheet (ADR 077). One plan serves the dry run, the apply's check of the whole file, and
// each batch the background job writes (ADR 094), made again there under the store's catalogue lock.

/** The sheet and, beside it, an optional zip of images named by SKU. */
export interface CatalogUpload {
  sheet: Buffer;
  images?: Buffer;
}

/** The service's context: the plan's, and the background job that writes an applied file. */
interface BulkCatalogServiceContext extends BulkCatalogContext {
  imports: CatalogImports;
}

/** The apply's 422: each problem as `row N: column`, nothing written. */
function fileProblems(problems: BulkCatalogProblem[]): AppError {
  const shown = problems.slice(0, BULK_CATALOG_MAX_REPORTED_ERRORS);
  return new AppError(
    'VALIDATION_ERROR',
    `The file has ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was changed`,
    shown.map((item) => ({
      path: item.column ? `row ${item.row}: ${item.column}` : `row ${item.row}`,
      message: item.message,
    })),
  );
}

/** The store's rate limit, then the sheet read and the images zip's size checked: the dry run's and the apply's start. */
async function readUpload(ctx: BulkCatalogContext, auth: AuthContext, upload: CatalogUpload) {
  await ctx.deps.rateLimits.consume('bulk-catalog', { account: requireStoreId(auth) });
  const read = await readCatalogUpload(upload.sheet);
  if (upload.images && upload.images.length > IMAGE_ZIP_MAX_BYTES)
    throw validation('images', 'The images zip must be 40 MB or smaller');
  return read;
}

async function preview(
  ctx: BulkCatalogContext,
  auth: AuthContext,
  upload: CatalogUpload,
): Promise<BulkCatalogSummary> {
  const read = await readUpload(ctx, auth, upload);
  const zipProblems = upload.images ? await checkImageZip(read, upload.images) : [];
  const store = await merchantStore(ctx.db, auth);
  const result = await plan(ctx, ctx.db, store, auth.userId, read);
  result.problems.push(...zipProblems, ...(await checkImageUrls(read)));
  result.problems.sort((a, b) => a.row - b.row);
  return summary(result, false);
}

/**
 * Checks the whole file as the dry run does (a problem anywhere is a 422 and nothing is written), then queues it
 * for the background job, which writes it by SKU in batches (ADR 094).
 */
async function apply(
  ctx: BulkCatalogServiceContext,
  auth: AuthContext,
  upload: CatalogUpload,
): Promise<BulkImportSummary> {
  const { deps, db } = ctx;
  const read = await readUpload(ctx, auth, upload);
  // Images (a zip, addresses) are stored first, each once per store (ADR 093): the job only writes rows.
  const store = await merchantStore(db, auth);
  const zipped = upload.images
    ? await importImageZip(deps, store.id, auth.userId, read, upload.images)
    : { problems: [], storeImages: new Set<string>() };
  if (zipped.problems.length > 0) throw fileProblems(zipped.problems);
  const imported = await importImageUrls(deps, store.id, auth.userId, read);
  if (imported.problems.length > 0) throw fileProblems(imported.problems);
  const storeImages = new Set([...zipped.storeImages, ...imported.storeImages]);
  const result = await plan(ctx, db, store, auth.userId, read, storeImages);
  if (result.problems.length > 0) throw fileProblems(result.problems);
  // Checked here for a clear 409 now; each batch checks again under the catalogue lock.
  await checkProductLimit(ctx, db, store.id, result.planned.filter((item) => !item.existing).length);
  return ctx.imports.queue({
    storeId: store.id,
    createdBy: auth.userId,
    records: read.file?.records ?? [],
    storeImages,
    products: result.planned.length,
  });
}

/** The store's catalogue in the import's format: a product's row, then its variants' rows. */
async function exportCatalog(ctx: BulkCatalogContext, auth: AuthContext): Promise<Cells[]> {
  const store = await merchantStore(ctx.db, auth);
  return exportRows(await storeProducts(ctx.db, store.id));
}

/** The template's example and the allowed values, for the whole tree or one category's branch. */
async function templateContent(
  ctx: BulkCatalogContext,
  categoryId?: string,
): Promise<{ rows: Cells[]; allowed: string[][] }> {
  let choices = [...(await categoryChoices(ctx.db)).values()];
  if (categoryId) {
    choices = choices.filter((choice) =>
      [choice.categoryId, choice.subCategoryId, choice.childCategoryId].includes(categoryId),
    );
    if (choices.length === 0) throw notFound('No live category with this id');
  }
  return { rows: templateRows(choices[0]?.path), allowed: allowedLines(choices.map((c) => c.path)) };
}

/**
 * The catalogue as a spreadsheet. Named functions of a context (ADR 091, 101): the plan of a file
 * (`bulk-catalog.plan.ts`), one product's rows read into the form (`bulk-catalog.row-form.ts`), the background job
 * (`bulk-catalog.imports.ts`); bound here.
 */
export function createBulkCatalogService(deps: Deps) {
  const base: BulkCatalogContext = { deps, db: deps.db };
  const imports = createCatalogImports(deps, {
    plan: bound(base, plan),
    checkProductLimit: bound(base, checkProductLimit),
  });
  const ctx: BulkCatalogServiceContext = { ...base, imports };
  return {
    preview: bound(ctx, preview),
    apply: bound(ctx, apply),
    /** The store's imports: one with its outcomes, or the latest. */
    importById: (auth: AuthContext, id: string) => imports.get(auth, id),
    imports: (auth: AuthContext) => imports.list(auth),
    /** The background job's part: the timed job and the server's stop call it. */
    jobs: { runDue: imports.runDue, stop: imports.stop },
    exportRows: bound(ctx, exportCatalog),
    templateContent: bound(ctx, templateContent),
  };
}

export type BulkCatalogService = ReturnType<typeof createBulkCatalogService>;
