import {
  adminRoleEndpoints,
  adminManagementEndpoints as endpoints,
  partnerApprovalEndpoints,
} from '@market/contracts';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import type { AdminRolesService } from './admin-roles.service.js';
import type { AdminsService } from './admins.service.js';

export function adminsRoutes(admins: AdminsService, roles: AdminRolesService): RouteDefinition[] {
  return [
    route(endpoints.create, async ({ body }) => ({
      message: 'Admin successfully created',
      data: await admins.create(body),
    })),
    route(endpoints.list, async ({ query }) => ({ message: 'Admins', data: await admins.list(query) })),
    route(endpoints.get, async ({ params }) => ({ message: 'Admin', data: await admins.get(params.id) })),
    route(endpoints.edit, async ({ params, body }) => ({
      message: 'Admin updated successfully',
      data: await admins.edit(params.id, body),
    })),
    route(endpoints.deactivate, async ({ body }) => ({
      message: 'Admin deactivated',
      data: await admins.setActive(body.id, false),
    })),
    route(endpoints.activate, async ({ body }) => ({
      message: 'Admin activated',
      data: await admins.setActive(body.id, true),
    })),
    route(endpoints.remove, async ({ params }) => {
      await admins.remove(params.id);
      return { message: 'Admin deleted' };
    }),
    route(endpoints.createPartner, async ({ body }) => ({
      message: 'Partner has been added successfully',
      data: { user: await admins.createPartner(body) },
    })),
    route(partnerApprovalEndpoints.list, async ({ query }) => ({
      message: 'Shipping partners',
      data: await admins.partners(query.status),
    })),
    route(partnerApprovalEndpoints.approve, async ({ auth, params }) => ({
      message: 'Partner approved',
      data: await admins.approvePartner(params.id, auth.userId),
    })),
    route(adminRoleEndpoints.list, async () => ({ message: 'Admin roles', data: await roles.list() })),
    route(adminRoleEndpoints.create, async ({ body }) => ({
      message: 'Role created',
      data: await roles.create(body),
    })),
    route(adminRoleEndpoints.edit, async ({ params, body }) => ({
      message: 'Role updated',
      data: await roles.edit(params.id, body),
    })),
    route(adminRoleEndpoints.remove, async ({ params }) => {
      await roles.remove(params.id);
      return { message: 'Role deleted' };
    }),
    route(adminRoleEndpoints.assign, async ({ body }) => {
      await roles.assign(body.adminId, body.roleId);
      return { message: body.roleId ? 'Role assigned' : 'Back to the built-in role' };
    }),
  ];
}
