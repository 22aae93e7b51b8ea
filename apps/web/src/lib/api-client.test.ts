import {
  type AccountKind,
  adminManagementEndpoints,
  adminPayoutEndpoints,
  authEndpoints,
  onboardingEndpoints,
  themeEndpoints,
} from '@market/contracts';
import { describe, expect, it, vi } from 'vitest';
import { type ApiClientDeps, BUSY_RESENDS, createApiClient } from './api-client';
import { ApiError, NetworkError } from './errors';
import type { StoredSession } from './session';

const storeId = '3f1c2a9e-5b7d-4c1e-9a2b-6d8e0f1a2b3c';

const user = {
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Okafor',
  email: 'ada@example.ng',
  phoneNumber: null,
  category: null,
  role: null,
  storeId: null,
  storeName: null,
  storeUrl: null,
  isRegisteredBusiness: false,
  image: null,
  lastLogin: null,
  accountType: 'customer' as const,
  isActive: true,
  emailConfirmed: true,
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

interface Harness {
  deps: ApiClientDeps;
  sessions: Map<AccountKind, StoredSession>;
  calls: { url: string; auth?: string; body?: string }[];
}

/** A fake server: `userdata` accepts only the `live` access token; refresh answers what `refresh` says. */
function harness(options: {
  live: string;
  refresh: () => Promise<Response> | Response;
  initial?: StoredSession;
  userdata?: (auth: string | undefined) => Response;
}): Harness {
  const sessions = new Map<AccountKind, StoredSession>();
  if (options.initial) sessions.set('customer', options.initial);
  const calls: Harness['calls'] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ url, auth: headers.authorization, body: init?.body as string | undefined });
    if (url.endsWith('/refresh-token')) return options.refresh();
    if (url.endsWith('/auth/customer/login'))
      return json(401, { message: 'Incorrect email or password', error: 'UNAUTHORIZED' });
    if (options.userdata) return options.userdata(headers.authorization);
    return headers.authorization === `Bearer ${options.live}`
      ? json(200, { message: 'User data', data: user })
      : json(401, { message: 'Your session has expired. Please sign in again', error: 'TOKEN_EXPIRED' });
  });
  const deps: ApiClientDeps = {
    fetch: fetchImpl as unknown as typeof fetch,
    baseUrls: { api: '/api', shipping: '/shipping-api', themes: '/themes-api' },
    timeoutMs: 1_000,
    getSession: (kind) => sessions.get(kind),
    setSession: vi.fn((kind: AccountKind, session: StoredSession) => {
      sessions.set(kind, session);
    }),
    clearSession: vi.fn((kind: AccountKind) => {
      sessions.delete(kind);
    }),
    onSignedOut: vi.fn(),
    currentKind: () => 'customer',
  };
  return { deps, sessions, calls };
}

const expired: StoredSession = { token: 'old-access', refreshToken: 'old-refresh-token', user };
const refreshed = () =>
  json(200, {
    message: 'Token refreshed',
    data: { accessToken: 'new-access', refreshToken: 'new-refresh-token', user },
  });

describe('api client: refresh queue', () => {
  it('refreshes once for many concurrent 401s and retries every request', async () => {
    let releaseRefresh: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const h = harness({
      live: 'new-access',
      initial: expired,
      refresh: async () => {
        await gate;
        return refreshed();
      },
    });
    const client = createApiClient(h.deps);

    const requests = Array.from({ length: 5 }, () => client.call(authEndpoints.userData, {}));
    await tick(20);
    // a request started while the refresh runs waits for it instead of using the dead token
    const late = client.call(authEndpoints.userData, {});
    await tick();
    releaseRefresh();
    const answers = await Promise.all([...requests, late]);

    expect(answers.every((answer) => answer.data.id === 'u1')).toBe(true);
    expect(h.calls.filter((call) => call.url.endsWith('/refresh-token'))).toHaveLength(1);
    expect(JSON.parse(h.calls.find((call) => call.url.endsWith('/refresh-token'))?.body ?? '{}')).toEqual({
      refresh_token: 'old-refresh-token',
    });
    const userdataCalls = h.calls.filter((call) => call.url.endsWith('/auth/userdata'));
    expect(userdataCalls.filter((call) => call.auth === 'Bearer old-access')).toHaveLength(5);
    expect(userdataCalls.filter((call) => call.auth === 'Bearer new-access')).toHaveLength(6);
    expect(h.sessions.get('customer')?.refreshToken).toBe('new-refresh-token');
  });

  it('signs out and redirects when the refresh fails', async () => {
    const h = harness({
      live: 'never',
      initial: expired,
      refresh: () => json(401, { message: 'Token is not valid', error: 'UNAUTHORIZED' }),
    });
    const client = createApiClient(h.deps);
    const results = await Promise.allSettled([
      client.call(authEndpoints.userData, {}),
      client.call(authEndpoints.permissions, {}),
      client.call(authEndpoints.userData, {}),
    ]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(ApiError);
      expect((reason as ApiError).status).toBe(401);
    }
    expect(h.calls.filter((call) => call.url.endsWith('/refresh-token'))).toHaveLength(1);
    expect(h.deps.clearSession).toHaveBeenCalledWith('customer');
    expect(h.deps.onSignedOut).toHaveBeenCalledTimes(1);
    expect(h.deps.onSignedOut).toHaveBeenCalledWith('customer');
    expect(h.sessions.has('customer')).toBe(false);
  });

  it('does not loop when the retried request fails again', async () => {
    const h = harness({
      live: 'nobody',
      initial: expired,
      refresh: refreshed,
      userdata: () => json(401, { message: 'Token is not valid', error: 'UNAUTHORIZED' }),
    });
    const client = createApiClient(h.deps);
    const failure = await client.call(authEndpoints.userData, {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect((failure as ApiError).message).toBe('Token is not valid');
    expect(h.calls.filter((call) => call.url.endsWith('/refresh-token'))).toHaveLength(1);
    expect(h.calls.filter((call) => call.url.endsWith('/auth/userdata'))).toHaveLength(2);
    expect(h.deps.onSignedOut).not.toHaveBeenCalled();
  });

  it('never refreshes for the login call itself, nor without a refresh token', async () => {
    const h = harness({ live: 'x', initial: expired, refresh: refreshed });
    const client = createApiClient(h.deps);
    const loginFailure = await client
      .call(authEndpoints.customer.login, { body: { email: 'ada@example.ng', password: 'wrong-password' } })
      .catch((error: unknown) => error);
    expect(loginFailure).toBeInstanceOf(ApiError);
    expect((loginFailure as ApiError).code).toBe('UNAUTHORIZED');

    const signedOut = harness({ live: 'x', refresh: refreshed });
    const anonymous = createApiClient(signedOut.deps);
    await expect(anonymous.call(authEndpoints.userData, {})).rejects.toBeInstanceOf(ApiError);
    expect(
      [...h.calls, ...signedOut.calls].filter((call) => call.url.endsWith('/refresh-token')),
    ).toHaveLength(0);
    expect(signedOut.calls[0]?.auth).toBeUndefined();
  });

  it('fills path parameters, drops empty query values and sends the bearer token', async () => {
    const h = harness({
      live: 'old-access',
      initial: { ...expired, user },
      refresh: refreshed,
      userdata: () => json(200, { message: 'Admins', data: { admins: [], pagination: {} } }),
    });
    h.sessions.set('admin', expired);
    const client = createApiClient(h.deps);
    await client.call(adminManagementEndpoints.list, {
      kind: 'admin',
      query: { page: 2, limit: 10, search: '' },
    });
    await client.call(adminManagementEndpoints.get, { kind: 'admin', params: { id: 'a b' } });
    expect(h.calls[0]?.url).toBe('/api/auth/admin/all-admins?page=2&limit=10');
    expect(h.calls[0]?.auth).toBe('Bearer old-access');
    expect(h.calls[1]?.url).toBe('/api/auth/admin/a%20b');
  });

  it('sends themes calls the bearer token of the `token` cookie, and the refreshed session after a 401', async () => {
    const h = harness({ live: 'new-access', refresh: refreshed, userdata: () => json(401, {}) });
    h.sessions.set('merchant', { ...expired, token: 'session-access' });
    let cookie: string | undefined = 'cookie-access';
    h.deps.readCookie = (name) => (name === 'token' ? cookie : undefined);
    const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const auth = ((init?.headers ?? {}) as Record<string, string>).authorization;
      h.calls.push({ url: String(input), auth });
      if (String(input).endsWith('/refresh-token')) return refreshed();
      return auth === 'Bearer new-access' || auth === 'Bearer cookie-access'
        ? json(200, { message: 'Themes', data: { activeThemeId: 45, themes: [] } })
        : json(401, { message: 'Token expired', error: 'TOKEN_EXPIRED' });
    });
    h.deps.fetch = fetchImpl as unknown as typeof fetch;
    const client = createApiClient(h.deps);
    await client.call(themeEndpoints.list, { kind: 'merchant' });
    expect(h.calls[0]).toMatchObject({ url: '/themes-api/merchant/themes', auth: 'Bearer cookie-access' });
    // an expired cookie token: the session's token, one refresh, then the retried themes call carries the refreshed session's token
    cookie = 'stale-access';
    h.calls.length = 0;
    await client.call(themeEndpoints.list, { kind: 'merchant' });
    expect(h.calls.map((c) => c.auth ?? 'refresh')).toEqual([
      'Bearer stale-access',
      'Bearer session-access',
      'refresh',
      'Bearer new-access',
    ]);
    // no cookie (blocked or signed in elsewhere): the session's token
    cookie = undefined;
    h.calls.length = 0;
    await client.call(themeEndpoints.list, { kind: 'merchant' });
    expect(h.calls[0]?.auth).toBe('Bearer new-access');
    // main-API calls keep the stored session's token whatever the cookie holds
    cookie = 'cookie-access';
    h.calls.length = 0;
    await client.call(onboardingEndpoints.get, { kind: 'merchant' });
    expect(h.calls[0]).toMatchObject({ url: '/api/auth/merchant/onboard', auth: 'Bearer new-access' });
  });
});

describe('api client: money requests and permission refusals', () => {
  /** The admin's approve-payout, answered by `answer`; every call is recorded with its Idempotency-Key. */
  function payoutHarness(answer: (call: number, auth: string | undefined) => Response | Promise<Response>) {
    const h = harness({ live: 'new-access', refresh: refreshed });
    h.sessions.set('admin', expired);
    const sent: { auth?: string; key?: string }[] = [];
    h.deps.fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      if (String(input).endsWith('/refresh-token')) {
        h.calls.push({ url: String(input) });
        return refreshed();
      }
      sent.push({ auth: headers.authorization, key: headers['idempotency-key'] });
      return answer(sent.length, headers.authorization);
    }) as unknown as typeof fetch;
    const approve = () =>
      createApiClient(h.deps).call(adminPayoutEndpoints.approvePayout, {
        kind: 'admin',
        params: { storeId },
      });
    return { h, sent, approve };
  }
  const payout = () => json(200, { message: 'Payout approved', data: { id: 'p1' } });
  const refreshes = (h: Harness) => h.calls.filter((call) => call.url.endsWith('/refresh-token')).length;

  it('a 403 for lack of permission is not refreshed and not sent again', async () => {
    const { h, sent, approve } = payoutHarness(() =>
      json(403, { message: 'Your role cannot approve payouts', error: 'FORBIDDEN' }),
    );
    const failure = await approve().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('FORBIDDEN');
    expect(sent).toHaveLength(1);
    expect(refreshes(h)).toBe(0);
  });

  it('a 401 for an expired token is refreshed once and re-sent with the SAME Idempotency-Key', async () => {
    const { h, sent, approve } = payoutHarness((_call, auth) =>
      auth === 'Bearer new-access'
        ? payout()
        : json(401, { message: 'Your session has expired. Please sign in again', error: 'TOKEN_EXPIRED' }),
    );
    await expect(approve()).resolves.toMatchObject({ data: { id: 'p1' } });
    expect(refreshes(h)).toBe(1);
    expect(sent.map((call) => call.auth)).toEqual(['Bearer old-access', 'Bearer new-access']);
    expect(sent[0]?.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sent[1]?.key).toBe(sent[0]?.key);
  });

  it('a lost connection re-sends a money request once with the same key; each new action has a new key', async () => {
    const { sent, approve } = payoutHarness((call) => {
      if (call === 1) throw new TypeError('Failed to fetch');
      return payout();
    });
    await expect(approve()).resolves.toMatchObject({ data: { id: 'p1' } });
    expect(sent).toHaveLength(2);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    await approve();
    expect(sent).toHaveLength(3);
    expect(sent[2]?.key).not.toBe(sent[0]?.key);
  });

  const busy = () =>
    json(
      503,
      { message: 'We are busy right now. Please try again in a moment.', error: 'SERVICE_UNAVAILABLE' },
      { 'retry-after': '0' },
    );

  it('a busy refusal (503 with Retry-After) is sent again after its wait, with the SAME key', async () => {
    const { sent, approve } = payoutHarness((call) => (call < 3 ? busy() : payout()));
    await expect(approve()).resolves.toMatchObject({ data: { id: 'p1' } });
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((call) => call.key)).size).toBe(1);
  });

  it('a server that stays busy is answered busy after three re-sends; other 503s are not re-sent', async () => {
    const stillBusy = payoutHarness(() => busy());
    await expect(stillBusy.approve()).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(stillBusy.sent).toHaveLength(1 + BUSY_RESENDS);

    // An outcome still unknown at the provider is a 503 without Retry-After: sending it again is not the client's call.
    const unknown = payoutHarness(() =>
      json(503, { message: 'The provider has not answered yet', error: 'SERVICE_UNAVAILABLE' }),
    );
    await expect(unknown.approve()).rejects.toMatchObject({ status: 503 });
    expect(unknown.sent).toHaveLength(1);
  });

  it('a key the screen passes is the one sent; calls that move no money send none', async () => {
    const { h, sent } = payoutHarness(() => payout());
    const client = createApiClient(h.deps);
    await client.call(adminPayoutEndpoints.approvePayout, {
      kind: 'admin',
      params: { storeId },
      idempotencyKey: 'screen-key-1',
    });
    expect(sent[0]?.key).toBe('screen-key-1');
    await client.call(adminPayoutEndpoints.stats, { kind: 'admin' });
    expect(sent[1]?.key).toBeUndefined();
  });
});

describe('api client: errors', () => {
  it('turns failure envelopes into ApiError with details and Retry-After', async () => {
    const h = harness({
      live: 'x',
      refresh: refreshed,
      userdata: () =>
        json(
          429,
          {
            message: 'Too many attempts',
            error: 'RATE_LIMITED',
            details: [{ path: 'email', message: 'Slow down' }],
          },
          { 'retry-after': '30' },
        ),
    });
    h.sessions.set('customer', { ...expired, token: 'x' });
    const failure = (await createApiClient(h.deps)
      .call(authEndpoints.userData, {})
      .catch((error: unknown) => error)) as ApiError;
    expect(failure).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many attempts',
      retryAfter: 30,
    });
    expect(failure.details).toEqual([{ path: 'email', message: 'Slow down' }]);
  });

  it('reports network failures, timeouts and aborts as NetworkError types', async () => {
    const base = harness({ live: 'x', refresh: refreshed });
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });

    const offline = createApiClient({
      ...base.deps,
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(
      offline.call(authEndpoints.customer.forgotPassword, { body: { email: 'a@b.ng' } }),
    ).rejects.toMatchObject({ type: 'network' });

    const slow = createApiClient({ ...base.deps, fetch: hanging, timeoutMs: 20 });
    const timeout = await slow
      .call(authEndpoints.customer.forgotPassword, { body: { email: 'a@b.ng' } })
      .catch((error: unknown) => error);
    expect(timeout).toBeInstanceOf(NetworkError);
    expect((timeout as NetworkError).type).toBe('timeout');

    const controller = new AbortController();
    const pending = slow.call(authEndpoints.customer.forgotPassword, {
      body: { email: 'a@b.ng' },
      signal: controller.signal,
      timeoutMs: 5_000,
    });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ type: 'abort' });
  });
});

describe('api client: uploads and files', () => {
  it('sends FormData without a JSON content type, resends it after a refresh, and reads blobs', async () => {
    const seen: { contentType?: string; body: unknown; auth?: string }[] = [];
    const sessions = new Map<AccountKind, StoredSession>([['merchant', expired]]);
    const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const headers = (init?.headers ?? {}) as Record<string, string>;
      if (url.endsWith('/refresh-token')) return refreshed();
      seen.push({ contentType: headers['content-type'], body: init?.body, auth: headers.authorization });
      if (headers.authorization !== 'Bearer new-access')
        return json(401, { message: 'expired', error: 'TOKEN_EXPIRED' });
      if (url.includes('/documents/')) return new Response('%PDF', { status: 200 });
      return json(201, {
        message: 'Document uploaded',
        data: { fileId: 'f1', contentType: 'image/png', byteSize: 4 },
      });
    });
    const client = createApiClient({
      fetch: fetchImpl as unknown as typeof fetch,
      baseUrls: { api: '/api', shipping: '/shipping-api', themes: '/themes-api' },
      timeoutMs: 1_000,
      getSession: (kind) => sessions.get(kind),
      setSession: (kind, session) => void sessions.set(kind, session),
      clearSession: (kind) => void sessions.delete(kind),
      onSignedOut: vi.fn(),
      currentKind: () => 'merchant',
    });
    const form = new FormData();
    form.append('file', new Blob(['png']), 'id.png');
    const answer = await client.call(onboardingEndpoints.uploadDocument, {
      kind: 'merchant',
      query: { kind: 'id-document' },
      form,
    });
    expect(answer.data.fileId).toBe('f1');
    expect(seen).toHaveLength(2);
    expect(seen.every((call) => call.body === form && call.contentType === undefined)).toBe(true);
    expect(seen[1]?.auth).toBe('Bearer new-access');

    const file = await client.call(onboardingEndpoints.downloadDocument, {
      kind: 'merchant',
      params: { id: '5f0c6b9e-3c1f-4d7e-9a55-2f4c2b1d9e10' },
      responseType: 'blob',
    });
    expect(await (file as Blob).text()).toBe('%PDF');
  });
});
