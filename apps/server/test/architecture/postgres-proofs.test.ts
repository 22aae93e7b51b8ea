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

/**
 * The test declarations (`it`, `test`) of a file that run in `server-postgres`: neither marked `pglite.it` nor
 * `…skipIf(proofsOnly() …)`, nor inside a `describe` marked so. Biome's indentation gives the nesting.
 */
export function testsOnPostgres(source: string): string[] {
  const open: { indent: number; skipped: boolean }[] = [];
  const kept: string[] = [];
  for (const [index, line] of source.split('\n').entries()) {
    const found = /^(\s*)(pglite\.)?(describe|it|test)\b[.(]/.exec(line);
    if (!found) continue;
    const indent = found[1]!.length;
    while (open.length > 0 && open[open.length - 1]!.indent >= indent) open.pop();
    const skipped =
      (open.length > 0 && open[open.length - 1]!.skipped) ||
      Boolean(found[2]) ||
      line.includes('proofsOnly()');
    if (found[3] === 'describe') open.push({ indent, skipped });
    else if (!skipped) kept.push(`${index + 1}: ${line.trim()}`);
  }
  return kept;
}

function testFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    // This file's own examples would match its patterns.
    return entry.name.endsWith('.test.ts') && full !== import.meta.filename ? [full] : [];
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

  it('keeps at least one test of every listed file on PostgreSQL, and marks tests PGlite-only in listed files alone', () => {
    const withoutProof = postgresProofFiles.filter(
      (file) => testsOnPostgres(fs.readFileSync(path.join(SERVER, file), 'utf8')).length === 0,
    );
    expect(withoutProof).toEqual([]);
    const markedElsewhere = testFiles(path.join(SERVER, 'test'))
      .map((file) => path.relative(SERVER, file).split(path.sep).join('/'))
      .filter((file) => !postgresProofFiles.includes(file))
      .filter((file) =>
        /\bpglite\.(it|describe)\b|proofsOnly\(\)/.test(fs.readFileSync(path.join(SERVER, file), 'utf8')),
      );
    expect(markedElsewhere).toEqual([]);
  });

  it('reads nesting and marks as the runner does', () => {
    const source = [
      "describe('a', () => {",
      "  it('kept', () => {});",
      '  pglite.it(',
      "    'skipped',",
      '    () => {},',
      '  );',
      '});',
      "pglite.describe('b', () => {",
      "  it('skipped with its block', () => {});",
      '});',
      "describe.skipIf(proofsOnly() || !redisUp)('c', () => {",
      "  it.skipIf(!two)('skipped with its block', () => {});",
      '});',
      "describe.skipIf(!serverUrl)('d', () => {",
      "  it('kept', () => {});",
      '});',
    ].join('\n');
    expect(testsOnPostgres(source)).toEqual(["2: it('kept', () => {});", "15: it('kept', () => {});"]);
  });

  it('names only files that exist', () => {
    expect(postgresProofFiles.filter((file) => !fs.existsSync(path.join(SERVER, file)))).toEqual([]);
  });
});
