import {
  THEME_MESSAGES,
  themeBodyForm,
  themeEndpoints,
  themeHeaderForm,
  themePublishingEndpoints,
} from '@market/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, validation } from '../../platform/errors.js';
import { cached, type RouteDefinition, route, storeActor } from '../../platform/http/routes.js';
import { normalizeNigerianPhone } from '../../platform/phone.js';
import { MAX_IMAGE_BYTES } from '../../platform/storage/storage.js';
import type { ThemesService } from './themes.service.js';

/** `title`, `title[]` and `title[0]` are one field: the client may wrap a value in a one-item list (section 5). */
const fieldName = (name: string) => name.replace(/\[\d*\]$/, '');

/**
 * Reads a multipart form: its text fields (the first value of each name) and the files of the named fields. A
 * file in any other field, or a second file in one field, is refused; size is capped per file (413 beyond).
 */
async function readForm(
  request: FastifyRequest,
  fileFields: readonly string[],
): Promise<{ fields: Record<string, string>; files: Record<string, Buffer> }> {
  if (!request.isMultipart()) throw validation('body', 'Send the form as multipart/form-data');
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  for await (const part of request.parts({
    limits: { files: fileFields.length, fileSize: MAX_IMAGE_BYTES, fields: 20 },
  })) {
    const name = fieldName(part.fieldname);
    if (part.type === 'file') {
      if (!fileFields.includes(name) || files[name]) {
        await part.toBuffer();
        throw validation(name, `Attach files only in ${fileFields.join(', ')}, one each`);
      }
      const bytes = await part.toBuffer();
      // An empty file input arrives as a file part with no name and no bytes: nothing was chosen.
      if (bytes.length > 0 || part.filename) files[name] = bytes;
    } else if (!(name in fields)) {
      fields[name] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  }
  return { fields, files };
}

/** Validates text fields with a contract schema: 422 with every issue, the first as the message. */
function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path: issue.path.join('.') || 'body',
    message: issue.message,
  }));
  throw new AppError('VALIDATION_ERROR', details[0]?.message ?? 'Invalid form', details);
}

/** A file field: bytes to store; an empty text field of that name removes the image; absent keeps it. */
function imageChange(name: string, form: { fields: Record<string, string>; files: Record<string, Buffer> }) {
  if (form.files[name]) return form.files[name];
  if (form.fields[name] !== undefined && form.fields[name]!.trim() === '') return null;
  return undefined;
}

export function themesRoutes(themes: ThemesService): RouteDefinition[] {
  return [
    route(themeEndpoints.list, async ({ auth }) => ({
      message: 'Themes',
      data: await themes.list(storeActor(auth)),
    })),
    route(themeEndpoints.active, async ({ auth }) => ({
      message: 'Active theme',
      data: await themes.active(storeActor(auth)),
    })),
    route(themeEndpoints.purchase, async ({ auth, body }) => ({
      message: 'Theme added to your store',
      data: await themes.purchase(storeActor(auth), body.themeId),
    })),
    route(themeEndpoints.activate, async ({ auth, body }) => ({
      message: 'Theme activated',
      data: await themes.activate(storeActor(auth), body.themeId),
    })),
    route(themeEndpoints.customization, async ({ auth, params }) => ({
      message: 'Theme customisation',
      data: await themes.customization(storeActor(auth), params.themeId),
    })),
    route(themeEndpoints.testimonials, async ({ auth, query }) => ({
      message: 'Testimonials',
      data: await themes.testimonials(storeActor(auth), query.merchantThemeId),
    })),
    route(themeEndpoints.saveBody, async ({ auth, request }) => {
      const actor = storeActor(auth);
      const form = await readForm(request, ['bannerImage', 'promoImage']);
      const text = parseFields(themeBodyForm, form.fields);
      return {
        message: THEME_MESSAGES.updated,
        data: await themes.saveBody(actor, {
          ...text,
          bannerImage: imageChange('bannerImage', form),
          promoImage: imageChange('promoImage', form),
        }),
      };
    }),
    route(themeEndpoints.saveHeader, async ({ auth, request }) => {
      const actor = storeActor(auth);
      const form = await readForm(request, ['logo']);
      const text = parseFields(themeHeaderForm, form.fields);
      return {
        message: THEME_MESSAGES.updated,
        data: await themes.saveHeader(actor, {
          ...text,
          phoneNumber: text.phoneNumber ? normalizeNigerianPhone(text.phoneNumber) : text.phoneNumber,
          logo: imageChange('logo', form),
        }),
      };
    }),
    route(themeEndpoints.saveSocial, async ({ auth, body }) => ({
      message: THEME_MESSAGES.updated,
      data: await themes.saveSocial(storeActor(auth), body),
    })),
    route(themeEndpoints.saveColor, async ({ auth, body }) => ({
      message: THEME_MESSAGES.updated,
      data: await themes.saveColor(storeActor(auth), body),
    })),
    route(themeEndpoints.addTestimonial, async ({ auth, body }) => ({
      message: THEME_MESSAGES.updated,
      data: await themes.addTestimonial(storeActor(auth), body),
    })),
    route(themeEndpoints.deleteTestimonial, async ({ auth, params }) => {
      await themes.deleteTestimonial(storeActor(auth), params.id);
      return { message: THEME_MESSAGES.updated, data: null };
    }),
    // Publishing, previews and the public reads, after the editing routes, in the order they always had.
    ...publishingRoutes(themes),
  ];
}

/** Publishing a theme, rolling it back, its versions and preview links, and the storefront's public reads. */
function publishingRoutes(themes: ThemesService): RouteDefinition[] {
  return [
    route(themePublishingEndpoints.publish, async ({ auth }) => ({
      message: 'Theme published',
      data: await themes.publish(storeActor(auth)),
    })),
    route(themePublishingEndpoints.rollback, async ({ auth }) => ({
      message: 'The previous version is live again',
      data: await themes.rollback(storeActor(auth)),
    })),
    route(themePublishingEndpoints.versions, async ({ auth }) => ({
      message: 'Published versions',
      data: await themes.versions(storeActor(auth)),
    })),
    route(themePublishingEndpoints.createPreviewLink, async ({ auth, body }) => ({
      message: 'Preview link created',
      data: await themes.createPreviewLink(storeActor(auth), body.merchantThemeId),
    })),
    // A draft: never cached, by the response cache or by browsers and proxies.
    route(themePublishingEndpoints.preview, async ({ params, reply }) => {
      reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
      return { message: 'Theme preview', data: await themes.preview(params.token) };
    }),
    // Public reads: cached until a write (a publish, a rollback, a store change) invalidates them.
    cached(
      route(themePublishingEndpoints.storefront, async ({ params }) => ({
        message: 'Storefront theme',
        data: await themes.storefront(params.storeUrl),
      })),
    ),
    cached(
      route(themePublishingEndpoints.catalogue, async () => ({
        message: 'Themes',
        data: await themes.catalogue(),
      })),
    ),
    route(themePublishingEndpoints.previewImage, async ({ params, reply }) => {
      const svg = await themes.previewImage(params.slug);
      return reply
        .header('cache-control', 'public, max-age=3600')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .type('image/svg+xml; charset=utf-8')
        .send(svg) as never;
    }),
  ];
}
