import { HUB_APPROVED_MESSAGE, hubAdminEndpoints, hubEndpoints } from '@market/contracts';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import type { HubsService } from './hubs.service.js';

export function hubsRoutes(hubs: HubsService): RouteDefinition[] {
  return [
    route(hubAdminEndpoints.list, async () => ({ message: 'Hubs', data: await hubs.list(false) })),
    route(hubAdminEndpoints.create, async ({ auth, body }) => ({
      message: 'Hub created',
      data: await hubs.create(auth, body),
    })),
    route(hubAdminEndpoints.update, async ({ params, body }) => ({
      message: 'Hub updated',
      data: await hubs.update(params.id, body),
    })),
    route(hubAdminEndpoints.applications, async ({ query }) => ({
      message: 'Hub applications',
      data: await hubs.applications(query.status),
    })),
    route(hubAdminEndpoints.approve, async ({ auth, params }) => ({
      message: HUB_APPROVED_MESSAGE,
      data: await hubs.approve(auth, params.id),
    })),
    route(hubAdminEndpoints.reject, async ({ auth, params, body }) => ({
      message: 'Hub application rejected',
      data: await hubs.reject(auth, params.id, body.reason),
    })),
    route(hubEndpoints.approved, async ({ auth }) => ({
      message: 'Approved hubs',
      data: await hubs.open(auth),
    })),
    route(hubEndpoints.apply, async ({ auth, body }) => ({
      message: 'Application sent. An admin will review it.',
      data: await hubs.apply(auth, body),
    })),
    route(hubEndpoints.mine, async ({ auth }) => ({
      message: 'Your hub applications',
      data: await hubs.mine(auth),
    })),
  ];
}
