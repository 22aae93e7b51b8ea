import { z } from 'zod';

/** Every success answer: `{ message, data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ message: z.string(), data });
}

export const messageOnly = z.object({ message: z.string(), data: z.null().optional() });

export const errorCodes = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'EMAIL_NOT_CONFIRMED',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'VALIDATION_ERROR',
  'RATE_LIMITED',
  /** Sign-in from an address the account has not used, while strangers hammer it: a mailed code is needed too. */
  'SIGN_IN_CODE_REQUIRED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorDetail = z.object({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof errorDetail>;

/** Every failure answer: `{ message, error, details? }`; `error` is a stable code. */
export const errorEnvelope = z.object({
  message: z.string(),
  error: z.enum(errorCodes),
  details: z.array(errorDetail).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(12),
});

export const pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  totalItems: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof pagination>;
/**
 * Beside a list's `pagination`: `totalItems` (and so `totalPages`) is exact, or, when true, PostgreSQL's estimate
 * beyond the list's exact-count bound (ADR 114); screens then read "about 12,400 orders".
 */
export const countIsEstimate = z.boolean();
