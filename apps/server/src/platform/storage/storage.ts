import type { Readable } from 'node:stream';

/** Where bytes live: local disk by default, any S3-compatible store when configured. */
export interface BlobStore {
  put(key: string, body: Buffer, contentType: string, cacheControl: string): Promise<void>;
  get(key: string): Promise<{ body: Readable; contentType?: string } | undefined>;
  remove(key: string): Promise<void>;
}

/** Widths of every product image and logo; the web app picks with srcset. */
export const imageWidths = [160, 400, 800, 1200] as const;
export type ImageWidth = (typeof imageWidths)[number];

export interface SavedImage {
  fileId: string;
  /** URL of the 800 px rendition (the default one); others swap `-800.webp` for `-{width}.webp`. */
  url: string;
  urls: Record<`${ImageWidth}`, string>;
  width: number;
  height: number;
}

export interface SavedPrivateFile {
  fileId: string;
  contentType: string;
  byteSize: number;
}

export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
/**
 * Largest image decoded, in pixels (ADR 042): a 50-megapixel phone photo passes; a few hundred kilobytes of PNG
 * that would unpack to gigabytes (a decompression bomb) is refused from its header, before any decoding.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
