import { z } from 'zod';
import { nairaToKobo } from './money-format.js';

export * from './money-format.js';

/** A naira amount in a request: non-negative, at most 2 decimals, below ₦1 billion. */
export const nairaAmount = z
  .number({ error: 'Enter an amount in naira' })
  .nonnegative('Amount cannot be negative')
  .max(999_999_999.99, 'Amount is too large')
  .refine((value) => {
    try {
      nairaToKobo(value);
      return true;
    } catch {
      return false;
    }
  }, 'Use at most 2 decimal places');
