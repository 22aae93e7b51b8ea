import {
  onboardingEndpoints,
  storeAdminEndpoints,
  storeFollowEndpoints,
  storeProfileEndpoints,
} from '@market/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { notFound, validation } from '../../platform/errors.js';
import { type RouteDefinition, requireStoreId, route, storeActor } from '../../platform/http/routes.js';
import type { OnboardingService } from './onboarding.service.js';
import type { StoreApprovalService } from './store-approval.service.js';
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

/** A private file (a merchant's document) as the answer, never cached. */
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
  approval: StoreApprovalService,
): RouteDefinition[] {
  return [
    route(onboardingEndpoints.get, async ({ auth }) => ({
      message: 'Onboarding',
      data: await onboarding.get(auth.userId),
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
    route(storeProfileEndpoints.uploadLogo, async ({ auth, request }) => {
      const { bytes } = await readUpload(request, 'logo');
      return { message: 'Logo uploaded', data: await storesService.uploadLogo(storeActor(auth), bytes) };
    }),

    ...followRoutes(storesService),
    // The platform's approval of stores (approving, rejecting, a store's details: flows/store-approval.ts).
    ...storeApprovalRoutes(approval),
  ];
}

/** A customer follows a store and stops following it (the list of whom they follow: flows/store-directory.ts). */
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
  ];
}

/** The platform's store approval: the list, a store's documents, the approvers. */
function storeApprovalRoutes(approval: StoreApprovalService): RouteDefinition[] {
  return [
    route(storeAdminEndpoints.list, async ({ query }) => ({
      message: 'Stores',
      data: await approval.list(query),
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
