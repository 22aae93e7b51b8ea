import { ApiError, NetworkError } from './errors';

/** Toasts stay 4 s; the same text again within 1200 ms shows once (specification, sections 8 and 9). */
export const TOAST_DURATION_MS = 4_000;
export const TOAST_DEDUPE_WINDOW_MS = 1_200;
/** Toasts sit at the top right, just below the sticky headers (64 px at most on a phone): ADR 058. */
export const TOAST_TOP_OFFSET = '72px';

export const DEFAULT_API_ERROR = 'Unexpected error';
export const DEFAULT_UNKNOWN_ERROR = 'Sorry, something went wrong';

/** Which network message a failed call shows: sign-in/up and most calls, or the password flows. */
export type NetworkContext = 'default' | 'password';
export const NETWORK_MESSAGES: Record<NetworkContext, string> = {
  default: 'Check network connection',
  password: 'Please check your internet and try again',
};

/** The guard's refusal, "Your role (sales) does not have the coupons:write permission" (auth.guard.ts). */
const MISSING_PERMISSION = /^(Your role|This account) \(.*\) does not have the .+ permission$/;
export const ROLE_REFUSED = 'Your role does not allow this. Ask whoever manages your account if you need it.';

export interface ErrorToastOptions {
  network?: NetworkContext;
  /** Shown instead of the server's text when a screen has its own failure message. */
  fallback?: string;
}

/** The text of the error toast for a failure, or null when none is shown (aborted requests, 401). */
export function errorToastMessage(error: unknown, options: ErrorToastOptions = {}): string | null {
  if (error instanceof NetworkError) {
    if (error.type === 'abort') return null;
    return NETWORK_MESSAGES[options.network ?? 'default'];
  }
  if (error instanceof ApiError) {
    if (error.status === 401) return null;
    // The server names the missing permission by its id (for API callers); a person is told what it means.
    if (error.status === 403 && MISSING_PERMISSION.test(error.message)) return ROLE_REFUSED;
    const firstDetail = error.status === 422 ? error.details[0]?.message : undefined;
    if (firstDetail) return firstDetail;
    if (error.message) return error.message;
    if (error.code !== 'UNKNOWN') return error.code;
    return options.fallback ?? DEFAULT_API_ERROR;
  }
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  return options.fallback ?? DEFAULT_UNKNOWN_ERROR;
}

/** Lets a message through unless the same one passed less than `windowMs` ago. */
export function createToastDeduper(windowMs = TOAST_DEDUPE_WINDOW_MS, now: () => number = Date.now) {
  const lastShown = new Map<string, number>();
  return function shouldShow(message: string): boolean {
    const at = now();
    const previous = lastShown.get(message);
    for (const [text, time] of lastShown) if (at - time >= windowMs) lastShown.delete(text);
    if (previous !== undefined && at - previous < windowMs) return false;
    lastShown.set(message, at);
    return true;
  };
}
