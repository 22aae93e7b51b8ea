import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensurePgliteTemplate, ensurePostgresTemplate, templateKey } from './template-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the database every test file copies with `create database … template …`. */
    postgresTemplate: string | null;
    /** PGlite: the tarball of a migrated data directory every test file opens with `loadDataDir`. */
    pgliteTemplateFile: string | null;
    /** The run's saved worlds, one per shape (world-template.ts); removed when the run ends. */
    worldTemplateDir: string | null;
  }
}

/** Runs once per `vitest run`, before any server test file: migrate once, copy per file. */
export default async function setup(project: TestProject): Promise<() => void> {
  const key = templateKey();
  // A project may empty TEST_DATABASE_URL for its workers (the server project always runs on PGlite, even in a PostgreSQL run).
  const projectEnv = project.config.env ?? {};
  const serverUrl =
    'TEST_DATABASE_URL' in projectEnv ? projectEnv.TEST_DATABASE_URL : process.env.TEST_DATABASE_URL;
  project.provide('postgresTemplate', serverUrl ? await ensurePostgresTemplate(serverUrl, key) : null);
  project.provide('pgliteTemplateFile', serverUrl ? null : await ensurePgliteTemplate(key));
  // One run's worlds only: a world is made by the test factories, which change without changing any migration.
  const worlds = fs.mkdtempSync(path.join(os.tmpdir(), 'market-test-worlds-'));
  project.provide('worldTemplateDir', worlds);
  return () => fs.rmSync(worlds, { recursive: true, force: true });
}
