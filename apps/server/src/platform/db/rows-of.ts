// The rows of a raw statement (`db.execute`): node-postgres answers `{ rows }`, PGlite the same shape, and a
// driver may answer the list itself. Drizzle types the answer by driver, so the callers hand it in as unknown and
// name the row they selected.

/** The rows `db.execute` answered, whichever driver ran it. */
export function rowsOf<T = unknown>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}
