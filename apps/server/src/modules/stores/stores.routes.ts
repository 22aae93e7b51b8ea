import {
  merchantDirectoryEndpoints,
  onboardingEndpoints,
  storeAdminEndpoints,
  storeFollowEndpoints,
  storeProfileEndpoints,
} from '@market/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { notFound, validation } from '../../platform/errors.js';
import {
  cached,
  type RouteDefinition,
  requireStoreId,
  route,
  storeActor,
} from '../../platform/http/routes.js';
import type { OnboardingService } from './onboarding.service.js';
import type { createStoreApprovalService } from './store-approval.service.js';
import type { StoresService } from './stores.service.js';

/** Reads the one file of a multipart request; 422 when there is none. */
export async function readUpload(
  request: FastifyRequest,
  field: string,
): Promise<{ bytes: Buffer; filename: string }> {
  if (!request.isMultipart()) throw validation(field, 'Send the file as multipart/form-data');
  const file = await request.file();
  if (!file || file.fieldname !== field) throw validation(field, `Attach the file in the "${field}" field`);
  const bytes = await file.toBuffer();
  return { bytes, filename: file.filename };
}

function sendPrivateFile(
  reply: FastifyReply,
  file: { contentType: string; byteSize: number; body: NodeJS.ReadableStream },
): FastifyReply {
  return reply
    .header('cache-control', 'private, no-store')
    .header('content-disposition', 'inline')
    .header('x-content-type-options', 'nosniff')
    .type(file.contentType)
    .send(file.body);
}

export function storesRoutes(
  deps: Deps,
  onboarding: OnboardingService,
  storesService: StoresService,
  approval: ReturnType<typeof createStoreApprovalService>,
): RouteDefinition[] {
  return [
    route(onboardingEndpoints.get, async ({ auth }) => ({
      message: 'Onboarding',
      data: await onboarding.get(auth.userId),
    })),
    route(onboardingEndpoints.update, async ({ auth, body }) => ({
      message: 'Onboarding saved',
      data: await onboarding.update(auth.userId, body),
    })),
    route(onboardingEndpoints.pricing, async ({ auth, body }) => ({
      message: 'Pricing plan saved',
      data: await onboarding.setPricingPlan(auth.userId, body.plan),
    })),
    route(onboardingEndpoints.uploadDocument, async ({ auth, query, request }) => {
      const { bytes, filename } = await readUpload(request, 'file');
      const saved = await deps.media.savePrivate(deps.db, auth.userId, bytes, query.kind, filename);
      return { message: 'Document uploaded', data: saved };
    }),
    route(onboardingEndpoints.downloadDocument, async ({ auth, params, reply }) => {
      const file = await deps.media.readPrivate(deps.db, params.id);
      if (!file || file.ownerUserId !== auth.userId) throw notFound('Document not found');
      return sendPrivateFile(reply, file) as never;
    }),

    route(storeProfileEndpoints.get, async ({ auth }) => ({
      message: 'Store profile',
      data: await storesService.getProfile(requireStoreId(auth)),
    })),
    route(storeProfileEndpoints.save, async ({ auth, body }) => ({
      message: 'Successfully added store profile',
      data: await storesService.saveProfile(storeActor(auth), body),
    })),
    route(storeProfileEndpoints.uploadLogo, async ({ auth, request }) => {
      const { bytes } = await readUpload(request, 'logo');
      return { message: 'Logo uploaded', data: await storesService.uploadLogo(storeActor(auth), bytes) };
    }),

    ...followRoutes(storesService),
    cached(
      route(merchantDirectoryEndpoints.list, async ({ query }) => ({
        message: 'Merchants',
        data: await storesService.directory(query.page, query.limit, query.search),
      })),
    ),
    cached(
      route(merchantDirectoryEndpoints.top, async ({ query }) => ({
        message: 'Top merchants',
        data: await storesService.top(query.limit),
      })),
    ),
    cached(
      route(merchantDirectoryEndpoints.one, async ({ params }) => ({
        message: 'Merchant',
        data: await storesService.publicStore(params.storeUrl),
      })),
    ),
    // The platform's approval of stores, after the merchants' and the public's, in the order they always had.
    ...storeApprovalRoutes(approval),
  ];
}

/** A customer follows a store, stops following it, and reads whom they follow. */
function followRoutes(storesService: StoresService): RouteDefinition[] {
  return [
    route(storeFollowEndpoints.follow, async ({ auth, params }) => ({
      message: 'You are following this store',
      data: await storesService.follow(auth.userId, params.storeId),
    })),
    route(storeFollowEndpoints.unfollow, async ({ auth, params }) => ({
      message: 'You no longer follow this store',
      data: await storesService.unfollow(auth.userId, params.storeId),
    })),
    route(storeFollowEndpoints.state, async ({ auth, params }) => ({
      message: 'Follow state',
      data: await storesService.followState(auth.userId, params.storeId),
    })),
    route(storeFollowEndpoints.following, async ({ auth, query }) => ({
      message: 'Stores you follow',
      data: await storesService.following(auth.userId, query.page, query.limit),
    })),

    // Public directory reads: cached until a write changes the catalog (follows and store changes are writes).
  ];
}

/** The platform's store approval: the list, a store's details and documents, approve or reject, the approvers. */
function storeApprovalRoutes(approval: ReturnType<typeof createStoreApprovalService>): RouteDefinition[] {
  return [
    route(storeAdminEndpoints.list, async ({ query }) => ({
      message: 'Stores',
      data: await approval.list(query),
    })),
    route(storeAdminEndpoints.details, async ({ params }) => ({
      message: 'Store details',
      data: await approval.details(params.id),
    })),
    route(storeAdminEndpoints.approve, async ({ auth, params }) => ({
      message: 'Store approval recorded',
      data: await approval.approve(auth.userId, params.id),
    })),
    route(storeAdminEndpoints.reject, async ({ auth, params, body }) => ({
      message: 'Store rejected; the merchant has been told why',
      data: await approval.reject(auth.userId, params.id, body.reason),
    })),
    route(storeAdminEndpoints.paymentCategory, async ({ params, body }) => ({
      message: 'Payment category updated',
      data: await approval.setPaymentCategory(params.id, body.paymentCategory),
    })),
    route(storeAdminEndpoints.document, async ({ params, reply }) => {
      const file = await approval.document(params.id, params.fileId);
      return sendPrivateFile(reply, file) as never;
    }),
    route(storeAdminEndpoints.approvers, async () => ({
      message: 'Approvers',
      data: await approval.approvers(),
    })),
    route(storeAdminEndpoints.saveApprover, async ({ auth, body }) => ({
      message: 'Successfully created/updated approver',
      data: await approval.saveApprover(auth.userId, body.adminId, body.isActive),
    })),
    route(storeAdminEndpoints.removeApprover, async ({ params }) => {
      await approval.removeApprover(params.id);
      return { message: 'Approver removed' };
    }),
  ];
}
