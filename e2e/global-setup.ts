import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startApp } from './app-server.js';
import { chromiumPath } from './harness.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder with the demo marketplace migrated and seeded, copied by every journey's server. */
    seededDataDir: string | null;
  }
}

/**
 * Runs once per `vitest run` of the journeys: one server migrates and seeds the demo marketplace, stops cleanly,
 * and leaves its data folder for every journey file to copy (as the server test files copy one template database).
 * Seeding per file cost about 50 s of wall time and 12 CPU-seconds each on this two-core machine.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (!chromiumPath) {
    project.provide('seededDataDir', null);
    return () => undefined;
  }
  const app = await startApp();
  await app.stop({ keepData: true });
  project.provide('seededDataDir', app.dataDir);
  return () => fs.rmSync(app.dataDir, { recursive: true, force: true });
}
