import {
  adminReturnEndpoints,
  customerReturnEndpoints,
  merchantReturnEndpoints,
  returnPickupEndpoints,
} from '@market/contracts';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { validation } from '../../platform/errors.js';
import { type AuthContext, type RouteDefinition, route } from '../../platform/http/routes.js';
import { MAX_IMAGE_BYTES } from '../../platform/storage/storage.js';
import type { PickupCaller, PickupsService } from './pickups.service.js';
import type { ReturnCaller, ReturnsService } from './returns.service.js';

/** The caller as the guard resolved it; never from the request body. */
export const callerOf = (auth: AuthContext): ReturnCaller => ({
  kind: auth.kind,
  userId: auth.userId,
  role: auth.role,
  storeId: auth.storeId,
});

async function readImage(request: FastifyRequest, field: string): Promise<Buffer> {
  if (!request.isMultipart()) throw validation(field, 'Send the image as multipart/form-data');
  try {
    const file = await request.file();
    if (!file || file.fieldname !== field)
      throw validation(field, `Attach the image in the "${field}" field`);
    return await file.toBuffer();
  } catch (error) {
    if (error && typeof error === 'object' && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw validation(field, `Images must be ${MAX_IMAGE_BYTES / 1024 / 1024} MB or smaller`);
    }
    throw error;
  }
}

export function returnsRoutes(deps: Deps, returns: ReturnsService): RouteDefinition[] {
  return [
    route(customerReturnEndpoints.create, async ({ auth, body }) => {
      const created = await returns.create(callerOf(auth), body);
      return {
        message:
          created.type === 'replace' ? 'Order replacement was successful' : 'Order return was successful',
        data: created,
      };
    }),
    route(customerReturnEndpoints.uploadPhoto, async ({ auth, request }) => ({
      message: 'Photo uploaded',
      data: await deps.media.saveImage(
        deps.db,
        auth.userId,
        await readImage(request, 'image'),
        'return-photo',
        // Seen only by the customer, the store and admins, through the checked route (issue 24).
        { visibility: 'private' },
      ),
    })),
    route(customerReturnEndpoints.list, async ({ auth, query }) => ({
      message: 'Returns',
      data: await returns.listForCustomer(callerOf(auth), query),
    })),
    route(customerReturnEndpoints.one, async ({ auth, params }) => ({
      message: 'Return',
      data: await returns.oneForCustomer(callerOf(auth), params.id),
    })),
    route(customerReturnEndpoints.orderRefunds, async ({ auth, params }) => ({
      message: 'Refunds',
      data: await returns.orderRefundsForCustomer(callerOf(auth), params.orderId),
    })),
    route(customerReturnEndpoints.dispute, async ({ auth, params, body }) => ({
      message: 'The platform will review your return',
      data: await returns.dispute(callerOf(auth), params.id, body.reason),
    })),
    // The store's and the platform's, after the customer's, in the order they always had.
    ...staffReturnRoutes(returns),
  ];
}

/** The store's and the platform's reads and decisions of returns, refunds and card disputes. */
function staffReturnRoutes(returns: ReturnsService): RouteDefinition[] {
  return [
    route(merchantReturnEndpoints.list, async ({ auth, query }) => ({
      message: 'Returns',
      data: await returns.list(callerOf(auth), query),
    })),
    route(merchantReturnEndpoints.one, async ({ auth, params }) => ({
      message: 'Return',
      data: await returns.one(callerOf(auth), params.id),
    })),
    route(adminReturnEndpoints.list, async ({ auth, query }) => ({
      message: 'Returns',
      data: await returns.list(callerOf(auth), query),
    })),
    route(adminReturnEndpoints.one, async ({ auth, params }) => ({
      message: 'Return',
      data: await returns.one(callerOf(auth), params.id),
    })),
    route(adminReturnEndpoints.refunds, async ({ query }) => ({
      message: 'Refund requests',
      data: await returns.refunds(query),
    })),
    route(adminReturnEndpoints.cardDisputes, async ({ query }) => ({
      message: 'Card disputes',
      data: await returns.cardDisputes(query),
    })),
  ];
}

const pickupCallerOf = (auth: AuthContext): PickupCaller => ({
  kind: auth.kind,
  userId: auth.userId,
  permissions: auth.permissions,
});

/** The return pickups (ADR 060): the admins' queue and assignment, the carrier's list, collection and drop-off. */
export function pickupRoutes(pickups: PickupsService): RouteDefinition[] {
  return [
    route(returnPickupEndpoints.adminList, async ({ auth, query }) => ({
      message: 'Return pickups',
      data: await pickups.adminList(pickupCallerOf(auth), query),
    })),
    route(returnPickupEndpoints.assign, async ({ auth, params, body }) => ({
      message: 'Pickup assigned; the customer has a new pickup token',
      data: await pickups.assign(params.id, pickupCallerOf(auth), body),
    })),
    route(returnPickupEndpoints.carrierList, async ({ auth, query }) => ({
      message: 'Your return pickups',
      data: await pickups.carrierList(pickupCallerOf(auth), query),
    })),
    route(returnPickupEndpoints.collect, async ({ auth, params, body, file }) => ({
      message: 'Collected. Take the goods to the store.',
      data: await pickups.collect(
        params.id,
        pickupCallerOf(auth),
        body.pickupToken,
        file ? { bytes: file.bytes } : undefined,
      ),
    })),
    route(returnPickupEndpoints.dropOff, async ({ auth, params, file }) => ({
      message: 'Delivered to the store',
      data: await pickups.dropOff(params.id, pickupCallerOf(auth), file ? { bytes: file.bytes } : undefined),
    })),
  ];
}
