import { customType } from 'drizzle-orm/pg-core';

// Money columns (ADR 063): PostgreSQL `bigint` kobo, read into JavaScript as a number. A number holds every integer
// up to 2^53 − 1 exactly (₦90,071,992,547,409.91), far beyond what one order may come to (ORDER_LIMIT_NAIRA) or
// what the whole marketplace sells in its lifetime. The drivers differ: node-postgres gives `bigint` as text,
// PGlite as a number (or a BigInt above 2^53); both arrive here and leave as a number, or the read fails loudly
// rather than return a rounded amount.

/** Kobo as the database gave it (text, number or BigInt) as an exact JavaScript number; throws past 2^53 − 1. */
export function koboFromDb(value: unknown): number {
  const kobo = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(kobo)) {
    throw new RangeError(`Kobo amount ${String(value)} is not a whole number JavaScript holds exactly`);
  }
  return kobo;
}

/** A money column: `bigint` kobo, read through `koboFromDb`. */
export const kobo = customType<{ data: number; driverData: string | number | bigint }>({
  dataType: () => 'bigint',
  fromDriver: koboFromDb,
  toDriver: (value) => {
    if (!Number.isSafeInteger(value)) throw new RangeError(`Kobo amount ${value} is not a safe whole number`);
    return value;
  },
});
