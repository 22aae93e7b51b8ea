import { bound } from '../bound.js';
import type { Db } from '../db/client.js';
import { readPrivate, savePrivate } from './media.documents.js';
import { ownsImageUrls, readImage, readPrivateImage, saveImage } from './media.images.js';
import type { BlobStore, SavedImage, SavedPrivateFile } from './storage.js';

export const MEDIA_PREFIX = '/media/images/';
/** Photos only some accounts may see (parcels, returns): served after a check of who asks (ADR 042). */
export const PRIVATE_MEDIA_PREFIX = '/media/private/';
/** Browsers keep a private photo a little while, shared caches never. */
export const PRIVATE_IMAGE_CACHE = 'private, max-age=600';

/** `/media/images/{fileId}-{width}.webp` */
export const imageUrl = (fileId: string, width: number, visibility: Visibility = 'public') =>
  `${visibility === 'public' ? MEDIA_PREFIX : PRIVATE_MEDIA_PREFIX}${fileId}-${width}.webp`;
export type Visibility = 'public' | 'private';
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

/** What the media steps share (ADR 106): the blob store and the queue images are decoded in. */
export interface MediaContext {
  store: BlobStore;
  imageWork: ReturnType<typeof workQueue>;
}

/** Images (`media.images.ts`) and private documents (`media.documents.ts`) over one blob store (ADR 106). */
export function createMedia(store: BlobStore): Media {
  const ctx: MediaContext = { store, imageWork: workQueue(IMAGES_AT_ONCE) };
  return {
    saveImage: bound(ctx, saveImage),
    ownsImageUrls: bound(ctx, ownsImageUrls),
    savePrivate: bound(ctx, savePrivate),
    readPrivate: bound(ctx, readPrivate),
    readPrivateImage: bound(ctx, readPrivateImage),
    readImage: bound(ctx, readImage),
  };
}
