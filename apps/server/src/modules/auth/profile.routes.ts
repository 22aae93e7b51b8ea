import { EMAIL_CHANGE_SENT, EMAIL_CHANGED, customerProfileEndpoints as endpoints } from '@market/contracts';
import type { FastifyRequest } from 'fastify';
import { validation } from '../../platform/errors.js';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import type { RateLimits } from '../../platform/security/rate-limits.js';
import type { ProfileService } from './profile.service.js';

async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw validation('photo', 'Send the photo as multipart/form-data');
  const file = await request.file();
  if (file?.fieldname !== 'photo') throw validation('photo', 'Attach the photo in the "photo" field');
  return file.toBuffer();
}

export function profileRoutes(profile: ProfileService, rateLimits: RateLimits): RouteDefinition[] {
  return [
    route(endpoints.get, async ({ auth }) => ({
      message: 'Your profile',
      data: await profile.get(auth.userId),
    })),
    route(endpoints.update, async ({ auth, body }) => ({
      message: 'Profile updated',
      data: await profile.update(auth.userId, body),
    })),
    route(endpoints.photo, async ({ auth, request }) => ({
      message: 'Photo updated',
      data: await profile.setPhoto(auth.userId, await readPhoto(request)),
    })),
    route(endpoints.removePhoto, async ({ auth }) => ({
      message: 'Photo removed',
      data: await profile.removePhoto(auth.userId),
    })),
    route(endpoints.changeEmail, async ({ auth, body, ip }) => {
      await rateLimits.consume('email-change', { ip, account: auth.userId });
      await profile.requestEmailChange(auth.userId, body);
      return { message: EMAIL_CHANGE_SENT };
    }),
    route(endpoints.confirmEmailChange, async ({ params }) => ({
      message: EMAIL_CHANGED,
      data: await profile.confirmEmailChange(params.token),
    })),
  ];
}
