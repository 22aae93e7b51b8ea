import type { ErrorCode, ErrorDetail } from '@market/contracts';

/** A failure answer of the server: `{ message, error, details? }` with its HTTP status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'UNKNOWN',
    message: string,
    readonly details: ErrorDetail[] = [],
    /** Seconds to wait, from Retry-After on 429 answers. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export type NetworkErrorType = 'network' | 'timeout' | 'abort';

/** No answer at all: offline, timed out, or cancelled by the caller. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(
    readonly type: NetworkErrorType,
    message = type === 'timeout' ? 'The request timed out' : type === 'abort' ? 'Aborted' : 'Network error',
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}
