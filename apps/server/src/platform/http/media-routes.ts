import { type AccountKind, accountKinds, type ErrorEnvelope, sessionCookies } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { AppError, notFound } from '../errors.js';
import { MEDIA_PREFIX, type Media, PRIVATE_IMAGE_CACHE, PRIVATE_MEDIA_PREFIX } from '../storage/media.js';
import type { AuthContext, Authenticate } from './routes.js';

/** Who asks for a private image, as the owning module's check reads them. */
export type MediaViewer = Pick<AuthContext, 'kind' | 'userId' | 'role' | 'storeId' | 'permissions'>;

export interface MediaRoutesOptions {
  media: Media;
  db: Db;
  authenticate: Authenticate;
  authenticateByCookie: Record<AccountKind, Authenticate>;
  /** A parcel photo (shipping-evidence…): the fulfilment chain's accounts of its order may see it. */
  mayViewShippingEvidence(viewer: MediaViewer, fileId: string): Promise<boolean>;
  /** A return's photo or its pickup's evidence: the returns module's accounts may see it. */
  mayViewReturnPhoto(viewer: MediaViewer, fileId: string): Promise<boolean>;
}

/** Public images, cached for a year, and private photos, only for the accounts that may see their order or return. */
export function installMediaRoutes(app: FastifyInstance, options: MediaRoutesOptions): void {
  const { media } = options;
  app.get(`${MEDIA_PREFIX}:name`, { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const body = await media.readImage(name);
    if (!body)
      return reply.code(404).send({ message: 'Not found', error: 'NOT_FOUND' } satisfies ErrorEnvelope);
    return reply.header('cache-control', 'public, max-age=31536000, immutable').type('image/webp').send(body);
  });

  // Parcel and return photos (issue 24): only for the accounts that may see their order or return, never cached
  // by a shared cache. A browser's <img> sends no Authorization header, so the session cookies count too.
  const anyAccount = { kind: 'signed-in', accounts: accountKinds, anyAccount: true } as const;
  app.get(`${PRIVATE_MEDIA_PREFIX}:name`, { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const callers: AuthContext[] = [];
    let refusal: unknown = new AppError('UNAUTHORIZED', 'Please sign in to continue');
    if (request.headers.authorization) callers.push((await options.authenticate(request, anyAccount))!);
    else {
      for (const kind of accountKinds) {
        if (!request.cookies?.[sessionCookies[kind].access]) continue;
        // One browser may hold several accounts' cookies; an expired one of them does not hide the others.
        await options.authenticateByCookie[kind](request, anyAccount).then(
          (caller) => caller && callers.push(caller),
          (error: unknown) => {
            refusal = error;
          },
        );
      }
    }
    if (callers.length === 0) throw refusal;
    const image = await media.readPrivateImage(options.db, name);
    let allowed = false;
    for (const caller of image ? callers : []) {
      const who = {
        kind: caller.kind,
        userId: caller.userId,
        role: caller.role,
        storeId: caller.storeId,
        permissions: caller.permissions,
      };
      allowed =
        caller.userId === image!.ownerUserId ||
        (image!.purpose.startsWith('shipping-evidence') &&
          (await options.mayViewShippingEvidence(who, image!.fileId))) ||
        ((image!.purpose === 'return-photo' || image!.purpose.startsWith('pickup-evidence')) &&
          (await options.mayViewReturnPhoto(who, image!.fileId)));
      if (allowed) break;
    }
    // Not theirs or not there: the same answer, so a stranger learns nothing of which photos exist.
    const body = allowed ? await image!.open() : undefined;
    if (!body) throw notFound('Not found');
    return reply
      .header('cache-control', PRIVATE_IMAGE_CACHE)
      .header('x-content-type-options', 'nosniff')
      .type('image/webp')
      .send(body);
  });
}
