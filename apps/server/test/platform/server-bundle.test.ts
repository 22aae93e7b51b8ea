import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Store } from '../../src/platform/storage/blob-stores.js';

const serverDir = path.resolve(import.meta.dirname, '../..');

describe('the server bundle `npm start` runs (ADR 035)', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'server-bundle-'));
  const outfile = path.join(scratch, 'main.js');
  let bundle = '';
  beforeAll(async () => {
    await promisify(execFile)(process.execPath, [path.join(serverDir, 'build.mjs'), outfile]);
    bundle = fs.readFileSync(outfile, 'utf8');
  }, 60_000);
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('bundles our TypeScript, the contracts included, and imports npm packages from node_modules', () => {
    const imported = [...bundle.matchAll(/^import [^;]*?from "([^"]+)";$/gms)].map((match) => match[1]);
    expect(imported).toContain('@electric-sql/pglite');
    expect(imported).toContain('fastify');
    expect(imported.filter((name) => name?.startsWith('@market/'))).toEqual([]);
    // Clients of what the embedded default does not use are loaded only when configured.
    for (const lazy of ['pg', 'pg-boss', 'ioredis', 'nodemailer', '@aws-sdk/client-s3'])
      expect(imported, lazy).not.toContain(lazy);
  });

  it('keeps files found next to the sources (migrations, PGlite) where the sources are', () => {
    const relative = path
      .relative(scratch, path.join(serverDir, 'src/platform/db/client.ts'))
      .split(path.sep);
    expect(bundle).toContain(`new URL(${JSON.stringify(relative.join('/'))}, import.meta.url)`);
    expect(bundle).not.toMatch(/import\.meta\.(dirname|filename)/);
  });
});

describe('the S3 store, its SDK loaded on first use', () => {
  let server: http.Server;
  let endpoint = '';
  const objects = new Map<string, string>();
  beforeAll(async () => {
    // Just enough of S3's API: PUT stores, GET answers the body or S3's NoSuchKey error.
    server = http.createServer((request, response) => {
      // The SDK adds `?x-id=PutObject` and the like: the object is the path.
      const key = new URL(request.url ?? '/', 'http://s3.test').pathname;
      if (request.method === 'PUT') {
        let body = '';
        request.on('data', (chunk: Buffer) => {
          body += chunk.toString('utf8');
        });
        request.on('end', () => {
          objects.set(key, body);
          response.end();
        });
        return;
      }
      const body = objects.get(key);
      if (body === undefined) {
        response.writeHead(404, { 'content-type': 'application/xml' });
        response.end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
        return;
      }
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('puts, gets, and answers undefined for a missing key', async () => {
    const store = createS3Store({
      bucket: 'media',
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'test',
      secretAccessKey: 'test',
    });
    expect(await store.get('products/missing.webp')).toBeUndefined();
    await store.put('products/a.txt', Buffer.from('kept'), 'text/plain', 'max-age=60');
    const found = await store.get('products/a.txt');
    const chunks: Buffer[] = [];
    for await (const chunk of found?.body ?? []) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).toString('utf8')).toBe('kept');
  });
});
