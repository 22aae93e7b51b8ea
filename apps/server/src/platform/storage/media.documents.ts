import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../db/client.js';
import { validation } from '../errors.js';
import { storedFiles } from './files.schema.js';
import type { MediaContext } from './media.js';
import { MAX_DOCUMENT_BYTES, type SavedPrivateFile } from './storage.js';

const acceptedDocumentTypes = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/webp']);

export async function savePrivate(
  ctx: MediaContext,
  executor: Db,
  ownerUserId: string,
  bytes: Buffer,
  purpose: string,
  originalName?: string,
): Promise<SavedPrivateFile> {
  if (bytes.length > MAX_DOCUMENT_BYTES) throw validation('file', 'Documents must be 5 MB or smaller');
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !acceptedDocumentTypes.has(detected.mime)) {
    throw validation('file', 'Upload a PDF, JPEG, PNG or WebP file');
  }
  const fileId = randomUUID();
  const key = `private/${purpose}/${fileId}`;
  await ctx.store.put(key, bytes, detected.mime, 'private, no-store');
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
}

export async function readPrivate(ctx: MediaContext, executor: Db, fileId: string) {
  const [row] = await executor
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, fileId), eq(storedFiles.visibility, 'private')))
    .limit(1);
  if (!row) return undefined;
  const object = await ctx.store.get(row.storageKey);
  if (!object) return undefined;
  return {
    ownerUserId: row.ownerUserId,
    contentType: row.contentType,
    byteSize: row.byteSize,
    body: object.body,
  };
}
