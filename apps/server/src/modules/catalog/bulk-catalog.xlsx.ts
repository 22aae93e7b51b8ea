import { Readable } from 'node:stream';
import {
  BULK_CATALOG_COLUMNS,
  BULK_CATALOG_MAX_ROWS,
  type BulkCatalogColumn,
  type BulkCatalogProblem,
} from '@market/contracts';
import type ExcelJS from 'exceljs';
import { loadOnce } from '../../platform/load-once.js';
import { inspectZip, ZipRefused } from '../../platform/zip-guard.js';
import { type CatalogRead, fileRefused, readCatalogTable, sizeRefusal } from './bulk-catalog.rows.js';

// The catalogue as an Excel workbook (ADR 077): the same columns, rows and checks as the CSV, read with exceljs's
// streaming reader after the zip is proven small, and written with the allowed values as drop-down lists.

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PRODUCTS_SHEET = 'Products';
export const ALLOWED_SHEET = 'Allowed values';

/** A workbook of 2,000 rows unpacks to a few MB; anything far past that is not a catalogue. */
const UNPACKED_LIMIT = { maxEntries: 200, maxUnpackedBytes: 24 * 1024 * 1024 };

const MONEY_COLUMNS = new Set<BulkCatalogColumn>(['cost_price', 'price', 'sale_price', 'variant_discount']);
const WHOLE_COLUMNS = new Set<BulkCatalogColumn>(['quantity', 'stock_alert_units']);
const NUMBER_COLUMNS = new Set<BulkCatalogColumn>([...MONEY_COLUMNS, ...WHOLE_COLUMNS, 'weight']);

/**
 * exceljs is loaded at the first workbook, not at start: it costs about 0.4 CPU-seconds to load, on every server
 * start, for a file few requests carry.
 */
const loadExcelJS = loadOnce(() => import('exceljs').then((module) => module.default));

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * A cell as the text the CSV would hold. Excel keeps a date as a day count that exceljs hands back as the same
 * wall-clock time in UTC, so the date is read in UTC: 01/12/2026 typed in Lagos is `2026-12-01`.
 */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const day = `${value.getUTCFullYear()}-${twoDigits(value.getUTCMonth() + 1)}-${twoDigits(value.getUTCDate())}`;
    const minutes = value.getUTCHours() * 60 + value.getUTCMinutes();
    return minutes === 0
      ? day
      : `${day} ${twoDigits(value.getUTCHours())}:${twoDigits(value.getUTCMinutes())}`;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : cellText(value.text);
  if ('formula' in value || 'sharedFormula' in value) {
    const result = value.result;
    if (result === undefined) throw new FormulaWithoutResult();
    if (typeof result === 'object' && !(result instanceof Date)) throw new FormulaWithoutResult();
    return cellText(result);
  }
  if ('error' in value) throw new FormulaWithoutResult();
  return '';
}

class FormulaWithoutResult extends Error {}

type SheetRows = { table: string[][]; problems: BulkCatalogProblem[] } | { refused: string };

/** A sheet's rows as text, blank rows kept in place so row numbers are Excel's; stops past the row limit. */
async function sheetRows(sheet: AsyncIterable<ExcelJS.Row>): Promise<SheetRows> {
  const table: string[][] = [];
  const problems: BulkCatalogProblem[] = [];
  for await (const row of sheet) {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      try {
        cells[column - 1] = cellText(cell.value).trim();
      } catch (error) {
        if (!(error instanceof FormulaWithoutResult)) throw error;
        problems.push({
          row: row.number,
          column: null,
          message: `Cell ${cell.address} is a formula with no saved value: type the value itself`,
        });
      }
    });
    const texts = Array.from(cells, (cell) => cell ?? '');
    if (texts.every((cell) => cell === '')) continue;
    if (row.number > BULK_CATALOG_MAX_ROWS + 1)
      return { refused: `A file may hold at most ${BULK_CATALOG_MAX_ROWS} rows` };
    while (table.length < row.number - 1) table.push([]);
    table.push(texts);
  }
  return { table, problems };
}

/**
 * An uploaded workbook to checked records, with the same row numbers as Excel shows. The zip is inspected
 * first (entries, unpacked size proven by inflating with a ceiling), then only the rows of the sheet named
 * Products (or the first sheet) are read by the streaming reader, which ignores validation and merged ranges:
 * the full reader expands a range such as A1:XFD1048576 cell by cell.
 */
export async function readCatalogWorkbook(bytes: Buffer): Promise<CatalogRead> {
  const tooBig = sizeRefusal(bytes);
  if (tooBig) return tooBig;
  let names: string[];
  try {
    names = inspectZip(bytes, UNPACKED_LIMIT).map((entry) => entry.name);
  } catch (error) {
    if (error instanceof ZipRefused)
      return fileRefused(`This is not an Excel workbook we can read: ${error.message}`);
    throw error;
  }
  if (!names.includes('[Content_Types].xml') || !names.includes('xl/workbook.xml'))
    return fileRefused('This is not an Excel workbook (.xlsx): save it as "Excel Workbook" or "CSV UTF-8"');

  const { stream } = await loadExcelJS();
  let table: string[][] = [];
  let problems: BulkCatalogProblem[] = [];
  try {
    const reader = new stream.xlsx.WorkbookReader(Readable.from([bytes]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    let read = false;
    for await (const sheet of reader) {
      // The sheet named Products, or else the first: a merchant's own workbook may name its sheet anything.
      const named = (sheet as unknown as { name?: string }).name === PRODUCTS_SHEET;
      if (read && !named) continue;
      read = true;
      const rows = await sheetRows(sheet);
      if ('refused' in rows) return fileRefused(rows.refused);
      ({ table, problems } = rows);
      if (named) break;
    }
  } catch {
    // exceljs throws plain errors on a malformed part (bad XML, a missing relationship): the file's fault.
    return fileRefused('This Excel workbook could not be read: open it in Excel and save it again');
  }
  if (problems.length > 0) return { problems };
  if (table.length === 0) return fileRefused('The workbook has no rows');
  return readCatalogTable(table);
}

/** exceljs has `worksheet.dataValidations.add(range, …)` at run time but leaves it out of its types. */
interface RangeValidations {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
}

export interface WorkbookContent {
  /** Data rows, each a cell per column of BULK_CATALOG_COLUMNS (the header is written here). */
  rows: Partial<Record<BulkCatalogColumn, string>>[];
  /** The allowed-values table (column, value, meaning), its header first. */
  allowed: string[][];
  /** The enumerated columns' values, for their drop-down lists. */
  lists: Partial<Record<BulkCatalogColumn, readonly string[]>>;
}

/** A number column's text as a number cell, so Excel sums and sorts it; text stays text (`00123` keeps its 0s). */
function cellValue(column: BulkCatalogColumn, text: string): string | number | null {
  if (text === '') return null;
  if (NUMBER_COLUMNS.has(column) && /^\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

/**
 * The template or the export as a workbook: the Products sheet with the import's header, number formats and
 * drop-down lists (category from the Allowed values sheet, the enumerated columns inline), and the Allowed
 * values sheet. Read back by readCatalogWorkbook, it is the same rows.
 */
export async function writeCatalogWorkbook(content: WorkbookContent): Promise<Buffer> {
  const { Workbook } = await loadExcelJS();
  const workbook = new Workbook();
  workbook.creator = 'Marketplace catalogue';
  const sheet = workbook.addWorksheet(PRODUCTS_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = BULK_CATALOG_COLUMNS.map((column) => ({
    header: column,
    key: column,
    width: column === 'description' || column === 'category' || column === 'images' ? 40 : 16,
    style: {
      numFmt: MONEY_COLUMNS.has(column) ? '0.00' : NUMBER_COLUMNS.has(column) ? 'General' : '@',
    },
  }));
  sheet.getRow(1).font = { bold: true };
  for (const cells of content.rows)
    sheet.addRow(BULK_CATALOG_COLUMNS.map((column) => cellValue(column, cells[column] ?? '')));

  const allowedSheet = workbook.addWorksheet(ALLOWED_SHEET);
  allowedSheet.columns = [
    { header: 'column', key: 'column', width: 18 },
    { header: 'value', key: 'value', width: 50 },
    { header: 'meaning', key: 'meaning', width: 40 },
  ];
  allowedSheet.getRow(1).font = { bold: true };
  for (const line of content.allowed.slice(1)) allowedSheet.addRow(line);
  const categoryRows = content.allowed
    .map((line, index) => ({ line, excelRow: index + 1 }))
    .filter(({ line }) => line[0] === 'category' && line[1] !== '');

  const lastRow = BULK_CATALOG_MAX_ROWS + 1;
  const validations: Partial<Record<BulkCatalogColumn, ExcelJS.DataValidation>> = {};
  if (categoryRows.length > 0) {
    const first = categoryRows[0]!.excelRow;
    const last = categoryRows[categoryRows.length - 1]!.excelRow;
    validations.category = {
      type: 'list',
      allowBlank: true,
      formulae: [`'${ALLOWED_SHEET}'!$B$${first}:$B$${last}`],
      showErrorMessage: true,
      errorTitle: 'Category',
      error: `Choose a category path from the ${ALLOWED_SHEET} sheet`,
    };
  }
  for (const [column, values] of Object.entries(content.lists) as [BulkCatalogColumn, string[]][])
    validations[column] = {
      type: 'list',
      allowBlank: true,
      formulae: [`"${values.join(',')}"`],
      showErrorMessage: true,
      error: `Use one of: ${values.join(', ')}`,
    };
  for (const column of WHOLE_COLUMNS)
    validations[column] = {
      type: 'whole',
      operator: 'greaterThanOrEqual',
      allowBlank: true,
      formulae: [0],
      showErrorMessage: true,
      error: 'Enter a whole number, 0 or more',
    };
  for (const column of MONEY_COLUMNS)
    validations[column] = {
      type: 'decimal',
      operator: 'greaterThanOrEqual',
      allowBlank: true,
      formulae: [0],
      showErrorMessage: true,
      error: 'Enter an amount in naira, 0 or more',
    };
  for (const [column, validation] of Object.entries(validations) as [
    BulkCatalogColumn,
    ExcelJS.DataValidation,
  ][]) {
    const letter = sheet.getColumn(column).letter;
    // One range per column: per-cell validations would make 2,000 cells each only to be merged back on write.
    (sheet as unknown as RangeValidations).dataValidations.add(`${letter}2:${letter}${lastRow}`, validation);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
