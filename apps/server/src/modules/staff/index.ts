import type { Deps } from '../../platform/deps.js';
import type { ServerModule } from '../../platform/http/module.js';
import type { AuthService } from '../auth/index.js';
import { staffRoutes } from './staff.routes.js';
import { createStaffService, type StaffService } from './staff.service.js';

export type { StaffService } from './staff.service.js';

/**
 * A store's staff and custom roles (issue 9). Staff are merchant accounts of the auth module and memberships of
 * the stores module; this module runs the invitation, role changes and deactivation through their functions.
 */
export function createStaffModule(deps: Deps, needs: { auth: AuthService }): ServerModule<StaffService> {
  const service = createStaffService(deps, needs.auth);
  return { service, routes: staffRoutes(service) };
}
