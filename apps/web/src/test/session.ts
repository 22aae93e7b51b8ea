import { type AccountKind, authEndpoints, type SessionUser, urlOf } from '@market/contracts';
import { afterEach, beforeEach, vi } from 'vitest';
import { useSessionStore } from '../lib/session';
import { jsonResponse, mockFetch } from './render';

/** The id each kind of account signs in with unless a test names its own. */
const testUserIds: Record<AccountKind, string> = {
  customer: 'c1',
  merchant: 'm1',
  admin: 'a1',
  partner: 'p1',
};

/**
 * The user fields a test gives. Loose values, because tests hand in rows built for other answers (an admin list's
 * row, a role name as a plain string) and the session store keeps whatever it is given.
 */
type TestUser = Partial<Record<AnyUserField, unknown>>;
/** A field of any kind of session user (customers and staff have different ones). */
type AnyUserField = SessionUser extends infer U ? (U extends unknown ? keyof U : never) : never;

interface TestTokens {
  token: string;
  refreshToken: string;
}

/**
 * Signs one kind of account in for the screen under test, beside any other kind already signed in. Screens read only
 * the user fields a test gives, so the user is partial; a test that checks the bearer header names its tokens.
 */
export function signIn(
  kind: AccountKind,
  user: TestUser = {},
  tokens: TestTokens = { token: 't', refreshToken: 'r' },
) {
  useSessionStore.setState(({ sessions }) => ({
    sessions: { ...sessions, [kind]: { ...tokens, user: { id: testUserIds[kind], ...user } as SessionUser } },
  }));
}

/**
 * After each test, forgets the stubbed fetch and every session. Web tests share modules (isolate: false), so a
 * session or a fetch left behind would sign in or answer the next file's screens.
 */
export function forgetSessionsAfterEach() {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.setState({ sessions: {} });
  });
}

/** The usual screen test's set-up: one kind of account signed in before each test, forgotten after it. */
export function signedInForEachTest(kind: AccountKind, user: TestUser = {}, tokens?: TestTokens) {
  beforeEach(() => signIn(kind, user, tokens));
  forgetSessionsAfterEach();
}

/**
 * Stubs fetch as the server of a signed-in account holding `permissions` (what role rules, tabs and read-only screens
 * ask for): the permissions endpoint answers with them, every other call with `otherwise`.
 */
export function mockFetchHolding(
  permissions: string[],
  otherwise: (url: string, method: string, body: unknown) => Response,
  { role = 'Custom', storeId = 's1' }: { role?: string; storeId?: string | null } = {},
) {
  return mockFetch((url, method, body) =>
    url.endsWith(urlOf(authEndpoints.permissions))
      ? jsonResponse(200, { message: 'Permissions', data: { permissions, role, storeId } })
      : otherwise(url, method, body),
  );
}
