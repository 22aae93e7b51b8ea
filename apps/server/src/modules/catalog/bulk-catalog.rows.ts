import {
  BULK_CATALOG_COLUMNS,
  BULK_CATALOG_MAX_BYTES,
  BULK_CATALOG_MAX_ROWS,
  BULK_VARIANT_COLUMNS,
  type BulkCatalogColumn,
  type BulkCatalogProblem,
  koboToNaira,
  MAX_NAIRA,
  nairaToKobo,
} from '@market/contracts';
import { CsvError, parse } from 'csv-parse/sync';

// Reading a catalogue spreadsheet (ADR 077), with no database: bytes to checked rows, and cells to the product
// form's fields. Every problem is reported as the spreadsheet's row number and the column's header.

export type Cells = Partial<Record<BulkCatalogColumn, string>>;

export interface CatalogRecord {
  /** The row number a spreadsheet shows: the header is row 1. */
  row: number;
  cells: Cells;
}

export interface CatalogFile {
  columns: Set<BulkCatalogColumn>;
  records: CatalogRecord[];
}

const known = new Set<string>(BULK_CATALOG_COLUMNS);
const variantColumns = new Set<BulkCatalogColumn>(BULK_VARIANT_COLUMNS);

/** The inverse of the export's formula guard (platform/csv.ts): a cell it prefixed comes back as it was. */
const GUARDED = /^'[=+\-@\t\r]/;

function problem(row: number, column: string | null, message: string): BulkCatalogProblem {
  return { row, column, message };
}

export interface CatalogRead {
  file?: CatalogFile;
  problems: BulkCatalogProblem[];
  /** The file could not be read at all (size, format, encoding): answered as a 422, not a list of rows. */
  refused?: boolean;
}

/** A file that cannot be read as a catalogue at all. */
export function fileRefused(message: string, row = 1): CatalogRead {
  return { problems: [problem(row, null, message)], refused: true };
}

/** The size limit every upload meets before it is parsed, whatever its format. */
export function sizeRefusal(bytes: Buffer): CatalogRead | undefined {
  if (bytes.length === 0) return fileRefused('The file is empty');
  if (bytes.length > BULK_CATALOG_MAX_BYTES)
    return fileRefused(`The file must be ${BULK_CATALOG_MAX_BYTES / 1024 / 1024} MB or smaller`);
  return undefined;
}

/**
 * Checks the upload is a CSV text file before parsing it: the size, not a binary (NUL bytes), and UTF-8. Then
 * parses it with csv-parse (RFC 4180: quoted cells, doubled quotes, line breaks inside cells, a byte-order mark)
 * and checks the header. A workbook is told apart by its zip signature before this (bulk-catalog.xlsx.ts).
 */
export function readCatalogCsv(bytes: Buffer): CatalogRead {
  const tooBig = sizeRefusal(bytes);
  if (tooBig) return tooBig;
  if (bytes.includes(0)) return fileRefused('This is neither a CSV text file nor an Excel workbook (.xlsx)');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return fileRefused('Save the file as "CSV UTF-8": it has characters that are not UTF-8');
  }

  let table: string[][];
  try {
    table = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      return fileRefused(`The file is not valid CSV near line ${line}: ${error.code}`, line);
    }
    throw error;
  }
  return readCatalogTable(table);
}

/**
 * A parsed sheet (CSV or workbook), the header first, to checked records. A cell the export guarded against
 * formula injection reads back without its apostrophe.
 */
export function readCatalogTable(table: string[][]): CatalogRead {
  const [head, ...body] = table;
  if (!head) return { problems: [problem(1, null, 'The file is empty')] };
  const problems: BulkCatalogProblem[] = [];
  const header = head.map((name) => name.trim().toLowerCase());
  const columns = new Set<BulkCatalogColumn>();
  header.forEach((name, index) => {
    if (name === '' && body.every((cells) => (cells[index] ?? '').trim() === '')) return;
    if (!known.has(name)) {
      problems.push(
        problem(1, name || `column ${index + 1}`, `Unknown column; use ${BULK_CATALOG_COLUMNS.join(', ')}`),
      );
    } else if (columns.has(name as BulkCatalogColumn)) {
      problems.push(problem(1, name, 'This column appears twice'));
    } else columns.add(name as BulkCatalogColumn);
  });
  if (!columns.has('sku')) problems.push(problem(1, 'sku', 'The header needs a sku column'));
  if (problems.length > 0) return { problems };

  const records: CatalogRecord[] = [];
  body.forEach((raw, index) => {
    const row = index + 2;
    if (raw.every((cell) => cell.trim() === '')) return;
    if (raw.length > header.length) {
      problems.push(
        problem(row, null, `This row has ${raw.length} cells but the header has ${header.length}`),
      );
      return;
    }
    const cells: Cells = {};
    header.forEach((name, at) => {
      if (!columns.has(name as BulkCatalogColumn)) return;
      const value = (raw[at] ?? '').trim();
      cells[name as BulkCatalogColumn] = GUARDED.test(value) ? value.slice(1) : value;
    });
    records.push({ row, cells });
  });
  if (records.length === 0) problems.push(problem(2, null, 'The file has no product rows'));
  if (records.length > BULK_CATALOG_MAX_ROWS)
    return fileRefused(`A file may hold at most ${BULK_CATALOG_MAX_ROWS} rows`, BULK_CATALOG_MAX_ROWS + 2);
  return problems.length > 0 ? { problems } : { file: { columns, records }, problems };
}

/** A variant row fills only its own columns; a value elsewhere would silently be dropped, so it is refused. */
export function variantRowProblems(record: CatalogRecord): BulkCatalogProblem[] {
  return Object.entries(record.cells)
    .filter(([column, value]) => !variantColumns.has(column as BulkCatalogColumn) && value !== '')
    .map(([column]) =>
      problem(
        record.row,
        column,
        "Leave this blank on a variant row: it belongs on the parent product's row",
      ),
    );
}

// ---------- cells to values ----------

export class CellError extends Error {}

/**
 * Naira as the spreadsheet shows it (`12500`, `12,500.50`, `₦12,500`) to an exact naira number; the text goes
 * through `nairaToKobo`, never through floating point, so `19.99` is 1999 kobo.
 */
export function nairaCell(value: string): number {
  const text = value.replace(/^(₦|NGN)\s*/i, '');
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/.test(text))
    throw new CellError('Enter an amount in naira, such as 12500.50');
  let kobo: number;
  try {
    kobo = nairaToKobo(text.replaceAll(',', ''));
  } catch {
    throw new CellError('Use at most 2 decimal places');
  }
  if (kobo > MAX_NAIRA * 100)
    throw new CellError(`Amounts are at most ₦${MAX_NAIRA.toLocaleString('en-NG')}`);
  return koboToNaira(kobo);
}

/** A whole number, commas allowed as thousands separators; the form's rules then check its range. */
export function wholeCell(value: string): number {
  if (!/^-?(\d{1,3}(,\d{3})+|\d+)$/.test(value)) throw new CellError('Enter a whole number');
  return Number(value.replaceAll(',', ''));
}

export function decimalCell(value: string): number {
  if (!/^\d+(\.\d+)?$/.test(value)) throw new CellError('Enter a number, such as 0.5');
  return Number(value);
}

export function oneOf<const T extends string>(values: readonly T[], value: string): T {
  const match = values.find((candidate) => candidate === value.toLowerCase());
  if (!match) throw new CellError(`Use one of: ${values.join(', ')}`);
  return match;
}

const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A day as Nigerians write it, day first (`31/12/2026`, `1-6-2026`, `31.12.2026`), or ISO (`2026-12-31`), to
 * YYYY-MM-DD. A day that does not exist (31/02/2026) is refused, never rolled over into March.
 */
export function dayCell(value: string): string {
  const dayFirst = DAY_FIRST.exec(value);
  const iso = ISO_DAY.exec(value);
  const parts = dayFirst
    ? { year: dayFirst[3]!, month: dayFirst[2]!, day: dayFirst[1]! }
    : iso
      ? { year: iso[1]!, month: iso[2]!, day: iso[3]! }
      : undefined;
  if (!parts) throw new CellError('Enter a date such as 31/12/2026 (day first) or 2026-12-31');
  const text = `${parts.year}-${parts.month.padStart(2, '0')}-${parts.day.padStart(2, '0')}`;
  const date = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text)
    throw new CellError(`There is no such day as ${value}`);
  if (text < '2000-01-01' || text > '2099-12-31') throw new CellError('Choose a date from 2000 to 2099');
  return text;
}

/** Paragraphs are the cell's lines. */
export function paragraphsCell(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export function listCell(value: string): string[] {
  return value.split(/\s+/).filter((item) => item !== '');
}

/** Kobo as the export writes it: naira with exactly 2 decimals and no grouping, so it reads back exactly. */
export function nairaText(kobo: number): string {
  return `${Math.trunc(kobo / 100)}.${String(kobo % 100).padStart(2, '0')}`;
}

/** The category path as the file writes it. */
export function categoryPath(names: (string | null | undefined)[]): string {
  return names.filter((name): name is string => !!name).join(' > ');
}

/** A path's lookup key: levels trimmed, case and spacing ignored. */
export function categoryKey(path: string): string {
  return path
    .split('>')
    .map((name) => name.trim().toLowerCase().replace(/\s+/g, ' '))
    .join('>');
}
