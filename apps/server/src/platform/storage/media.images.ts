import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import type { Db } from '../db/client.js';
import { AppError, validation } from '../errors.js';
import { storedFiles } from './files.schema.js';
import {
  IMAGE_NAME,
  imageUrl,
  MEDIA_PREFIX,
  type MediaContext,
  PRIVATE_IMAGE_CACHE,
  PRIVATE_MEDIA_PREFIX,
  type Visibility,
} from './media.js';
import { imageWidths, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, type SavedImage } from './storage.js';

const IMAGE_CACHE = 'public, max-age=31536000, immutable';
const acceptedImageFormats = new Set(['jpeg', 'png', 'webp']);
const imageKey = (fileId: string, width: number, visibility: Visibility = 'public') =>
  `${visibility}/images/${fileId}-${width}.webp`;

export async function saveImage(
  ctx: MediaContext,
  executor: Db,
  ownerUserId: string,
  bytes: Buffer,
  purpose: string,
  options: { visibility?: Visibility } = {},
): Promise<SavedImage> {
  const visibility = options.visibility ?? 'public';
  const metadata = await checkedMetadata(bytes);
  const fileId = randomUUID();
  const { width, height } = await storeSizes(ctx, bytes, metadata, fileId, visibility);
  await executor.insert(storedFiles).values({
    id: fileId,
    ownerUserId,
    visibility,
    purpose,
    storageKey: `${visibility}/images/${fileId}`,
    contentType: 'image/webp',
    byteSize: bytes.length,
  });
  const urls = Object.fromEntries(
    imageWidths.map((size) => [String(size), imageUrl(fileId, size, visibility)]),
  ) as SavedImage['urls'];
  return { fileId, url: imageUrl(fileId, 800, visibility), urls, width, height };
}

/** The image's header, refused unless it is a JPEG, PNG or WebP of a size we decode. */
async function checkedMetadata(bytes: Buffer): Promise<Metadata> {
  if (bytes.length > MAX_IMAGE_BYTES) throw validation('image', 'Images must be 8 MB or smaller');
  // The bytes decide what the file is, not its name or the content type the browser claimed.
  const metadata = await sharp(bytes)
    .metadata()
    .catch(() => undefined);
  if (!metadata?.format || !acceptedImageFormats.has(metadata.format)) {
    throw validation('image', 'Upload a JPEG, PNG or WebP image');
  }
  // The header's size, read without decoding: a bomb is refused before a pixel of it is unpacked. sharp's own
  // limit below stays as a second guard (for a header that understates what the data holds).
  const { width: headerWidth, height: headerHeight } = metadata;
  if (!headerWidth || !headerHeight || headerWidth * headerHeight > MAX_IMAGE_PIXELS) {
    throw validation(
      'image',
      `Images can be at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels; this one is ${headerWidth ?? 0}×${headerHeight ?? 0}`,
    );
  }
  return metadata;
}

/** Each width encoded as WebP and stored; answers the 800-wide size's dimensions. */
async function storeSizes(
  ctx: MediaContext,
  bytes: Buffer,
  metadata: Metadata,
  fileId: string,
  visibility: Visibility,
): Promise<{ width: number; height: number }> {
  const source = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
  const sourceWidth = metadata.autoOrient?.width ?? metadata.width ?? imageWidths[imageWidths.length - 1];
  // Sizes wider than the original are the original's width: encode each distinct width once.
  const rendered = new Map<number, { data: Buffer; width: number; height: number }>();
  let width = 0;
  let height = 0;
  try {
    // Decoding and encoding wait their turn; storing the sizes (a network call with S3) happens outside it.
    await ctx.imageWork(async () => {
      for (const size of imageWidths) {
        const effective = Math.min(size, sourceWidth);
        if (rendered.has(effective)) continue;
        const { data, info } = await source
          .clone()
          .resize({ width: effective, withoutEnlargement: true })
          .webp({ quality: 78, effort: 3 })
          .toBuffer({ resolveWithObject: true });
        rendered.set(effective, { data, width: info.width, height: info.height });
      }
    });
    for (const size of imageWidths) {
      const output = rendered.get(Math.min(size, sourceWidth))!;
      if (size === 800) {
        width = output.width;
        height = output.height;
      }
      await ctx.store.put(
        imageKey(fileId, size, visibility),
        output.data,
        'image/webp',
        visibility === 'public' ? IMAGE_CACHE : PRIVATE_IMAGE_CACHE,
      );
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw validation('image', 'This image could not be read. Try another file.');
  }
  return { width, height };
}

export async function ownsImageUrls(
  _ctx: MediaContext,
  executor: Db,
  ownerUserId: string,
  urls: string[],
  options: { visibility?: Visibility; purpose?: string } = {},
): Promise<boolean> {
  const { visibility = 'public', purpose } = options;
  const prefix = visibility === 'public' ? MEDIA_PREFIX : PRIVATE_MEDIA_PREFIX;
  const ids = new Set<string>();
  for (const url of urls) {
    const name = url.startsWith(prefix) ? url.slice(prefix.length) : '';
    const match = IMAGE_NAME.exec(name);
    if (!match) return false;
    ids.add(match[1]!);
  }
  if (ids.size === 0) return true;
  const owned = await executor
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(
      and(
        inArray(storedFiles.id, [...ids]),
        eq(storedFiles.ownerUserId, ownerUserId),
        eq(storedFiles.visibility, visibility),
        purpose === undefined ? undefined : eq(storedFiles.purpose, purpose),
      ),
    );
  return owned.length === ids.size;
}

export async function readPrivateImage(ctx: MediaContext, executor: Db, name: string) {
  const match = IMAGE_NAME.exec(name);
  if (!match) return undefined;
  const [row] = await executor
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, match[1]!), eq(storedFiles.visibility, 'private')))
    .limit(1);
  if (!row?.storageKey.startsWith('private/images/')) return undefined;
  return {
    fileId: row.id,
    ownerUserId: row.ownerUserId,
    purpose: row.purpose,
    // Opened only once the caller is allowed, so a refused read leaves no stream open.
    open: async () => (await ctx.store.get(`private/images/${name}`))?.body,
  };
}

export async function readImage(ctx: MediaContext, name: string): Promise<NodeJS.ReadableStream | undefined> {
  if (!IMAGE_NAME.test(name)) return undefined;
  const object = await ctx.store.get(`public/images/${name}`);
  return object?.body;
}
