import {
  type AccountKind,
  authEndpoints,
  type Session,
  type SessionUser,
  sessionCookies,
} from '@market/contracts';
import type { FastifyRequest } from 'fastify';
import {
  type AuthService,
  DEACTIVATED,
  isStaffAccount,
  type RequestMeta,
  type SignedIn,
  type UserRow,
} from '../modules/auth/index.js';
import { findActiveMembership, storeOfMerchant } from '../modules/stores/index.js';
import type { Db } from '../platform/db/client.js';
import type { Deps } from '../platform/deps.js';
import { AppError, notFound } from '../platform/errors.js';
import { setSessionCookies } from '../platform/http/cookies.js';
import { type RouteDefinition, route } from '../platform/http/routes.js';

// Flow: a session and the store it names (issue 30, ADR 115 amended). The stores module imports auth (a store belongs
// to a user), so auth cannot read a membership or a store itself; this flow calls both modules' steps:
//   sign-in   auth.checkSignIn (lockout, email and password, the account may sign in), stores'
//             findActiveMembership for a staff account (a deactivated member cannot sign in, issue 9),
//             auth.admitSignIn (the code used up, the count reset, the session started).
//   refresh   auth.refresh (the refresh token rotated).
//   answer    stores' storeOfMerchant (own store, or a staff member's membership's) beside the account, by
//             auth.sessionUserOf: the session's user, and the user data route's.

/** The account as its session shows it, with the store a merchant works in. */
async function sessionUser(db: Db, auth: AuthService, row: UserRow): Promise<SessionUser> {
  const store = row.kind === 'merchant' ? await storeOfMerchant(db, row.id) : undefined;
  return auth.sessionUserOf(db, row, store);
}

async function answered(db: Db, auth: AuthService, signedIn: SignedIn): Promise<Session> {
  const { account, ...tokens } = signedIn;
  return { ...tokens, user: await sessionUser(db, auth, account) };
}

/** Signs in: auth's checks, a staff account's membership, then the session. */
export async function signIn(
  deps: Pick<Deps, 'db'>,
  auth: AuthService,
  kind: AccountKind,
  body: { email: string; password: string; code?: string },
  meta: RequestMeta,
): Promise<Session> {
  const signingIn = await auth.checkSignIn(kind, body.email, body.password, meta, body.code);
  // A staff member works only through their membership: a deactivated one cannot sign in (issue 9).
  if (isStaffAccount(signingIn.row) && !(await findActiveMembership(deps.db, signingIn.row.id)))
    throw new AppError('FORBIDDEN', DEACTIVATED);
  return answered(deps.db, auth, await auth.admitSignIn(signingIn));
}

const meta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

function kindRoutes(
  kind: AccountKind,
  deps: Pick<Deps, 'db' | 'config'>,
  auth: AuthService,
): RouteDefinition[] {
  const endpoints = authEndpoints[kind];
  const cookieDomain = deps.config.cookieDomain;
  return [
    route(endpoints.login, async ({ body, request, reply }) => {
      const session = await signIn(deps, auth, kind, body, meta(request));
      setSessionCookies(request, reply, kind, session, cookieDomain);
      return { message: 'Signed in successfully', data: session };
    }),
    route(endpoints.refresh, async ({ body, request, reply }) => {
      const presented = body?.refresh_token ?? request.cookies[sessionCookies[kind].refresh];
      const session = await answered(deps.db, auth, await auth.refresh(kind, presented, meta(request)));
      setSessionCookies(request, reply, kind, session, cookieDomain);
      return { message: 'Token refreshed', data: session };
    }),
  ];
}

/** Wires the flow: each account kind's sign-in and refresh routes, and the user data route (moved from auth). */
export function createSessions(deps: Pick<Deps, 'db' | 'config'>, auth: AuthService) {
  const routes: RouteDefinition[] = [
    ...(['customer', 'merchant', 'admin', 'partner'] as const).flatMap((kind) =>
      kindRoutes(kind, deps, auth),
    ),
    route(authEndpoints.userData, async ({ auth: session }) => {
      const row = await auth.accountOf(session.userId);
      if (!row) throw notFound('Could not get user data. Try again later.');
      return { message: 'User data', data: await sessionUser(deps.db, auth, row) };
    }),
  ];
  return { service: {}, routes };
}
