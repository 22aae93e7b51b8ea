import fs from 'node:fs';
import path from 'node:path';

/**
 * The module boundaries of ADR 010, checked over the import and export-from statements of a source tree (static,
 * dynamic and type-only alike: a type import couples two modules as much as a value import does).
 *
 * - A file of `modules/<a>/` may import another module `<b>` only through `modules/<b>/index.ts`. A `*.schema.ts`
 *   may import another module's `*.schema.ts` (a foreign key is part of the database, not of the code), and the
 *   documented read models of `schemaReadModels` may import another module's schema file for a join.
 * - No two modules import each other, directly or around a longer loop.
 * - `platform/` never imports `modules/`.
 * - `flows/` (ADR 047) calls modules only through their `index.ts`, and no module or platform file imports a flow:
 *   control goes down from a flow into the modules, never back up.
 * - No SQL fragment (an export named `…Sql`) crosses a module (ADR 081, amended for issue 30): built into another
 *   module's statement it would read the owner's tables where the schema rule cannot see it. A module's index never
 *   publishes one, and no file outside a module imports one from it. A module that needs another's fact in its own
 *   statement reads a view the owner publishes (declared with `pgView(…)` in the owner's `*.schema.ts`, exported
 *   from its index); each module reading another's view is listed in `viewReadModels`, with why one statement
 *   needs it.
 */
export interface BoundaryRules {
  /** A module (`from`) that may read another module's table file (`to`, relative to the root) for a join. */
  schemaReadModels: readonly { from: string; to: string; why: string }[];
  /** A module (`from`) that reads another module's published view (`view`, its export name) in its statements. */
  viewReadModels?: readonly { from: string; view: string; why: string }[];
  /** Modules whose violations are tolerated for now, each with the work that removes them. */
  temporarilyExempt: readonly { module: string; until: string }[];
}

export interface Violation {
  rule:
    | 'internal-import'
    | 'module-cycle'
    | 'platform-imports-module'
    | 'imports-flow'
    | 'sql-fragment'
    | 'view-read-model';
  file: string;
  detail: string;
}

const SOURCE = /\.(ts|tsx|mts)$/;

function sourceFiles(root: string): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(root, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files.sort();
}

/** Every relative specifier a file imports or re-exports, resolved to a file under the root when it exists. */
function importsOf(file: string): string[] {
  const resolved: string[] = [];
  for (const fileName of specifiersOf(fs.readFileSync(file, 'utf8'))) {
    if (!fileName.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), fileName);
    const candidates = [
      target.replace(/\.js$/, '.ts'),
      target.replace(/\.js$/, '.tsx'),
      target,
      `${target}.ts`,
      path.join(target, 'index.ts'),
    ];
    resolved.push(candidates.find((candidate) => fs.existsSync(candidate)) ?? target);
  }
  return resolved;
}

// Static imports and re-exports (type-only too, over several lines), side-effect imports, `import()` and `require()`.
const specifierPattern =
  /(?:^|[\s;}])(?:import|export)\s(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g;

/**
 * The module specifiers a source file names, comments left out. TypeScript 7's compiler has no JavaScript API
 * (`preProcessFile` was TypeScript 5's); over `src/` this finds the same specifiers that did.
 */
export function specifiersOf(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(specifierPattern)].map((match) => match[1] ?? match[2]!);
}

const namedImportPattern =
  /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;

/** The names a file imports or re-exports by name, with the specifier each comes from (comments left out). */
export function namedImportsOf(text: string): { name: string; specifier: string }[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(namedImportPattern)].flatMap((match) =>
    match[1]!
      .split(',')
      .map((part) =>
        part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim(),
      )
      .filter(Boolean)
      .map((name) => ({ name, specifier: match[2]! })),
  );
}

/** The names a file takes from another module's index, as `{ name, module }`. */
function crossingNamesOf(root: string, file: string): { name: string; module: string }[] {
  const fromModule = moduleOf(path.relative(root, file).split(path.sep).join('/'));
  return namedImportsOf(fs.readFileSync(file, 'utf8')).flatMap(({ name, specifier }) => {
    if (!specifier.startsWith('.')) return [];
    const to = path
      .relative(root, path.resolve(path.dirname(file), specifier))
      .split(path.sep)
      .join('/');
    const module = /^modules\/([^/]+)\/index(\.js|\.ts)?$/.exec(to)?.[1];
    return module && module !== fromModule ? [{ name, module }] : [];
  });
}

const viewPattern = /\bexport\s+const\s+(\w+)\s*=\s*pgView\s*\(/g;

/** The views each module declares in its schema files (`export const x = pgView(…)`), by module. */
function viewsOf(root: string, files: string[]): Map<string, Set<string>> {
  const views = new Map<string, Set<string>>();
  for (const file of files) {
    const module = moduleOf(path.relative(root, file).split(path.sep).join('/'));
    if (!module || !file.endsWith('.schema.ts')) continue;
    const code = fs
      .readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    for (const match of code.matchAll(viewPattern)) {
      if (!views.has(module)) views.set(module, new Set());
      views.get(module)!.add(match[1]!);
    }
  }
  return views;
}

/** `modules/<name>/…` → name; anything else → undefined. Paths are relative to the root, with `/`. */
function moduleOf(relative: string): string | undefined {
  const match = /^modules\/([^/]+)\//.exec(relative);
  return match?.[1];
}

/** Strongly connected components of more than one module (Tarjan). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

export function checkModuleBoundaries(root: string, rules: BoundaryRules): Violation[] {
  const violations: Violation[] = [];
  const exempt = new Set(rules.temporarilyExempt.map((entry) => entry.module));
  const graph = new Map<string, Set<string>>();
  const relativeTo = (file: string) => path.relative(root, file).split(path.sep).join('/');

  for (const file of sourceFiles(root)) {
    const from = relativeTo(file);
    const fromModule = moduleOf(from);
    for (const target of importsOf(file)) {
      const to = relativeTo(target);
      if (to.startsWith('..')) continue;
      const toModule = moduleOf(to);
      if (from.startsWith('platform/') && to.startsWith('modules/')) {
        violations.push({ rule: 'platform-imports-module', file: from, detail: `imports ${to}` });
        continue;
      }
      if (to.startsWith('flows/') && (from.startsWith('modules/') || from.startsWith('platform/'))) {
        violations.push({ rule: 'imports-flow', file: from, detail: `imports ${to}` });
        continue;
      }
      if (from.startsWith('flows/') && toModule && to !== `modules/${toModule}/index.ts`) {
        violations.push({
          rule: 'internal-import',
          file: from,
          detail: `imports ${to}; import modules/${toModule}/index.ts instead`,
        });
        continue;
      }
      if (!fromModule || !toModule || fromModule === toModule) continue;
      if (!graph.has(fromModule)) graph.set(fromModule, new Set());
      graph.get(fromModule)!.add(toModule);

      const throughIndex = to === `modules/${toModule}/index.ts`;
      const foreignKey = from.endsWith('.schema.ts') && to.endsWith('.schema.ts');
      const readModel = rules.schemaReadModels.some((entry) => entry.from === fromModule && entry.to === to);
      if (throughIndex || foreignKey || readModel || exempt.has(fromModule)) continue;
      violations.push({
        rule: 'internal-import',
        file: from,
        detail: `imports ${to}; import modules/${toModule}/index.ts instead`,
      });
    }
  }

  const files = sourceFiles(root);
  const views = viewsOf(root, files);
  for (const file of files) {
    const by = relativeTo(file);
    const byModule = moduleOf(by);
    if (byModule && by === `modules/${byModule}/index.ts`) {
      for (const { name, specifier } of namedImportsOf(fs.readFileSync(file, 'utf8'))) {
        if (!specifier.startsWith('.') || !/Sql$/.test(name)) continue;
        violations.push({
          rule: 'sql-fragment',
          file: by,
          detail: `publishes the SQL fragment ${name}; publish a view of ${byModule}'s facts (a read model) instead`,
        });
      }
    }
    for (const { name, module } of crossingNamesOf(root, file)) {
      if (/Sql$/.test(name)) {
        violations.push({
          rule: 'sql-fragment',
          file: by,
          detail: `builds ${module}'s SQL fragment ${name} into its statement; read it through a function of ${module}, or a view ${module} publishes`,
        });
      } else if (views.get(module)?.has(name)) {
        const listed = rules.viewReadModels?.some((entry) => entry.from === byModule && entry.view === name);
        if (listed) continue;
        violations.push({
          rule: 'view-read-model',
          file: by,
          detail: `reads ${module}'s view ${name}; list it in viewReadModels with why one statement needs it`,
        });
      }
    }
  }

  for (const component of cycles(graph)) {
    if (component.every((module) => exempt.has(module))) continue;
    violations.push({
      rule: 'module-cycle',
      file: `modules/{${component.join(',')}}`,
      detail: `these modules import each other: ${component.join(' ↔ ')}`,
    });
  }
  return violations;
}
