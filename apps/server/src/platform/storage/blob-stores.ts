import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { loadOnce } from '../load-once.js';
import type { BlobStore } from './storage.js';

/** Files under one folder; keys are made by the server, never by a client, so they cannot escape it. */
export function createDiskStore(root: string): BlobStore {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`Key escapes the store: ${key}`);
    return full;
  };
  return {
    async put(key, body) {
      const full = resolve(key);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      await fs.promises.writeFile(full, body);
    },
    async get(key) {
      const full = resolve(key);
      try {
        await fs.promises.access(full);
      } catch {
        return undefined;
      }
      return { body: fs.createReadStream(full) };
    },
    async remove(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
  };
}

export interface S3Options {
  bucket: string;
  region?: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/**
 * Any S3-compatible store (AWS S3, Cloudflare R2, MinIO, DigitalOcean Spaces). The SDK is loaded on first use:
 * it is about 5 MB of resident memory that a server on the local disk store would carry for nothing (ADR 035).
 */
export function createS3Store(options: S3Options): BlobStore {
  const s3 = loadOnce(() =>
    import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region ?? 'auto',
        endpoint: options.endpoint,
        forcePathStyle: Boolean(options.endpoint),
        credentials:
          options.accessKeyId && options.secretAccessKey
            ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
            : undefined,
      }),
    })),
  );
  return {
    async put(key, body, contentType, cacheControl) {
      const {
        sdk: { PutObjectCommand },
        client,
      } = await s3();
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: cacheControl,
        }),
      );
    },
    async get(key) {
      const {
        sdk: { GetObjectCommand, NoSuchKey },
        client,
      } = await s3();
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
        return object.Body ? { body: object.Body as Readable, contentType: object.ContentType } : undefined;
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    },
    async remove(key) {
      const {
        sdk: { DeleteObjectCommand },
        client,
      } = await s3();
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
  };
}
