import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { postgresProofFiles } from '../support/postgres-proofs.js';

const SERVER = path.resolve(import.meta.dirname, '../..');

/**
 * A block skipped unless the suite runs on PostgreSQL (`skipIf(!serverUrl)`, `skipIf(!process.env.TEST_DATABASE_URL)`),
 * or two server processes on one PostgreSQL database (`openTwoApps`, undefined without it).
 */
const POSTGRES_ONLY =
  /\.skipIf\(\s*!\s*(serverUrl|onPostgres|two|process\.env\.TEST_DATABASE_URL)\b|openTwoApps\(/;

function testFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('PostgreSQL proofs (ADR 070)', () => {
  it('lists every file whose tests run only on PostgreSQL, so CI runs them there', () => {
    const postgresOnly = testFiles(path.join(SERVER, 'test'))
      .filter((file) => POSTGRES_ONLY.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(SERVER, file).split(path.sep).join('/'));
    expect(postgresOnly.length).toBeGreaterThan(0);
    expect(postgresOnly.filter((file) => !postgresProofFiles.includes(file))).toEqual([]);
  });

  it('names only files that exist', () => {
    expect(postgresProofFiles.filter((file) => !fs.existsSync(path.join(SERVER, file)))).toEqual([]);
  });
});
