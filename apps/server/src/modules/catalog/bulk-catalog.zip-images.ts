import { createHash } from 'node:crypto';
import type { BulkCatalogProblem } from '@market/contracts';
import sharp from 'sharp';
import type { Deps } from '../../platform/deps.js';
import { AppError, validation } from '../../platform/errors.js';
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from '../../platform/storage/storage.js';
import { inspectZip, ZipRefused } from '../../platform/zip-guard.js';
import { eachAtMost, knownImages, rememberImage } from './bulk-catalog.images.js';
import type { CatalogRead, CatalogRecord } from './bulk-catalog.rows.js';

// Product images as a zip beside the sheet (ADR 093): files named by SKU (`SKU.jpg`, then `SKU-2.jpg`, `SKU-3.jpg`
// in that order), each checked by content and size, stored by the image uploader's pipeline, and remembered per
// store by the hash of its bytes, so the same zip twice stores and changes nothing.

/** The zip's own limits: checked before anything is unpacked past them. */
export const IMAGE_ZIP_MAX_BYTES = 40 * 1024 * 1024;
const ZIP_LIMITS = { maxEntries: 500, maxUnpackedBytes: 64 * 1024 * 1024 };
const IMAGE_NAME = /^(.+)\.(jpe?g|png|webp)$/i;
const SKIPPED = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$)/;

interface ZipImage {
  name: string;
  record: CatalogRecord;
  order: number;
  data: Buffer;
}

/** Each file to its product row: the whole name as a SKU first, else `SKU-N` as that SKU's N-th image. */
function matchImages(read: CatalogRead, zip: Buffer): { images: ZipImage[]; problems: BulkCatalogProblem[] } {
  let entries: ReturnType<typeof inspectZip>;
  try {
    entries = inspectZip(zip, ZIP_LIMITS);
  } catch (error) {
    if (error instanceof ZipRefused)
      throw validation('images', `The images zip was refused: ${error.message}`);
    throw error;
  }
  const bySku = new Map<string, CatalogRecord>();
  for (const record of read.file?.records ?? [])
    if (!record.cells.parent_sku && record.cells.sku) bySku.set(record.cells.sku.toLowerCase(), record);
  const images: ZipImage[] = [];
  const problems: BulkCatalogProblem[] = [];
  for (const entry of entries) {
    if (entry.name.endsWith('/') || SKIPPED.test(entry.name)) continue;
    const name = entry.name.split('/').pop()!;
    const match = IMAGE_NAME.exec(name);
    const numbered = match ? /^(.+)-(\d{1,2})$/.exec(match[1]!) : null;
    const record = match
      ? (bySku.get(match[1]!.toLowerCase()) ?? (numbered ? bySku.get(numbered[1]!.toLowerCase()) : undefined))
      : undefined;
    if (!match) {
      problems.push({
        row: 1,
        column: 'images',
        message: `${name}: name images SKU.jpg, SKU-2.jpg (JPEG, PNG, WebP)`,
      });
    } else if (!record) {
      problems.push({
        row: 1,
        column: 'images',
        message: `${name}: no product row in the file has this SKU`,
      });
    } else {
      const exact = bySku.get(match[1]!.toLowerCase()) === record;
      images.push({ name, record, order: exact ? 1 : Number(numbered![2]), data: entry.data });
    }
  }
  images.sort((a, b) => a.record.row - b.record.row || a.order - b.order || a.name.localeCompare(b.name));
  for (const record of new Set(images.map((image) => image.record)))
    if (record.cells.images || record.cells.image_urls)
      problems.push({
        row: record.row,
        column: 'images',
        message: 'The zip has images for this SKU: leave images and image_urls blank on its row',
      });
  return { images, problems };
}

/** The header's format and size, without decoding: what the dry run can say without storing anything. */
async function contentProblem(image: ZipImage): Promise<string | undefined> {
  if (image.data.length > MAX_IMAGE_BYTES) return 'Images must be 8 MB or smaller';
  const metadata = await sharp(image.data)
    .metadata()
    .catch(() => undefined);
  if (!metadata?.format || !['jpeg', 'png', 'webp'].includes(metadata.format))
    return 'Upload a JPEG, PNG or WebP image';
  if (!metadata.width || !metadata.height || metadata.width * metadata.height > MAX_IMAGE_PIXELS)
    return `Images can be at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
  return undefined;
}

const problemOf = (image: ZipImage, message: string): BulkCatalogProblem => ({
  row: image.record.row,
  column: 'images',
  message: `${image.name}: ${message}`,
});

/** The dry run: names matched to rows and each file's content checked; nothing is stored. */
export async function checkImageZip(read: CatalogRead, zip: Buffer): Promise<BulkCatalogProblem[]> {
  const { images, problems } = matchImages(read, zip);
  await eachAtMost(images, 4, async (image) => {
    const message = await contentProblem(image);
    if (message) problems.push(problemOf(image, message));
  });
  return problems;
}

/**
 * Before the apply's transaction: stores each file not yet stored for this store (by its bytes' hash) and writes
 * the stored images' URLs into its row's `images`, in the order of the names.
 */
export async function importImageZip(
  deps: Pick<Deps, 'db' | 'media'>,
  storeId: string,
  uploaderId: string,
  read: CatalogRead,
  zip: Buffer,
): Promise<{ problems: BulkCatalogProblem[]; storeImages: Set<string> }> {
  const { images, problems } = matchImages(read, zip);
  if (problems.length > 0) return { problems, storeImages: new Set() };
  const keyOf = (image: ZipImage) => `sha256:${createHash('sha256').update(image.data).digest('hex')}`;
  const stored = await knownImages(deps, storeId, images.map(keyOf));
  await eachAtMost(
    images.filter((image) => !stored.has(keyOf(image))),
    4,
    async (image) => {
      try {
        stored.set(keyOf(image), await rememberImage(deps, storeId, uploaderId, keyOf(image), image.data));
      } catch (error) {
        if (error instanceof AppError) problems.push(problemOf(image, error.message));
        else throw error;
      }
    },
  );
  if (problems.length > 0) return { problems, storeImages: new Set() };
  const urlsByRecord = new Map<CatalogRecord, string[]>();
  for (const image of images)
    urlsByRecord.set(image.record, [...(urlsByRecord.get(image.record) ?? []), stored.get(keyOf(image))!]);
  for (const [record, urls] of urlsByRecord) record.cells.images = [...new Set(urls)].join(' ');
  read.file?.columns.add('images');
  return { problems: [], storeImages: new Set(stored.values()) };
}
