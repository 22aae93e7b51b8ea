import { z } from 'zod';
import { nairaToKobo } from './money-format.js';

export * from './money-format.js';

/**
 * The most any single amount in a request may be: ₦1,000,000,000 (10^11 kobo). Kobo columns are PostgreSQL
 * `bigint` and read as JavaScript numbers (ADR 063), exact to 2^53 − 1 kobo (about ₦90 trillion). At this maximum a
 * full cart (50 lines of 999 units) still adds up to 5 × 10^15 kobo, below 2^53, so no figure the server computes
 * from request amounts loses a kobo. What one order may come to is the server's own, smaller limit
 * (`ORDER_LIMIT_NAIRA`, ₦50,000,000 by default).
 */
export const MAX_NAIRA = 1_000_000_000;

export const nairaAmount = z
  .number({ error: 'Enter an amount in naira' })
  .nonnegative('Amount cannot be negative')
  .max(MAX_NAIRA, 'Amount is too large')
  .refine((value) => {
    try {
      nairaToKobo(value);
      return true;
    } catch {
      return false;
    }
  }, 'Use at most 2 decimal places')
  .meta({ multipleOf: 0.01 });

/** The rules of `nairaAmount` for the document, where a coerced query value would show only `number`. */
export const nairaAmountRules = { minimum: 0, maximum: MAX_NAIRA, multipleOf: 0.01 } as const;
