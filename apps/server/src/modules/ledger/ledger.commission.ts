import { type SQL, sql } from 'drizzle-orm';

// Commission arithmetic (ADR 027, 037): the same integer rule in TypeScript and in SQL.

/** round(a × b / c), halves up, exactly (BigInt: kobo × kobo passes 2^53). */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  if (c === 0) return 0;
  const product = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  return Number((product * 2n + divisor) / (divisor * 2n));
}

/** Commission on the item subtotal, half up, never more than what the store gets after its discount. */
export function commissionOf(subtotalKobo: number, discountKobo: number, basisPoints: number): number {
  return Math.min(mulDivHalfUp(subtotalKobo, basisPoints, 10_000), Math.max(0, subtotalKobo - discountKobo));
}

/** `commissionOf` in SQL, for the statement that sets it at payment (ADR 037): the same integer arithmetic. */
export function commissionSql(subtotalKobo: SQL, discountKobo: SQL, basisPoints: SQL): SQL {
  return sql`least((${subtotalKobo}::bigint * ${basisPoints} * 2 + 10000) / 20000,
    greatest(0, ${subtotalKobo} - ${discountKobo}))::bigint`;
}

/** The commission of a store without a payment category (logged: every store should have one). */
export const STANDARD_BASIS_POINTS = 1000;
