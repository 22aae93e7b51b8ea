#!/usr/bin/env node
// Sizes a reader has to hold (issue 30, ADR 076, 090): the composition root's lines, server files over 500 lines and
// functions over 80 lines. Re-run with `node scripts/code-sizes.mjs` (add `--list` for the files and functions).
// `measureServerSizes()` is the same count for the architecture test (test/architecture/code-sizes.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// TypeScript 7 (the `typescript` package) has no JavaScript API; its parser is TypeScript 5's (ADR 079).
import ts from 'typescript-api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverSource = path.join(root, 'apps/server/src');
export const FILE_LIMIT = 500;
export const FUNCTION_LIMIT = 80;
/**
 * Server files exempt from FILE_LIMIT because they are data, not logic (issue 30: "except generated or data files,
 * listed"; ADR 107): long lists a reader reads down, not code to hold in mind at once. Their functions still count.
 * Add a file here only with a decision record saying why it is data.
 */
export const DATA_FILES = ['apps/server/src/seed/demo-catalog-data.ts'];

function sourceFiles(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

const lineCount = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** Every function-like node with its name (the declaration's, or the variable/property it is assigned to). */
function functionsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const nameOf = (node) => {
    if (node.name && ts.isIdentifier(node.name)) return node.name.text;
    if (node.name && (ts.isStringLiteral(node.name) || ts.isPrivateIdentifier(node.name)))
      return node.name.text;
    const parent = node.parent;
    if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name)
      return parent.name.getText(source);
    if (parent && ts.isCallExpression(parent))
      return `(callback of ${parent.expression.getText(source).slice(0, 40)})`;
    return '(anonymous)';
  };
  const visit = (node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)
    ) {
      if (node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        found.push({ name: nameOf(node), lines: end - start + 1, line: start + 1 });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { text, functions: found };
}

/** Server files over FILE_LIMIT lines and functions over FUNCTION_LIMIT, longest first; the composition root's sizes. */
export function measureServerSizes() {
  const files = sourceFiles(serverSource).map((file) => ({ file, ...functionsOf(file) }));
  const relative = (file) => path.relative(root, file);
  const bigFiles = files
    .map(({ file, text }) => ({ file: relative(file), lines: lineCount(text) }))
    .filter((entry) => entry.lines > FILE_LIMIT && !DATA_FILES.includes(entry.file))
    .sort((a, b) => b.lines - a.lines);
  const longFunctions = files
    .flatMap(({ file, functions }) => functions.map((fn) => ({ file: relative(file), ...fn })))
    .filter((fn) => fn.lines > FUNCTION_LIMIT)
    .sort((a, b) => b.lines - a.lines);

  const appFile = files.find(({ file }) => relative(file) === 'apps/server/src/app.ts');
  const appFunctions = appFile?.functions ?? [];
  const named = (name) => appFunctions.find((fn) => fn.name === name)?.lines ?? 0;
  const flowsDir = path.join(serverSource, 'flows');
  const flowFiles = fs.existsSync(flowsDir) ? sourceFiles(flowsDir) : [];
  return { files, bigFiles, longFunctions, appFile, appFunctions, named, flowFiles };
}

function report(list) {
  const { bigFiles, longFunctions, appFile, appFunctions, named, flowFiles } = measureServerSizes();
  console.log(`app.ts lines:                 ${appFile ? lineCount(appFile.text) : 0}`);
  console.log(`  buildApp lines:             ${named('buildApp')}`);
  console.log(`  composeModules lines:       ${named('composeModules')}`);
  console.log(`  longest function in app.ts: ${Math.max(0, ...appFunctions.map((fn) => fn.lines))}`);
  console.log(
    `flows/: ${flowFiles.length} files, ${flowFiles.reduce((sum, file) => sum + lineCount(fs.readFileSync(file, 'utf8')), 0)} lines`,
  );
  console.log(`server files over ${FILE_LIMIT} lines:  ${bigFiles.length}`);
  console.log(`server functions over ${FUNCTION_LIMIT} lines: ${longFunctions.length}`);
  if (list) {
    console.log(`\ndata files (exempt from the file limit): ${DATA_FILES.join(', ')}`);
    console.log('\nfiles:');
    for (const entry of bigFiles) console.log(`  ${entry.lines}\t${entry.file}`);
    console.log('\nfunctions:');
    for (const fn of longFunctions) console.log(`  ${fn.lines}\t${fn.file}:${fn.line}\t${fn.name}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  report(process.argv.includes('--list'));
