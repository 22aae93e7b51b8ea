import type { BulkImport } from '@market/contracts';
import { bulkCatalogEndpoints } from '@market/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { requestOf } from './contract-requests.js';
import { bearer, json, nextIp, type TestApp } from './test-app.js';

/** Reads one import of the caller's store as the screen does. */
export const readImport = (test: TestApp, token: string, id: string) =>
  test.app.inject({
    ...requestOf(bulkCatalogEndpoints.importById, { params: { id } }),
    headers: bearer(token),
    remoteAddress: nextIp(),
  });

/**
 * An apply's 202, then its import read through the API until the background job has ended it (ADR 094): what the
 * merchant's screen sees when the progress bar is full.
 */
export async function appliedImport(
  test: TestApp,
  token: string,
  applied: LightMyRequestResponse,
  timeoutMs = 60_000,
): Promise<BulkImport> {
  expect(applied.statusCode, applied.body).toBe(202);
  return endedImport(test, token, (json(applied).data as { id: string }).id, timeoutMs);
}

/** The import read through the API until it is done or failed. */
export async function endedImport(
  test: TestApp,
  token: string,
  id: string,
  timeoutMs = 60_000,
): Promise<BulkImport> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const read = await readImport(test, token, id);
    expect(read.statusCode, read.body).toBe(200);
    const found = json(read).data as BulkImport;
    if (found.status === 'done' || found.status === 'failed') return found;
    if (Date.now() > deadline) throw new Error(`Import ${id} still ${found.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
