import { z } from 'zod';
import { access } from './access.js';
import { uuid } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { envelope } from './envelope.js';

// A store's catalogue as one spreadsheet (ADR 077): export, a template, a dry run that reports every problem by
// row and column, and an apply that checks the whole file, then writes it by SKU in the background (ADR 094).

const tags = ['Products (spreadsheet)'];

/**
 * The columns, in the order the export and the template write them. A file may carry fewer (a price and stock
 * update is `sku,price,sale_price,quantity`): only `sku` is required in the header, a column left out leaves that
 * field as it is, and a new product needs the columns the product form needs.
 *
 * - A row with `parent_sku` is a variant of the product whose `sku` it names (its own `sku` is the variant's); it
 *   uses `sku`, `parent_sku`, `size`, `color`, `variant_discount` and `quantity` and leaves the rest blank.
 * - Amounts are naira with at most 2 decimals (`12500`, `12,500.50`, `₦12500`); `sale_price` blank means no sale
 *   (customers pay `price`).
 * - `sale_start` and `sale_end` are the sale's first and last Lagos day, both included, day first as written in
 *   Nigeria (`31/12/2026`, `31-12-2026`) or ISO (`2026-12-31`); blank is open on that side. Outside them customers
 *   pay `price`.
 * - `category` is the path of names `Phones > Smartphones > Android` (one, two or three levels).
 * - `description` paragraphs are separated by line breaks inside the cell; `images` by spaces, each an image
 *   uploaded through the image uploader first (or already on the product).
 * - `image_urls`: https addresses of images, separated by spaces, fetched on apply by a guarded fetcher (public
 *   addresses only, no redirects, 8 MB, 10 s), checked and resized like an upload; they become the product's images.
 *   Fill `images` or `image_urls` on a row, not both. The same address again reuses the stored copy.
 */
export const BULK_CATALOG_COLUMNS = [
  'sku',
  'parent_sku',
  'name',
  'description',
  'category',
  'cost_price',
  'price',
  'sale_price',
  'sale_start',
  'sale_end',
  'quantity',
  'stock_alert_units',
  'when_sold_out',
  'weight',
  'weight_unit',
  'size',
  'color',
  'variant_discount',
  'images',
  'image_urls',
] as const;
export type BulkCatalogColumn = (typeof BULK_CATALOG_COLUMNS)[number];

/** The columns a variant row may fill. */
export const BULK_VARIANT_COLUMNS: readonly BulkCatalogColumn[] = [
  'sku',
  'parent_sku',
  'size',
  'color',
  'variant_discount',
  'quantity',
];

/** Limits of one file: bytes (checked before parsing) and data rows. */
export const BULK_CATALOG_MAX_BYTES = 2 * 1024 * 1024;
export const BULK_CATALOG_MAX_ROWS = 2_000;
/** Image addresses one file may name (each fetched once per store, ever). */
export const BULK_CATALOG_MAX_IMAGE_URLS = 300;
/** How many problems an answer lists at most; the count says how many there were. */
export const BULK_CATALOG_MAX_REPORTED_ERRORS = 200;

export const bulkCatalogProblem = z.object({
  /** The spreadsheet's row number: the header is row 1, so the first product is row 2. */
  row: z.number().int(),
  /** The column's header, or null for a problem of the whole row or file. */
  column: z.string().nullable(),
  message: z.string(),
});
export type BulkCatalogProblem = z.infer<typeof bulkCatalogProblem>;

export const bulkCatalogSummary = z.object({
  /** Data rows read (header excluded). */
  rows: z.number().int(),
  /** Products the file names (variant rows count toward their parent). */
  products: z.number().int(),
  /** New products the apply creates (each waits for an admin's approval). */
  create: z.number().int(),
  /** Existing products whose fields the apply changes. */
  update: z.number().int(),
  /** Products the file names exactly as they are: the apply leaves them alone. */
  unchanged: z.number().int(),
  /** Of the creates and updates, how many go to (or back to) approval before customers see them. */
  toApproval: z.number().int(),
  /** Every problem found (at most BULK_CATALOG_MAX_REPORTED_ERRORS listed); empty when the file may be applied. */
  problems: z.array(bulkCatalogProblem),
  problemCount: z.number().int(),
  /** True when the file was written (apply without problems). */
  applied: z.boolean(),
});
export type BulkCatalogSummary = z.infer<typeof bulkCatalogSummary>;

/** What applying did to one product of the file (its variant rows go with it). */
export const bulkImportOutcome = z.object({
  /** The product's row (or its first variant row, for a product the file names only by its variants). */
  row: z.number().int(),
  sku: z.string(),
  outcome: z.enum(['created', 'updated', 'unchanged', 'failed']),
  /** Why a row failed (the catalogue changed between the check and the write); null otherwise. */
  message: z.string().nullable(),
});
export type BulkImportOutcome = z.infer<typeof bulkImportOutcome>;

export const BULK_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type BulkImportStatus = (typeof BULK_IMPORT_STATUSES)[number];

/** One applied file: the background job's progress and, when done, what it did (ADR 094). */
export const bulkImportSummary = z.object({
  id: uuid,
  status: z.enum(BULK_IMPORT_STATUSES),
  /** Data rows of the file (header excluded) and how many are written so far. */
  rowsTotal: z.number().int(),
  rowsDone: z.number().int(),
  /** Products of the file, and how many came out created, updated, unchanged or failed so far. */
  products: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  /** Of the created and updated, how many wait for an admin's approval before customers see them. */
  toApproval: z.number().int(),
  /** Why the whole import stopped (status `failed`); rows written before it stay written. */
  error: z.string().nullable(),
  /** Who applied the file (null once their account is gone). */
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type BulkImportSummary = z.infer<typeof bulkImportSummary>;

export const bulkImport = bulkImportSummary.extend({
  /** Each product's outcome in the order of the file, as far as the job has gone. */
  outcomes: z.array(bulkImportOutcome),
});
export type BulkImport = z.infer<typeof bulkImport>;

/** How many of the store's imports the list shows, newest first. */
export const BULK_IMPORTS_LISTED = 20;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A template for one category's branch (any level), or for the whole tree when left out. */
export const bulkTemplateQuery = z.object({ category: z.string().uuid().optional() });

export const bulkCatalogEndpoints = {
  template: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products/bulk/template.csv',
    summary:
      'A CSV template for the spreadsheet import: the header and an example product with two variants (text/csv); `category` puts the example in that branch',
    tags,
    access: access.merchant('products:read'),
    query: bulkTemplateQuery,
    response: z.string(),
    produces: 'text/csv',
  }),
  templateXlsx: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products/bulk/template.xlsx',
    summary:
      "An Excel template: the Products sheet (the CSV's columns, an example product with two variants, drop-down lists of categories and allowed values) and an Allowed values sheet; `category` limits both to that category's branch",
    tags,
    access: access.merchant('products:read'),
    query: bulkTemplateQuery,
    response: z.string(),
    produces: XLSX,
  }),
  exportXlsx: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products/bulk/export.xlsx',
    summary:
      "The store's whole catalogue as an Excel workbook in the import's format; uploaded again it changes nothing",
    tags,
    access: access.merchant('products:read'),
    response: z.string(),
    produces: XLSX,
  }),
  allowedValues: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products/bulk/allowed-values.csv',
    summary:
      'What each column of the import accepts, one value a line (column, value, meaning): every live category path of the marketplace, the sold-out behaviours and weight units (text/csv)',
    tags,
    access: access.merchant('products:read'),
    response: z.string(),
    produces: 'text/csv',
  }),
  export: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products/bulk/export.csv',
    summary:
      "The store's whole catalogue in the import's format (text/csv); cells a spreadsheet would run as a formula are prefixed with an apostrophe",
    tags,
    access: access.merchant('products:read'),
    response: z.string(),
    produces: 'text/csv',
  }),
  preview: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/products/bulk/preview',
    summary:
      'Dry run of a CSV or Excel (.xlsx, told by its content) file (multipart field `file`, 2 MB and 2,000 rows at most), with an optional zip of images named by SKU (`SKU.jpg`, `SKU-2.jpg`; field `images`, 40 MB) whose names and contents are checked: every row checked with the product form rules, each problem by row and column; nothing is written',
    tags,
    access: access.merchant('products:write'),
    upload: { field: 'file' },
    errors: [429],
    response: envelope(bulkCatalogSummary),
  }),
  apply: defineEndpoint({
    surface: 'api',
    method: 'POST',
    path: '/products/bulk/apply',
    summary:
      "Applies a CSV or Excel (.xlsx) file (multipart field `file`; images from a zip in field `images` or fetched from `image_urls`) in the background: the whole file is checked first with the dry run's rules, and a file with any problem answers 422 with each problem as `row N: column` and writes nothing. A file without problems answers 202 with the import, whose progress `GET /products/bulk/imports/{id}` reads; products are created or updated by SKU in batches, so the same file twice changes nothing the second time (every product unchanged)",
    tags,
    access: access.merchant('products:write'),
    upload: { field: 'file' },
    status: 202,
    errors: [409, 429],
    response: envelope(bulkImportSummary),
  }),
  imports: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products/bulk/imports',
    summary: "The store's latest applied files (at most 20), newest first, with each one's progress",
    tags,
    access: access.merchant('products:write'),
    response: envelope(z.array(bulkImportSummary)),
  }),
  importById: defineEndpoint({
    surface: 'api',
    method: 'GET',
    path: '/products/bulk/imports/:id',
    summary:
      "One applied file of the store: status (queued, running, done, failed), rows done of the total, the counts, and each product's outcome so far; another store's import is 404",
    tags,
    access: access.merchant('products:write'),
    params: z.object({ id: uuid }),
    errors: [404],
    response: envelope(bulkImport),
  }),
};
