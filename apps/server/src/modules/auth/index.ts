import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import { authRoutes } from './auth.routes.js';
import { type AuthService, createAuthService } from './auth.service.js';
import { profileRoutes } from './profile.routes.js';
import { createProfileService } from './profile.service.js';

export {
  findLiveAdmin,
  listAdminAccounts,
  lockActiveSuperadminIds,
  updateAccount,
} from './admin-accounts.repository.js';
export {
  authorize,
  type CallerFacts,
  type CookieTokenOptions,
  type CustomRoleFact,
  type MembershipFact,
  readsCustomRole,
  resolveCaller,
  verifyCaller,
} from './auth.guard.js';
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
export {
  type AuthService,
  DEACTIVATED,
  isStaffAccount,
  type MerchantStore,
  type RequestMeta,
  SIGNUP_MESSAGE,
  type SignedIn,
  STAFF_ACCOUNT_ROLE,
  toMerchantProfile,
} from './auth.service.js';
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
 * Accounts, sessions and tokens. The guard every surface's routes are mounted with is a flow of auth's steps
 * (`verifyCaller`, `checkSession`, `resolveCaller`, `authorize`) and the stores' and admins' reads
 * (`flows/authenticate.ts`).
 */
export function createAuthModule(deps: Deps): ServerModule<AuthService> {
  const service = createAuthService(deps);
  return {
    service,
    routes: [...authRoutes(deps, service), ...profileRoutes(createProfileService(deps), deps.rateLimits)],
  };
}
