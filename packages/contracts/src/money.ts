import { z } from 'zod';
import { nairaToKobo } from './money-format.js';

export * from './money-format.js';

/**
 * A naira amount in a request: non-negative, at most 2 decimals, and at most what an integer kobo column holds
 * (2³¹−1 kobo, ₦21,474,836.47): a larger amount would fail in the database instead of being refused here.
 */
/** 2³¹−1 kobo in naira: the most a PostgreSQL `integer` kobo column holds. */
export const MAX_NAIRA = 21_474_836.47;

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
