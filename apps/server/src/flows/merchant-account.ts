import { authEndpoints, type MerchantProfile, type User } from '@market/contracts';
import type { FastifyRequest } from 'fastify';
import {
  type AuthService,
  type RequestMeta,
  SIGNUP_MESSAGE,
  toMerchantProfile,
} from '../modules/auth/index.js';
import { createStoreForMerchant, merchantOnboarding, storeOfMerchant } from '../modules/stores/index.js';
import type { Deps } from '../platform/deps.js';
import { notFound } from '../platform/errors.js';
import { type RouteDefinition, route } from '../platform/http/routes.js';

// Flow: a merchant's account and its store (issue 30, ADR 115 amended). The stores module imports auth (a store
// belongs to a user), so auth cannot create or read a store itself; this flow calls both modules' steps:
//   sign-up   auth.prepareSignup (rate limit, phone, password hashed), then in one transaction auth.openAccount
//             (the new account, or for a known email the answer a new one gets, its owner told by mail), stores'
//             createStoreForMerchant (the store and its owner's membership), auth.welcomeAccount (confirmation
//             mailed, the account answered with its store).
//   profile   auth's account, stores' storeOfMerchant (own store, or a staff member's membership's) and
//             merchantOnboarding, set side by side (auth's toMerchantProfile).

/** Sign-up of a merchant and their store; answers the account as a new one's answer shows it. */
export async function signUpMerchant(
  deps: Pick<Deps, 'db'>,
  auth: AuthService,
  body: Parameters<AuthService['prepareSignup']>[0] & { storeName: string },
  meta: RequestMeta,
): Promise<User> {
  const prepared = await auth.prepareSignup(body, meta);
  return deps.db.transaction(async (tx) => {
    const opened = await auth.openAccount(tx, 'merchant', body, prepared);
    if ('lookalike' in opened) return opened.lookalike;
    const store = await createStoreForMerchant(tx, opened.row.id, body.storeName);
    return auth.welcomeAccount(tx, opened.row, store);
  });
}

/** The merchant's profile: the account, the store they work in, and its onboarding. */
export async function merchantProfile(
  deps: Pick<Deps, 'db'>,
  auth: AuthService,
  userId: string,
): Promise<MerchantProfile> {
  const row = await auth.accountOf(userId);
  const store = row ? await storeOfMerchant(deps.db, row.id) : undefined;
  if (!row || !store) throw notFound('Could not get merchant profile. Try again later.');
  return toMerchantProfile(row, store, await merchantOnboarding(deps.db, row.id));
}

const meta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** Wires the flow: the merchant's sign-up and profile routes (moved from the auth module). */
export function createMerchantAccount(deps: Pick<Deps, 'db'>, auth: AuthService) {
  const routes: RouteDefinition[] = [
    route(authEndpoints.merchant.signup, async ({ body, request }) => ({
      message: SIGNUP_MESSAGE,
      data: { user: await signUpMerchant(deps, auth, body, meta(request)) },
    })),
    route(authEndpoints.merchantProfile, async ({ auth: session }) => ({
      message: 'Merchant profile',
      data: await merchantProfile(deps, auth, session.userId),
    })),
  ];
  return { service: {}, routes };
}
