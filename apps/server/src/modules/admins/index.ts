import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import type { AuthService } from '../auth/index.js';
import { createAdminRolesService } from './admin-roles.service.js';
import { adminsRoutes } from './admins.routes.js';
import { type AdminsService, createAdminsService } from './admins.service.js';

export {
  adminIdsWithPermission,
  adminsWithTheirPermissions,
  findAdminCustomRole,
} from './admin-roles.repository.js';
export type { AdminsService } from './admins.service.js';

/** Admin accounts (rows of the auth module's users) and the partners an admin invites. */
export function createAdminsModule(deps: Deps, needs: { auth: AuthService }): ServerModule<AdminsService> {
  const service = createAdminsService(deps, needs.auth);
  return { service, routes: adminsRoutes(service, createAdminRolesService(deps)) };
}
