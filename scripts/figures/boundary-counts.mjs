#!/usr/bin/env node
// Issue 30's boundary figures (docs/architecture/issue-30-figures.md): module → module table imports and SQL
// fragments crossing modules, counted over a server source tree the way the boundary test reads it
// (apps/server/test/architecture/module-boundaries.ts: relative import specifiers, comments left out).
// It needs nothing but Node, so it runs unchanged on an older checkout:
// `node scripts/figures/boundary-counts.mjs [apps/server/src] [--list]`.
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const list = args.includes('--list');
const root = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? 'apps/server/src');

const files = fs
  .readdirSync(root, { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
  .map((entry) => path.join(entry.parentPath, entry.name))
  .sort();

const relative = (file) => path.relative(root, file).split(path.sep).join('/');
const moduleOf = (rel) => /^modules\/([^/]+)\//.exec(rel)?.[1];
const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
const resolve = (file, specifier) => {
  const target = path.resolve(path.dirname(file), specifier);
  const candidates = [target.replace(/\.js$/, '.ts'), target, `${target}.ts`, path.join(target, 'index.ts')];
  return relative(candidates.find((candidate) => fs.existsSync(candidate)) ?? target);
};

// The boundary test's two patterns: every specifier, and the names imported or re-exported by name.
const specifierPattern =
  /(?:^|[\s;}])(?:import|export)\s(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g;
const namedPattern = /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;

// Views a module publishes (`export const x = pgView(…)` in its schema files): the read models other modules read in
// their statements instead of SQL fragments (ADR 081, amended for issue 30).
const views = new Map();
for (const file of files) {
  const owner = moduleOf(relative(file));
  if (!owner || !file.endsWith('.schema.ts')) continue;
  for (const match of withoutComments(fs.readFileSync(file, 'utf8')).matchAll(
    /\bexport\s+const\s+(\w+)\s*=\s*pgView\s*\(/g,
  )) {
    if (!views.has(owner)) views.set(owner, new Set());
    views.get(owner).add(match[1]);
  }
}

const tableImports = [];
const fragments = [];
const viewReads = [];
for (const file of files) {
  const from = relative(file);
  const fromModule = moduleOf(from);
  const code = withoutComments(fs.readFileSync(file, 'utf8'));
  for (const match of code.matchAll(specifierPattern)) {
    const specifier = match[1] ?? match[2];
    if (!specifier.startsWith('.')) continue;
    const to = resolve(file, specifier);
    const toModule = moduleOf(to);
    if (!toModule || toModule === fromModule || !to.endsWith('.schema.ts')) continue;
    tableImports.push({ from, to, kind: from.endsWith('.schema.ts') ? 'foreign key' : 'join' });
  }
  for (const match of code.matchAll(namedPattern)) {
    if (!match[2].startsWith('.')) continue;
    const toModule = moduleOf(resolve(file, match[2]));
    if (!toModule || toModule === fromModule) continue;
    for (const part of match[1].split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
        .trim();
      if (/Sql$/.test(name)) fragments.push({ name, owner: toModule, by: from });
      else if (views.get(toModule)?.has(name)) viewReads.push({ name, owner: toModule, by: from });
    }
  }
}

const moduleTables = tableImports.filter((entry) => moduleOf(entry.from));
const pairs = new Set(moduleTables.map((entry) => `${moduleOf(entry.from)} → ${moduleOf(entry.to)}`));
const count = (kind) => moduleTables.filter((entry) => entry.kind === kind).length;
console.log(`module → module table imports: ${moduleTables.length} (${pairs.size} module pairs)`);
console.log(`  schema → schema (foreign keys):        ${count('foreign key')}`);
console.log(`  other file → schema (joins, read models): ${count('join')}`);
console.log(
  `table imports from outside modules/ (flows, composition, …): ${tableImports.length - moduleTables.length}`,
);
console.log(
  `SQL fragments crossing modules (imports of a …Sql name from another module): ${fragments.length}`,
);
console.log(`  distinct fragments: ${new Set(fragments.map((entry) => entry.name)).size}`);
console.log(
  `views read across modules (read models their owners publish): ${viewReads.length} (${[...views.values()].reduce((n, set) => n + set.size, 0)} views published)`,
);
if (list) {
  console.log('\ntable imports:');
  for (const entry of tableImports) console.log(`  ${entry.kind}\t${entry.from} → ${entry.to}`);
  console.log('\nSQL fragments:');
  for (const entry of fragments) console.log(`  ${entry.name} (${entry.owner})\t→ ${entry.by}`);
  console.log('\nviews read across modules:');
  for (const entry of viewReads) console.log(`  ${entry.name} (${entry.owner})\t→ ${entry.by}`);
}
