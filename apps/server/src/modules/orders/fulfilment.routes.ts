import {
  adminOrderEndpoints,
  fulfilmentEndpoints,
  merchantOrderEndpoints,
  partnerOrderEndpoints,
} from '@market/contracts';
import type { AuthContext } from '../../platform/http/routes.js';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import type { FulfilmentCaller, FulfilmentService } from './fulfilment.service.js';

/** The caller as the guard resolved it; the role always comes from the session, never from the request. */
export const callerOf = (auth: AuthContext): FulfilmentCaller => ({
  kind: auth.kind,
  userId: auth.userId,
  role: auth.role,
  storeId: auth.storeId,
  permissions: auth.permissions,
});

export function fulfilmentRoutes(fulfilment: FulfilmentService): RouteDefinition[] {
  return [
    route(fulfilmentEndpoints.updateToken, async ({ auth, params }) => ({
      message: 'A new delivery token was sent to the customer',
      data: await fulfilment.updateToken(params.id, callerOf(auth)),
    })),
    route(fulfilmentEndpoints.allowedNext, async ({ auth, params }) => ({
      message: 'Allowed next statuses',
      data: await fulfilment.allowedNext(params.id, callerOf(auth)),
    })),
    route(merchantOrderEndpoints.list, async ({ auth, query }) => ({
      message: 'Orders',
      data: await fulfilment.merchantList(callerOf(auth), query),
    })),
    route(merchantOrderEndpoints.one, async ({ auth, params }) => ({
      message: 'Order',
      data: await fulfilment.staffOrder(params.id, callerOf(auth)),
    })),
    route(adminOrderEndpoints.list, async ({ auth, query }) => ({
      message: 'Orders',
      data: await fulfilment.adminList(callerOf(auth), query),
    })),
    route(adminOrderEndpoints.queue, async ({ auth, query }) => ({
      message: 'Orders waiting for a carrier',
      data: await fulfilment.adminList(callerOf(auth), { ...query, queue: 'true' }),
    })),
    route(adminOrderEndpoints.carriers, async () => ({
      message: 'Carriers',
      data: await fulfilment.carriers(),
    })),
    route(adminOrderEndpoints.one, async ({ auth, params }) => ({
      message: 'Order',
      data: await fulfilment.staffOrder(params.id, callerOf(auth)),
    })),
    route(adminOrderEndpoints.assign, async ({ auth, params, body }) => ({
      message: 'Order assigned',
      data: await fulfilment.assign(params.id, callerOf(auth), body),
    })),
    route(partnerOrderEndpoints.list, async ({ auth, query }) => ({
      message: 'Assigned orders',
      data: await fulfilment.partnerList(callerOf(auth), query),
    })),
    route(partnerOrderEndpoints.one, async ({ auth, params }) => ({
      message: 'Order',
      data: await fulfilment.partnerOrder(params.id, callerOf(auth)),
    })),
    route(partnerOrderEndpoints.accept, async ({ auth, params }) => ({
      message: 'Order accepted',
      data: await fulfilment.partnerAccept(params.id, callerOf(auth)),
    })),
    route(partnerOrderEndpoints.decline, async ({ auth, params, body }) => ({
      message: 'Order declined; it went back to the assignment queue',
      data: await fulfilment.partnerDecline(params.id, callerOf(auth), body.reason),
    })),
    route(partnerOrderEndpoints.dispatcher, async ({ auth, params, body }) => ({
      message: 'Dispatcher saved',
      data: await fulfilment.setDispatcher(params.id, callerOf(auth), body),
    })),
  ];
}
