import {
  BULK_CATALOG_MAX_REPORTED_ERRORS,
  type BulkCatalogColumn,
  type BulkCatalogProblem,
  type BulkCatalogSummary,
  type BulkImportSummary,
  createProductBody,
  type ProductFields,
  productLimitMessage,
  soldOutBehaviours,
  weightUnits,
} from '@market/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, notFound, validation } from '../../platform/errors.js';
import { type AuthContext, requireStoreId } from '../../platform/http/routes.js';
import { findStoreById, type StoreRow } from '../stores/index.js';
import {
  type CategoryChoice,
  categoryChoices,
  type Plan,
  type PlannedProduct,
  summary,
} from './bulk-catalog.choices.js';
import { allowedLines, exportRows, templateRows } from './bulk-catalog.files.js';
import {
  changesOf,
  columnOfField,
  columnOfVariantField,
  formOf,
  NEW_PRODUCT_NEEDS,
  propertiesFor,
  type VariantCells,
} from './bulk-catalog.form.js';
import { checkImageUrls, importImageUrls } from './bulk-catalog.images.js';
import { createCatalogImports } from './bulk-catalog.imports.js';
import {
  type CatalogRead,
  type CatalogRecord,
  CellError,
  type Cells,
  categoryKey,
  dayCell,
  decimalCell,
  listCell,
  nairaCell,
  oneOf,
  paragraphsCell,
  variantRowProblems,
  wholeCell,
} from './bulk-catalog.rows.js';
import { readCatalogUpload } from './bulk-catalog.upload.js';
import { checkImageZip, IMAGE_ZIP_MAX_BYTES, importImageZip } from './bulk-catalog.zip-images.js';
import { needsReapproval } from './catalog.rules.js';
import { products } from './catalog.schema.js';
import { reviewedContent, toColumns } from './products.columns.js';
import { type ProductRecord, selectProducts } from './products.repository.js';
import type { CatalogNeeds } from './products.service.js';

// The catalogue as a spreadsheet (ADR 077). One plan serves the dry run, the apply's check of the whole file, and
// each batch the background job writes (ADR 094), made again there under the store's catalogue lock.

/** The sheet and, beside it, an optional zip of images named by SKU. */
export interface CatalogUpload {
  sheet: Buffer;
  images?: Buffer;
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

export function createBulkCatalogService(deps: Deps, needs: CatalogNeeds = {}) {
  const { db } = deps;

  async function storeOf(executor: Db, auth: AuthContext): Promise<StoreRow> {
    const store = await findStoreById(executor, requireStoreId(auth));
    if (!store) throw notFound('Your store was not found');
    return store;
  }

  /** The store's products, or only those whose SKU (any case) is in `skus`: a batch reads what it names. */
  async function storeProducts(executor: Db, storeId: string, skus?: string[]): Promise<ProductRecord[]> {
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

  /** Checks every row and works out what applying would write; reads only. */
  /** `storeImages`: images the store's own spreadsheets imported, accepted whoever of its staff uploads. */
  async function plan(
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
    const [existingRows, choices] = await Promise.all([
      storeProducts(executor, store.id, [...new Set(named.filter(Boolean).map((sku) => sku.toLowerCase()))]),
      categoryChoices(executor),
    ]);
    const existingBySku = new Map(existingRows.map((row) => [row.sku.toLowerCase(), row]));

    const productRecords = new Map<string, CatalogRecord>();
    const variantRecords = new Map<string, CatalogRecord[]>();
    for (const record of file.records) {
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
    // A variants-only file may name products of the store that it does not list itself.
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

    const planned: PlannedProduct[] = [];
    const newImages: { row: number; urls: string[] }[] = [];
    for (const [key, record] of productRecords) {
      const existing = existingBySku.get(key);
      const rowProblems: BulkCatalogProblem[] = [];
      // A product named only by its variants' parent_sku has no row of its own: only its variants change.
      const has = (column: BulkCatalogColumn) => record.cells[column] !== undefined;
      const at = (column: BulkCatalogColumn | null, message: string, row = record.row) =>
        rowProblems.push({ row, column, message });
      const cell = <T>(column: BulkCatalogColumn, read: (value: string) => T, apply: (value: T) => void) => {
        if (!has(column)) return;
        try {
          apply(read(record.cells[column] ?? ''));
        } catch (error) {
          if (error instanceof CellError) at(column, error.message);
          else throw error;
        }
      };
      const form: Record<string, unknown> = existing
        ? formOf(existing)
        : {
            description: [],
            pricing: [{ costPrice: 0, sellingPrice: 0, price: 0 }],
            weightUnit: 'kg',
            dimensionUnit: 'cm',
            whenSoldOut: 'show-sold-out',
            contSalesOutOfStock: false,
            stockAlertUnits: 5,
            IsDigitalProduct: false,
            variant: [],
            variantProperties: [],
            hostedImages: [],
          };
      form.sku = record.cells.sku;
      if (!existing) {
        for (const column of NEW_PRODUCT_NEEDS)
          if (!has(column)) at(column, `A new product needs a ${column} column`);
      }
      const pricing = (form.pricing as Record<string, number | string | null>[])[0]!;
      const optionalNaira = (value: string) => (value === '' ? null : nairaCell(value));
      cell(
        'name',
        (value) => value,
        (value) => (form.name = value),
      );
      cell('description', paragraphsCell, (value) => (form.description = value));
      let category: CategoryChoice | undefined;
      cell(
        'category',
        (value) => {
          if (value === '') throw new CellError('Choose a category');
          const choice = choices.get(categoryKey(value));
          if (!choice) throw new CellError(`No category "${value}"; see the allowed values file`);
          return choice;
        },
        (choice) => {
          category = choice;
          Object.assign(form, {
            categoryId: choice.categoryId,
            subCategoryId: choice.subCategoryId,
            childCategoryId: choice.childCategoryId,
          });
        },
      );
      cell('cost_price', optionalNaira, (value) => (pricing.costPrice = value ?? 0));
      let salePrice: number | null | undefined;
      cell('sale_price', optionalNaira, (value) => (salePrice = value));
      cell(
        'price',
        (value) => {
          if (value === '') throw new CellError('Price is required');
          return nairaCell(value);
        },
        (value) => {
          // With no sale price column the product keeps its discount as it was (the regular price moves alone).
          pricing.price = value;
          if (!existing && salePrice === undefined) pricing.sellingPrice = value;
        },
      );
      if (salePrice !== undefined) pricing.sellingPrice = salePrice ?? pricing.price!;
      const optionalDay = (value: string) => (value === '' ? null : dayCell(value));
      cell('sale_start', optionalDay, (value) => (pricing.saleStartDate = value));
      cell('sale_end', optionalDay, (value) => (pricing.saleEndDate = value));
      cell(
        'quantity',
        (value) => (value === '' ? undefined : wholeCell(value)),
        (value) => (form.quantity = value),
      );
      cell(
        'stock_alert_units',
        (value) => (value === '' ? 5 : wholeCell(value)),
        (value) => (form.stockAlertUnits = value),
      );
      cell(
        'when_sold_out',
        (value) => (value === '' ? 'show-sold-out' : oneOf(soldOutBehaviours, value)),
        (value) => (form.whenSoldOut = value),
      );
      cell(
        'weight',
        (value) => (value === '' ? null : decimalCell(value)),
        (value) => (form.weight = value),
      );
      cell(
        'weight_unit',
        (value) => (value === '' ? 'kg' : oneOf(weightUnits, value)),
        (value) => (form.weightUnit = value),
      );
      cell('images', listCell, (value) => (form.hostedImages = value));

      const variants = variantRecords.get(key);
      if (variants) {
        form.variant = variants.map((variant) => {
          const read = <T>(column: BulkCatalogColumn, parse: (value: string) => T, fallback: T): T => {
            const value = variant.cells[column] ?? '';
            if (value === '') return fallback;
            try {
              return parse(value);
            } catch (error) {
              if (error instanceof CellError) at(column, error.message, variant.row);
              else throw error;
              return fallback;
            }
          };
          if ((variant.cells.quantity ?? '') === '') at('quantity', 'Quantity is required', variant.row);
          return {
            sku: variant.cells.sku,
            size: variant.cells.size || null,
            color: variant.cells.color || null,
            discount: read('variant_discount', nairaCell, 0),
            quantity: read('quantity', wholeCell, 0),
          };
        });
        form.variantProperties = propertiesFor(form.variant as VariantCells[], existing);
      }

      if (rowProblems.length > 0) {
        problems.push(...rowProblems);
        continue;
      }
      // The product form's own rules, so a file accepts exactly what the form accepts.
      const checked = createProductBody.safeParse(form);
      if (!checked.success) {
        for (const issue of checked.error.issues) {
          const [first, second, third] = issue.path.map(String);
          if (first === 'variant' && second !== undefined && variants?.[Number(second)]) {
            at(columnOfVariantField[third ?? ''] ?? null, issue.message, variants[Number(second)]!.row);
          } else if (first === 'variant') at('variant_discount', issue.message);
          else if (first === 'pricing') at(columnOfField[third ?? ''] ?? 'price', issue.message);
          else at(columnOfField[first ?? ''] ?? null, issue.message);
        }
        problems.push(...rowProblems);
        continue;
      }
      const fields = checked.data as ProductFields;
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
      if (!(await deps.media.ownsImageUrls(executor, uploaderId, urls))) {
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
  async function checkProductLimit(tx: Db, storeId: string, creates: number) {
    if (creates === 0) return;
    const allowance = await needs.productLimit?.(tx, storeId);
    if (!allowance || allowance.limit === null) return;
    const [row] = await tx.select({ listed: count() }).from(products).where(eq(products.storeId, storeId));
    if ((row?.listed ?? 0) + creates > allowance.limit)
      throw conflict(productLimitMessage(allowance.planName, allowance.limit));
  }

  const imports = createCatalogImports(deps, { plan, checkProductLimit });

  return {
    async preview(auth: AuthContext, upload: CatalogUpload): Promise<BulkCatalogSummary> {
      await deps.rateLimits.consume('bulk-catalog', { account: requireStoreId(auth) });
      const read = await readCatalogUpload(upload.sheet);
      if (upload.images && upload.images.length > IMAGE_ZIP_MAX_BYTES)
        throw validation('images', 'The images zip must be 40 MB or smaller');
      const zipProblems = upload.images ? await checkImageZip(read, upload.images) : [];
      const store = await storeOf(db, auth);
      const result = await plan(db, store, auth.userId, read);
      result.problems.push(...zipProblems, ...(await checkImageUrls(read)));
      result.problems.sort((a, b) => a.row - b.row);
      return summary(result, false);
    },

    /**
     * Checks the whole file as the dry run does (a problem anywhere is a 422 and nothing is written), then queues it
     * for the background job, which writes it by SKU in batches (ADR 094).
     */
    async apply(auth: AuthContext, upload: CatalogUpload): Promise<BulkImportSummary> {
      await deps.rateLimits.consume('bulk-catalog', { account: requireStoreId(auth) });
      const read = await readCatalogUpload(upload.sheet);
      if (upload.images && upload.images.length > IMAGE_ZIP_MAX_BYTES)
        throw validation('images', 'The images zip must be 40 MB or smaller');
      // Images (a zip, addresses) are stored first, each once per store (ADR 093): the job only writes rows.
      const store = await storeOf(db, auth);
      const zipped = upload.images
        ? await importImageZip(deps, store.id, auth.userId, read, upload.images)
        : { problems: [], storeImages: new Set<string>() };
      if (zipped.problems.length > 0) throw fileProblems(zipped.problems);
      const imported = await importImageUrls(deps, store.id, auth.userId, read);
      if (imported.problems.length > 0) throw fileProblems(imported.problems);
      const storeImages = new Set([...zipped.storeImages, ...imported.storeImages]);
      const result = await plan(db, store, auth.userId, read, storeImages);
      if (result.problems.length > 0) throw fileProblems(result.problems);
      // Checked here for a clear 409 now; each batch checks again under the catalogue lock.
      await checkProductLimit(db, store.id, result.planned.filter((item) => !item.existing).length);
      return imports.queue({
        storeId: store.id,
        createdBy: auth.userId,
        records: read.file?.records ?? [],
        storeImages,
        products: result.planned.length,
      });
    },

    /** The store's imports: one with its outcomes, or the latest. */
    importById: (auth: AuthContext, id: string) => imports.get(auth, id),
    imports: (auth: AuthContext) => imports.list(auth),
    /** The background job's part: the timed job and the server's stop call it. */
    jobs: { runDue: imports.runDue, stop: imports.stop },

    /** The store's catalogue in the import's format: a product's row, then its variants' rows. */
    async exportRows(auth: AuthContext): Promise<Cells[]> {
      const store = await storeOf(db, auth);
      return exportRows(await storeProducts(db, store.id));
    },

    /** The template's example and the allowed values, for the whole tree or one category's branch. */
    async templateContent(categoryId?: string): Promise<{ rows: Cells[]; allowed: string[][] }> {
      let choices = [...(await categoryChoices(db)).values()];
      if (categoryId) {
        choices = choices.filter((choice) =>
          [choice.categoryId, choice.subCategoryId, choice.childCategoryId].includes(categoryId),
        );
        if (choices.length === 0) throw notFound('No live category with this id');
      }
      return { rows: templateRows(choices[0]?.path), allowed: allowedLines(choices.map((c) => c.path)) };
    },
  };
}

export type BulkCatalogService = ReturnType<typeof createBulkCatalogService>;
