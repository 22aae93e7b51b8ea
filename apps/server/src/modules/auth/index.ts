import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import type { Authenticate } from '../../platform/http/routes.js';
import { createAuthenticate } from './auth.guard.js';
import { authRoutes } from './auth.routes.js';
import { type AuthNeeds, type AuthService, createAuthService } from './auth.service.js';

export {
  findLiveAdmin,
  listAdminAccounts,
  lockActiveSuperadminIds,
  updateAccount,
} from './admin-accounts.repository.js';
export {
  approvePartner,
  findUserByEmail,
  findUserById,
  listCarrierAccounts,
  listPartners,
  revokeUserSessions,
  type UserRow,
} from './auth.repository.js';
export { type AuthNeeds, type AuthService, type MerchantStore, STAFF_ACCOUNT_ROLE } from './auth.service.js';

/** Accounts, sessions and tokens; `authenticate` is the guard every surface's routes are mounted with. */
export function createAuthModule(
  deps: Deps,
  needs: AuthNeeds,
): ServerModule<AuthService> & { authenticate: Authenticate } {
  const service = createAuthService(deps, needs);
  return {
    service,
    routes: authRoutes(deps, service),
    authenticate: createAuthenticate(deps.tokens, service, needs.findMembership, needs.findAdminCustomRole),
  };
}
