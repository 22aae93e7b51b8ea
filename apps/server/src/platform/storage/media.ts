import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Db } from '../db/client.js';
import { AppError, validation } from '../errors.js';
import { storedFiles } from './files.schema.js';
import {
  type BlobStore,
  imageWidths,
  MAX_DOCUMENT_BYTES,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  type SavedImage,
  type SavedPrivateFile,
} from './storage.js';

export const MEDIA_PREFIX = '/media/images/';
/** Photos only some accounts may see (parcels, returns): served after a check of who asks (ADR 042). */
export const PRIVATE_MEDIA_PREFIX = '/media/private/';
/** Browsers keep a private photo a little while, shared caches never. */
export const PRIVATE_IMAGE_CACHE = 'private, max-age=600';
const IMAGE_CACHE = 'public, max-age=31536000, immutable';
const acceptedImageFormats = new Set(['jpeg', 'png', 'webp']);
const acceptedDocumentTypes = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/webp']);

/** `/media/images/{fileId}-{width}.webp` */
export const imageUrl = (fileId: string, width: number, visibility: Visibility = 'public') =>
  `${visibility === 'public' ? MEDIA_PREFIX : PRIVATE_MEDIA_PREFIX}${fileId}-${width}.webp`;
const imageKey = (fileId: string, width: number, visibility: Visibility = 'public') =>
  `${visibility}/images/${fileId}-${width}.webp`;
type Visibility = 'public' | 'private';
export const IMAGE_NAME = /^([0-9a-f-]{36})-(160|400|800|1200)\.webp$/;

/** The file id of an image address (public or private, any of its widths), or undefined for anything else. */
export function imageFileId(url: string): string | undefined {
  for (const prefix of [MEDIA_PREFIX, PRIVATE_MEDIA_PREFIX]) {
    if (url.startsWith(prefix)) return IMAGE_NAME.exec(url.slice(prefix.length))?.[1];
  }
  return undefined;
}

/**
 * At most this many images are decoded and encoded at once (one per core of a small server): a burst of uploads
 * queues here instead of each holding a decoded frame in memory at the same time (ADR 042).
 */
const IMAGES_AT_ONCE = 2;

/** Runs image work `limit` jobs at a time, in arrival order. */
function workQueue(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await job();
    } finally {
      // The freed slot passes straight to the next waiter, so `running` counts it without a gap to race into.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

export interface Media {
  /** `private`: served only through the checked route of PRIVATE_MEDIA_PREFIX (parcel and return photos). */
  saveImage(
    executor: Db,
    ownerUserId: string,
    bytes: Buffer,
    purpose: string,
    options?: { visibility?: Visibility },
  ): Promise<SavedImage>;
  /**
   * True when every URL is an image this user uploaded (so a product cannot borrow another store's images), with
   * that visibility (public by default), and, when `purpose` is given, uploaded for that purpose (a shipping photo
   * names its order and move).
   */
  ownsImageUrls(
    executor: Db,
    ownerUserId: string,
    urls: string[],
    options?: { visibility?: Visibility; purpose?: string },
  ): Promise<boolean>;
  /** A private image by its name, with what decides who may see it. */
  readPrivateImage(
    executor: Db,
    name: string,
  ): Promise<
    | {
        fileId: string;
        ownerUserId: string;
        purpose: string;
        open(): Promise<NodeJS.ReadableStream | undefined>;
      }
    | undefined
  >;
  savePrivate(
    executor: Db,
    ownerUserId: string,
    bytes: Buffer,
    purpose: string,
    originalName?: string,
  ): Promise<SavedPrivateFile>;
  readPrivate(
    executor: Db,
    fileId: string,
  ): Promise<
    { ownerUserId: string; contentType: string; byteSize: number; body: NodeJS.ReadableStream } | undefined
  >;
  readImage(name: string): Promise<NodeJS.ReadableStream | undefined>;
}

export function createMedia(store: BlobStore): Media {
  const imageWork = workQueue(IMAGES_AT_ONCE);
  return {
    async saveImage(executor, ownerUserId, bytes, purpose, options = {}) {
      const visibility = options.visibility ?? 'public';
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
      const fileId = randomUUID();
      const source = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
      const sourceWidth = metadata.autoOrient?.width ?? metadata.width ?? imageWidths[imageWidths.length - 1];
      // Sizes wider than the original are the original's width: encode each distinct width once.
      const rendered = new Map<number, { data: Buffer; width: number; height: number }>();
      let width = 0;
      let height = 0;
      try {
        // Decoding and encoding wait their turn; storing the sizes (a network call with S3) happens outside it.
        await imageWork(async () => {
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
          await store.put(
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
    },

    async ownsImageUrls(executor, ownerUserId, urls, options = {}) {
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
    },

    async savePrivate(executor, ownerUserId, bytes, purpose, originalName) {
      if (bytes.length > MAX_DOCUMENT_BYTES) throw validation('file', 'Documents must be 5 MB or smaller');
      const detected = await fileTypeFromBuffer(bytes);
      if (!detected || !acceptedDocumentTypes.has(detected.mime)) {
        throw validation('file', 'Upload a PDF, JPEG, PNG or WebP file');
      }
      const fileId = randomUUID();
      const key = `private/${purpose}/${fileId}`;
      await store.put(key, bytes, detected.mime, 'private, no-store');
      await executor.insert(storedFiles).values({
        id: fileId,
        ownerUserId,
        visibility: 'private',
        purpose,
        storageKey: key,
        contentType: detected.mime,
        byteSize: bytes.length,
        originalName: originalName?.slice(0, 200),
      });
      return { fileId, contentType: detected.mime, byteSize: bytes.length };
    },

    async readPrivate(executor, fileId) {
      const [row] = await executor
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.id, fileId), eq(storedFiles.visibility, 'private')))
        .limit(1);
      if (!row) return undefined;
      const object = await store.get(row.storageKey);
      if (!object) return undefined;
      return {
        ownerUserId: row.ownerUserId,
        contentType: row.contentType,
        byteSize: row.byteSize,
        body: object.body,
      };
    },

    async readPrivateImage(executor, name) {
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
        open: async () => (await store.get(`private/images/${name}`))?.body,
      };
    },

    async readImage(name) {
      if (!IMAGE_NAME.test(name)) return undefined;
      const object = await store.get(`public/images/${name}`);
      return object?.body;
    },
  };
}
