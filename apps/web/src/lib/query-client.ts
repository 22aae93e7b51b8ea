import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, NetworkError } from './errors';
import { notifyError } from './notify';
import type { ErrorToastOptions } from './toast-rules';

/** Query cache settings of the specification, section 9. */
export const QUERY_STALE_TIME_MS = 2 * 60_000;
export const QUERY_GC_TIME_MS = 10 * 60_000;
export const MAX_RETRIES = 2;

/**
 * Up to 2 retries; never on 401, 429 or another client error, nor on an aborted request, nor on a busy refusal
 * (503 with `Retry-After`): the API client has already sent that one again after each of the server's waits, and
 * retrying here would multiply those resends against a server that is shedding load.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof NetworkError) return error.type !== 'abort';
  if (error instanceof ApiError) return error.status >= 500 && !isBusyRefusalAlreadyResent(error);
  return false;
}

function isBusyRefusalAlreadyResent(error: ApiError): boolean {
  return error.status === 503 && error.code === 'SERVICE_UNAVAILABLE' && error.retryAfter !== undefined;
}

/** 1 s, 2 s, 4 s… capped at 30 s. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1_000 * 2 ** attemptIndex, 30_000);
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { toast?: false | ErrorToastOptions };
    mutationMeta: { toast?: false | ErrorToastOptions };
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const toastOptions = query.meta?.toast;
        if (toastOptions !== false) notifyError(error, toastOptions);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const toastOptions = mutation.meta?.toast;
        if (toastOptions !== false) notifyError(error, toastOptions);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
