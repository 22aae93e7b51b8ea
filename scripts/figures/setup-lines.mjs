#!/usr/bin/env node
// Issue 30's test set-up figure (docs/architecture/issue-30-figures.md): per test file, the lines before its first
// `it(` or `test(` (imports, helpers, describe openings, beforeAll and beforeEach), and the same without blank lines,
// comments and import statements; median and p90 of each, and how many files build their marketplace with `world(`.
// Needs nothing but Node: `node scripts/figures/setup-lines.mjs [apps/server/test] [--list]`.
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const list = args.includes('--list');
const root = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? 'apps/server/test');

const files = fs
  .readdirSync(root, { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && /\.test\.(ts|tsx)$/.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name))
  .sort();

const firstTest = /^\s*(?:it|test)(?:\.\w+(?:\([^)]*\))?)*\s*[(`]/;
const rows = files.map((file) => {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const at = lines.findIndex((line) => firstTest.test(line));
  const before = lines.slice(0, at < 0 ? lines.length : at).join('\n');
  const code = before
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*import\s[\s\S]*?from\s*['"][^'"]+['"];?\s*$/gm, '')
    .replace(/^\s*import\s*['"][^'"]+['"];?\s*$/gm, '')
    .split('\n')
    .filter((line) => line.trim() && !line.trim().startsWith('//'));
  const text = lines.join('\n');
  return {
    file: path.relative(root, file),
    before: at < 0 ? lines.length : at,
    setUp: code.length,
    world: /\bworld\(/.test(text),
  };
});

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const show = (label, values) =>
  console.log(
    `${label}: median ${percentile(values, 50)}, p90 ${percentile(values, 90)}, max ${Math.max(...values)}`,
  );
console.log(`test files: ${rows.length}; using world(): ${rows.filter((row) => row.world).length}`);
show(
  'lines before the first it(/test(',
  rows.map((row) => row.before),
);
show(
  '  of them code (no imports, blanks, comments)',
  rows.map((row) => row.setUp),
);
if (list)
  for (const row of rows)
    console.log(`  ${row.before}\t${row.setUp}\t${row.world ? 'world' : ''}\t${row.file}`);
