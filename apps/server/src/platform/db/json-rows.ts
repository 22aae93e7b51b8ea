import { type Column, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { AnyPgTable } from 'drizzle-orm/pg-core';

// Rows that cross a statement as JSON (ADR 036, 037): a checkout's rows go in as one JSON parameter per table, so
// that the statement's text is fixed and built once, and come back as `row_to_json`, decoded by the columns.

/** The name the database knows a column by: given in the schema, or the key in snake_case (the app's casing). */
function columnName(key: string, column: Column): string {
  return column.keyAsName ? toSnakeCase(key) : column.name;
}

/** The database name of `table`'s column `key`; a key the table does not have is a mistake in the caller. */
function columnNameOf(table: AnyPgTable, key: string): string {
  const column = getTableColumns(table)[key];
  if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
  return columnName(key, column);
}

const decoders = new WeakMap<AnyPgTable, [string, string, Column][]>();

function columnsOf(table: AnyPgTable): [string, string, Column][] {
  let columns = decoders.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table)).map(
      ([key, column]) => [key, columnName(key, column), column] as [string, string, Column],
    );
    decoders.set(table, columns);
  }
  return columns;
}

/** A JSON value as the driver gives it: parsed already (node-postgres, PGlite for `json`) or still text. */
export function parsedJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * A row of `table` read from JSON (`row_to_json` of a row or a `returning` list): keys in snake_case, values decoded
 * by the column as the driver's would be (times to Date).
 */
export function rowFromJson<T>(table: AnyPgTable, json: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [key, name, column] of columnsOf(table)) {
    const value = json[name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T;
}

/** `rowFromJson` for a JSON list (`json_agg`), parsed or not. */
export function rowsFromJson<T>(table: AnyPgTable, value: unknown): T[] {
  return parsedJson<Record<string, unknown>[]>(value ?? []).map((json) => rowFromJson<T>(table, json));
}

/**
 * Rows to insert with `insertFromJson`, as one JSON text: the given keys only, under the columns' names. Times go
 * as ISO strings (`Date.toJSON`), JSON columns as JSON, null as null: what `jsonb_populate_recordset` reads.
 */
export function jsonRows<K extends string>(
  table: AnyPgTable,
  keys: readonly K[],
): (rows: readonly Partial<Record<K, unknown>>[]) => string {
  const names = keys.map((key) => [key, columnNameOf(table, key)] as const);
  return (rows) =>
    JSON.stringify(
      rows.map((row) => {
        const json: Record<string, unknown> = {};
        for (const [key, name] of names) json[name] = row[key] ?? null;
        return json;
      }),
    );
}

/**
 * `insert into table (the keys' columns) select … from jsonb_populate_recordset(null::table, rows)`: every row of a
 * JSON list (`jsonRows` with the same keys, the value of `placeholder`) in one insert whose text does not depend on the number of rows. Columns
 * not named keep their defaults.
 */
export function insertFromJson(table: AnyPgTable, keys: readonly string[], placeholder: string): SQL {
  const names = sql.raw(keys.map((key) => `"${columnNameOf(table, key)}"`).join(', '));
  return sql`insert into ${table} (${names}) select ${names} from jsonb_populate_recordset(null::${table}, ${sql.placeholder(placeholder)}::jsonb)`;
}
