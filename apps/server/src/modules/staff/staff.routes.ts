import { staffEndpoints as endpoints, STAFF_CREATED_MESSAGE } from '@market/contracts';
import { type AuthContext, type RouteDefinition, requireStoreId, route } from '../../platform/http/routes.js';
import type { StaffActor, StaffService } from './staff.service.js';

const actorOf = (auth: AuthContext): StaffActor => ({
  storeId: requireStoreId(auth),
  userId: auth.userId,
  permissions: auth.permissions,
});

export function staffRoutes(staff: StaffService): RouteDefinition[] {
  return [
    route(endpoints.list, async ({ auth }) => ({
      message: 'Store staff',
      data: { staff: await staff.list(requireStoreId(auth)) },
    })),
    route(endpoints.get, async ({ auth, params }) => ({
      message: 'Staff member',
      data: await staff.get(requireStoreId(auth), params.id),
    })),
    route(endpoints.create, async ({ auth, body }) => ({
      message: STAFF_CREATED_MESSAGE,
      data: await staff.create(actorOf(auth), body),
    })),
    route(endpoints.edit, async ({ auth, params, body }) => ({
      message: 'Staff member updated',
      data: await staff.edit(actorOf(auth), params.id, body),
    })),
    route(endpoints.deactivate, async ({ auth, params }) => ({
      message: 'Staff member deactivated',
      data: await staff.setActive(actorOf(auth), params.id, false),
    })),
    route(endpoints.activate, async ({ auth, params }) => ({
      message: 'Staff member reactivated',
      data: await staff.setActive(actorOf(auth), params.id, true),
    })),
    route(endpoints.remove, async ({ auth, params }) => {
      await staff.remove(actorOf(auth), params.id);
      return { message: 'Staff member removed' };
    }),
    route(endpoints.roles, async ({ auth }) => ({
      message: 'Store roles',
      data: await staff.roles(requireStoreId(auth)),
    })),
    route(endpoints.createRole, async ({ auth, body }) => ({
      message: 'Role created',
      data: await staff.createRole(actorOf(auth), body),
    })),
    route(endpoints.editRole, async ({ auth, params, body }) => ({
      message: 'Role updated',
      data: await staff.editRole(actorOf(auth), params.id, body),
    })),
    route(endpoints.removeRole, async ({ auth, params }) => {
      await staff.removeRole(actorOf(auth), params.id);
      return { message: 'Role deleted' };
    }),
  ];
}
