import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './errors';
import {
  createQueryClient,
  QUERY_GC_TIME_MS,
  QUERY_STALE_TIME_MS,
  retryDelay,
  shouldRetry,
} from './query-client';

describe('query settings (section 9)', () => {
  it('keeps data fresh 2 minutes and cached 10 minutes', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(QUERY_STALE_TIME_MS).toBe(120_000);
    expect(QUERY_GC_TIME_MS).toBe(600_000);
    expect(defaults?.staleTime).toBe(QUERY_STALE_TIME_MS);
    expect(defaults?.gcTime).toBe(QUERY_GC_TIME_MS);
  });

  it('retries up to 2 times, never on 401, 429 or other client errors', () => {
    const serverDown = new ApiError(503, 'SERVICE_UNAVAILABLE', 'Down');
    expect(shouldRetry(0, serverDown)).toBe(true);
    expect(shouldRetry(1, serverDown)).toBe(true);
    expect(shouldRetry(2, serverDown)).toBe(false);
    expect(shouldRetry(0, new NetworkError('network'))).toBe(true);
    expect(shouldRetry(0, new NetworkError('abort'))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, 'TOKEN_EXPIRED', ''))).toBe(false);
    expect(shouldRetry(0, new ApiError(429, 'RATE_LIMITED', ''))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'NOT_FOUND', ''))).toBe(false);
  });

  it('does not retry a busy refusal the API client already sent again after its waits', () => {
    const busy = new ApiError(503, 'SERVICE_UNAVAILABLE', 'Busy', [], 1);
    expect(shouldRetry(0, busy)).toBe(false);
    // A 503 without Retry-After (an outcome unknown at a provider) and other 5xx are still retried.
    expect(shouldRetry(0, new ApiError(503, 'SERVICE_UNAVAILABLE', 'Unknown'))).toBe(true);
    expect(shouldRetry(0, new ApiError(500, 'INTERNAL_ERROR', '', [], 1))).toBe(true);
  });

  it('doubles the delay from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });
});
