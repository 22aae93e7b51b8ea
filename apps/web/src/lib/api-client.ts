import {
  type AccountKind,
  authEndpoints,
  type Endpoint,
  type ErrorCode,
  type ErrorDetail,
  errorCodes,
  fillPath,
  IDEMPOTENCY_KEY_HEADER,
  type Session,
  type Surface,
  sessionCookies,
} from '@market/contracts';
import type { z } from 'zod';
import { accountKindFromPath } from './account';
import { REQUEST_TIMEOUT_MS, surfaceBaseUrls } from './config';
import { ApiError, NetworkError } from './errors';
import { getSession, type StoredSession, toStoredSession, useSessionStore } from './session';

// ---------- types drawn from the contract ----------

type NoInput<Key extends string> = { [K in Key]?: undefined };
type InputPart<Key extends string, S> = [S] extends [z.ZodNever]
  ? NoInput<Key>
  : S extends z.ZodType
    ? undefined extends z.input<S>
      ? { [K in Key]?: z.input<S> }
      : { [K in Key]: z.input<S> }
    : NoInput<Key>;

type PartsOf<E> = E extends Endpoint<infer P, infer Q, infer B, infer R> ? [P, Q, B, R] : never;

export type CallOptions<E extends Endpoint> = {
  /** Whose session to use; defaults to the account type of the current path. */
  kind?: AccountKind;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** A multipart upload (endpoints with `upload`): sent as is, the browser sets the content type. */
  form?: FormData;
  /** 'blob' reads a successful answer as a file (private documents) instead of a JSON envelope. */
  responseType?: 'json' | 'blob';
  /**
   * The Idempotency-Key of a money mutation (endpoints marked `idempotent`, ADR 064). Without it each call makes its
   * own key, reused for every re-send of that call (after a token refresh, after a lost connection); a screen that
   * re-sends the same action itself may pass the key it used.
   */
  idempotencyKey?: string;
} & InputPart<'params', PartsOf<E>[0]> &
  InputPart<'query', PartsOf<E>[1]> &
  InputPart<'body', PartsOf<E>[2]>;

export type ResponseOf<E extends Endpoint> = PartsOf<E>[3] extends z.ZodType
  ? z.output<PartsOf<E>[3]>
  : never;

// ---------- the client ----------

export interface ApiClientDeps {
  fetch: typeof fetch;
  baseUrls: Record<Surface, string>;
  timeoutMs: number;
  getSession(kind: AccountKind): StoredSession | undefined;
  setSession(kind: AccountKind, session: StoredSession): void;
  clearSession(kind: AccountKind): void;
  /** Called after a failed refresh has signed the account out (the app goes to `/{segment}/login`). */
  onSignedOut(kind: AccountKind): void;
  currentKind(): AccountKind;
  /** The value of a cookie the page can read (themes calls take their bearer token from `token`, section 6). */
  readCookie?(name: string): string | undefined;
}

export interface RawAnswer {
  status: number;
  ok: boolean;
  payload: unknown;
  retryAfter?: number;
}

const kinds: AccountKind[] = ['customer', 'merchant', 'admin', 'partner'];
/** Calls that never trigger a refresh: signing in, refreshing and signing out themselves. */
const sessionCalls = new Set<Endpoint>(
  kinds.flatMap((kind) => [
    authEndpoints[kind].login,
    authEndpoints[kind].refresh,
    authEndpoints[kind].logout,
  ]),
);
const logoutCalls = new Set<Endpoint>(kinds.map((kind) => authEndpoints[kind].logout));
const knownCodes = new Set<string>(errorCodes);

function buildQuery(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * A new Idempotency-Key: a random UUID. `crypto.randomUUID` exists only on secure pages (HTTPS, localhost), so on
 * others the same version-4 UUID is built from `crypto.getRandomValues`, which every browser has.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A refusal about the token (expired, not valid, the session ended): a refresh may cure it, so the request is sent
 * again after one (the specification's "refresh once on 401 or 403"). A refusal for lack of permission (FORBIDDEN,
 * EMAIL_NOT_CONFIRMED) is final: sending it again would only be refused again, and a money request must not go out
 * twice. A 401 without our envelope (a proxy's) is still about the credentials.
 */
export function isTokenRefusal(answer: RawAnswer): boolean {
  if (answer.status !== 401 && answer.status !== 403) return false;
  const { code } = toApiError(answer);
  return code === 'TOKEN_EXPIRED' || code === 'UNAUTHORIZED' || (answer.status === 401 && code === 'UNKNOWN');
}

/** How often one call is sent again after the server said it was busy, and the longest wait it honours. */
export const BUSY_RESENDS = 3;
const LONGEST_BUSY_WAIT_SECONDS = 5;

/**
 * The server's load-shedding refusal (busy.ts on the server): 503 SERVICE_UNAVAILABLE with `Retry-After`, given
 * before the request did anything, so the same request may be sent again after the wait, a write included. Other
 * 503s (an outcome still unknown at a provider, no shipping rates) carry no `Retry-After` and are final answers.
 */
export function isBusyRefusal(answer: RawAnswer): boolean {
  return (
    answer.status === 503 &&
    answer.retryAfter !== undefined &&
    toApiError(answer).code === 'SERVICE_UNAVAILABLE'
  );
}

export function toApiError(answer: RawAnswer): ApiError {
  const payload = (answer.payload ?? {}) as { message?: unknown; error?: unknown; details?: unknown };
  const message = typeof payload.message === 'string' ? payload.message : '';
  const code: ErrorCode | 'UNKNOWN' =
    typeof payload.error === 'string' && knownCodes.has(payload.error)
      ? (payload.error as ErrorCode)
      : 'UNKNOWN';
  const details = Array.isArray(payload.details)
    ? (payload.details as ErrorDetail[]).filter((detail) => typeof detail?.message === 'string')
    : [];
  return new ApiError(answer.status, code, message, details, answer.retryAfter);
}

export function createApiClient(deps: ApiClientDeps) {
  /** The refresh in flight per account type; every request of that type waits for it. */
  const refreshing = new Map<AccountKind, Promise<boolean>>();

  async function send(
    url: string,
    init: RequestInit,
    signal: AbortSignal | undefined,
    timeoutMs: number,
    asBlob = false,
  ): Promise<RawAnswer> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    if (signal?.aborted) controller.abort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await deps.fetch(url, { ...init, signal: controller.signal, credentials: 'include' });
      if (asBlob && response.ok) return { status: response.status, ok: true, payload: await response.blob() };
      const text = await response.text();
      let payload: unknown;
      try {
        payload = text ? JSON.parse(text) : undefined;
      } catch {
        payload = undefined; // an HTML error page from a proxy: no envelope
      }
      const retryAfterHeader = response.headers.get('retry-after');
      const retryAfter = retryAfterHeader ? Number(retryAfterHeader) : undefined;
      return {
        status: response.status,
        ok: response.ok,
        payload,
        retryAfter: Number.isFinite(retryAfter) ? retryAfter : undefined,
      };
    } catch {
      if (timedOut) throw new NetworkError('timeout');
      if (controller.signal.aborted) throw new NetworkError('abort');
      throw new NetworkError('network');
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async function runRefresh(kind: AccountKind, refreshToken: string): Promise<boolean> {
    const endpoint = authEndpoints[kind].refresh;
    const answer = await send(
      `${deps.baseUrls[endpoint.surface]}${endpoint.path}`,
      {
        method: endpoint.method,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      },
      undefined,
      deps.timeoutMs,
    );
    if (answer.ok) {
      const session = (answer.payload as { data: Session }).data;
      deps.setSession(kind, toStoredSession(session));
      return true;
    }
    if (answer.status >= 500) throw toApiError(answer); // the server is down, the session may still be fine
    deps.clearSession(kind);
    deps.onSignedOut(kind);
    return false;
  }

  /** One refresh per account type at a time; a request that failed with an old token just retries. */
  function refreshOnce(kind: AccountKind, tokenUsed: string): Promise<boolean> {
    const running = refreshing.get(kind);
    if (running) return running;
    const current = deps.getSession(kind);
    if (!current) return Promise.resolve(false);
    if (current.token !== tokenUsed) return Promise.resolve(true);
    const promise = runRefresh(kind, current.refreshToken).finally(() => refreshing.delete(kind));
    refreshing.set(kind, promise);
    return promise;
  }

  /**
   * The bearer token of a call: the session's, except that themes-service calls read the account's access cookie
   * first (section 6: `token` for merchants; login and refresh set it to the same token). A cookie token that
   * fails is retried once with the session's before any refresh.
   */
  function tokenFor(endpoint: Endpoint, kind: AccountKind, sessionOnly: boolean): string | undefined {
    const session = deps.getSession(kind)?.token;
    if (endpoint.surface !== 'themes' || sessionOnly) return session;
    return deps.readCookie?.(sessionCookies[kind].access) || session;
  }

  async function call<E extends Endpoint>(endpoint: E, options: CallOptions<E>): Promise<ResponseOf<E>> {
    const { kind: explicitKind, signal, timeoutMs = deps.timeoutMs, form, responseType } = options;
    // One key per call of a money mutation: every re-send below carries the same key, so the server does it once.
    const idempotencyKey = endpoint.idempotent ? (options.idempotencyKey ?? newIdempotencyKey()) : undefined;
    const { params, query, body } = options as {
      params?: Record<string, string>;
      query?: unknown;
      body?: unknown;
    };
    const kind = explicitKind ?? deps.currentKind();
    const url = `${deps.baseUrls[endpoint.surface]}${fillPath(endpoint.path, params)}${buildQuery(query)}`;
    const sendsToken = endpoint.access.kind === 'signed-in' || logoutCalls.has(endpoint);
    const mayRefresh = sendsToken && !sessionCalls.has(endpoint);
    let retried = false;
    let sessionOnly = false;
    let resentAfterNetworkError = false;
    let busyResends = 0;

    for (;;) {
      const running = mayRefresh ? refreshing.get(kind) : undefined;
      if (running) await running.catch(() => false);
      const token = sendsToken ? tokenFor(endpoint, kind, sessionOnly) : undefined;
      const headers: Record<string, string> = { accept: 'application/json' };
      if (body !== undefined && !form) headers['content-type'] = 'application/json';
      if (token) headers.authorization = `Bearer ${token}`;
      if (idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
      const payload = form ?? (body === undefined ? undefined : JSON.stringify(body));
      let answer: RawAnswer;
      try {
        answer = await send(
          url,
          { method: endpoint.method, headers, body: payload },
          signal,
          timeoutMs,
          responseType === 'blob',
        );
      } catch (error) {
        // A lost connection may have lost only the answer: a keyed money request is sent once more with its key,
        // and the server answers what it did (ADR 064). Nothing else is re-sent blindly.
        if (
          idempotencyKey &&
          !resentAfterNetworkError &&
          error instanceof NetworkError &&
          error.type === 'network'
        ) {
          resentAfterNetworkError = true;
          continue;
        }
        throw error;
      }
      if (answer.ok) return answer.payload as ResponseOf<E>;

      if (isBusyRefusal(answer) && busyResends < BUSY_RESENDS) {
        busyResends += 1;
        const seconds = Math.min(Math.max(answer.retryAfter ?? 1, 0), LONGEST_BUSY_WAIT_SECONDS);
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
        if (signal?.aborted) throw new NetworkError('abort');
        continue;
      }
      const authFailure = isTokenRefusal(answer);
      if (authFailure && mayRefresh && !sessionOnly && token && token !== deps.getSession(kind)?.token) {
        sessionOnly = true; // a stale cookie: try the session's token first
        continue;
      }
      if (authFailure && mayRefresh && token && !retried && deps.getSession(kind)?.refreshToken) {
        retried = true;
        if (await refreshOnce(kind, token)) continue;
        throw new ApiError(401, 'TOKEN_EXPIRED', 'Your session has expired. Please sign in again');
      }
      throw toApiError(answer);
    }
  }

  return { call };
}

// ---------- the app's one instance ----------

let signedOutHandler: (kind: AccountKind) => void = (kind) => {
  const segment = kind === 'partner' ? 'shipping-partner' : kind;
  window.location.assign(`/${segment}/login`);
};

/** The router installs a handler that navigates without reloading the page. */
export function setSignedOutHandler(handler: (kind: AccountKind) => void): void {
  signedOutHandler = handler;
}

let serverFetch: typeof fetch | undefined;
/** On the server (ADR 029) calls are answered in process by the server's own routes, not over the network. */
export function setServerFetch(handler: typeof fetch): void {
  serverFetch = handler;
}

export const apiClient = createApiClient({
  fetch: (input, init) => (serverFetch ?? globalThis.fetch)(input, init),
  baseUrls: surfaceBaseUrls,
  timeoutMs: REQUEST_TIMEOUT_MS,
  getSession,
  setSession: (kind, session) => useSessionStore.getState().setSession(kind, session),
  clearSession: (kind) => useSessionStore.getState().clearSession(kind),
  onSignedOut: (kind) => signedOutHandler(kind),
  currentKind: () =>
    typeof window === 'undefined' ? 'customer' : accountKindFromPath(window.location.pathname),
  readCookie: (name) => {
    if (typeof document === 'undefined') return undefined;
    const found = document.cookie.split('; ').find((pair) => pair.startsWith(`${name}=`));
    return found ? decodeURIComponent(found.slice(name.length + 1)) : undefined;
  },
});

/** Typed call of a contract endpoint; resolves to the success envelope `{ message, data }`. */
export const api = apiClient.call;
