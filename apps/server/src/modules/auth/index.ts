import { type AccountKind, accountKinds, sessionCookies } from '@market/contracts';
import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import type { Authenticate } from '../../platform/http/routes.js';
import { createAuthenticate } from './auth.guard.js';
import { authRoutes } from './auth.routes.js';
import { type AuthNeeds, type AuthService, createAuthService } from './auth.service.js';
import { profileRoutes } from './profile.routes.js';
import { createProfileService } from './profile.service.js';

export {
  findLiveAdmin,
  listAdminAccounts,
  lockActiveSuperadminIds,
  updateAccount,
} from './admin-accounts.repository.js';
export { passwordMatches } from './auth.passwords.js';
export {
  type AccountRow,
  accountNamesByIds,
  approvePartner,
  findAccountById,
  findPartnerProfile,
  findUserByEmail,
  listCarrierAccounts,
  listPartners,
  liveAdminAccounts,
  liveSessionIdsAmong,
  type MailRecipient,
  mailRecipientPart,
  reachableAccounts,
  revokeUserSessions,
  type UserRow,
} from './auth.repository.js';
export { type AuthNeeds, type AuthService, type MerchantStore, STAFF_ACCOUNT_ROLE } from './auth.service.js';
export {
  accountForExport,
  eraseAccount,
  erasePartnerProfile,
  lockLiveAccount,
  lockLiveCustomer,
  marketingRecipients,
  partnerForExport,
  setMarketingConsent,
} from './personal-data.js';

/**
 * Accounts, sessions and tokens; `authenticate` is the guard every surface's routes are mounted with, and
 * `authenticateWithCookie` the themes service's, which also reads the token from the merchant's `token` cookie.
 */
export function createAuthModule(
  deps: Deps,
  needs: AuthNeeds,
): ServerModule<AuthService> & {
  authenticate: Authenticate;
  authenticateWithCookie: Authenticate;
  /** Each account kind's access cookie as the token: for what a browser loads itself, like a private photo. */
  authenticateByCookie: Record<AccountKind, Authenticate>;
} {
  const service = createAuthService(deps, needs);
  return {
    service,
    routes: [...authRoutes(deps, service), ...profileRoutes(createProfileService(deps), deps.rateLimits)],
    authenticate: createAuthenticate(deps.tokens, service, needs.findMembership, needs.findAdminCustomRole),
    // The themes service (specification section 6): the bearer token may also come from the cookie `token`.
    authenticateWithCookie: createAuthenticate(
      deps.tokens,
      service,
      needs.findMembership,
      needs.findAdminCustomRole,
      {
        cookie: sessionCookies.merchant.access,
        trustedOrigins: [deps.config.publicUrl, ...deps.config.corsOrigins],
      },
    ),
    authenticateByCookie: Object.fromEntries(
      accountKinds.map((kind) => [
        kind,
        createAuthenticate(deps.tokens, service, needs.findMembership, needs.findAdminCustomRole, {
          cookie: sessionCookies[kind].access,
          trustedOrigins: [deps.config.publicUrl, ...deps.config.corsOrigins],
        }),
      ]),
    ) as Record<AccountKind, Authenticate>,
  };
}
