/**
 * For number inputs registered with react-hook-form: an empty field becomes NaN, so the contract's zod schema
 * reports "required" instead of silently treating it as 0.
 */
export const numberOrNaN = (value: unknown): number =>
  value === '' || value === null || value === undefined ? Number.NaN : Number(value);
