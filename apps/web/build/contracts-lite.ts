import fs from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:contracts-lite';
const CONTRACTS_IMPORT = /(import|export)\s*\{([^}]*)\}\s*from\s*'@market\/contracts'\s*;?/g;

interface Lite {
  /** Each name the app may import from here instead of the contract package, with its module's code. */
  modules: Map<string, string>;
}

/** Plain data (strings, numbers, booleans, null, arrays and plain objects of them): safe to write as a literal. */
function isPlainData(value: unknown, depth = 0): boolean {
  if (depth > 20) return false;
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every((item) => isPlainData(item, depth + 1));
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value as object).every((item) => isPlainData(item, depth + 1));
}

interface EndpointLike {
  surface: string;
  method: string;
  path: string;
  access: unknown;
  upload?: unknown;
  status?: number;
}

const isEndpoint = (value: unknown): value is EndpointLike =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as EndpointLike).surface === 'string' &&
  typeof (value as EndpointLike).method === 'string' &&
  typeof (value as EndpointLike).path === 'string' &&
  'response' in value;

/** What the API client reads of an endpoint; the schemas stay on the server and in the forms that check them. */
function liteEndpoint({ surface, method, path, access, upload, status }: EndpointLike) {
  return { surface, method, path, access, ...(upload ? { upload } : {}), ...(status ? { status } : {}) };
}

const NOT_LITE = Symbol('not lite');

/** The value with each endpoint (at any depth, e.g. `authEndpoints.customer.login`) cut down; NOT_LITE if not data. */
function liteValue(value: unknown, depth = 0): unknown {
  if (depth > 20) return NOT_LITE;
  if (isEndpoint(value)) return JSON.parse(JSON.stringify(liteEndpoint(value)));
  if (Array.isArray(value)) {
    const items = value.map((item) => liteValue(item, depth + 1));
    return items.includes(NOT_LITE) ? NOT_LITE : items;
  }
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value).map(([key, item]) => [key, liteValue(item, depth + 1)] as const);
    return entries.some(([, item]) => item === NOT_LITE) ? NOT_LITE : Object.fromEntries(entries);
  }
  return isPlainData(value) ? value : NOT_LITE;
}

/** Contract files that load no schema library at run time (only `import type`, or imports of such files). */
function zodFreeFiles(dir: string): string[] {
  const files = fs.readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
  const imports = new Map(
    files.map((name) => {
      const source = fs.readFileSync(path.join(dir, name), 'utf8');
      const runtime = [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]!);
      return [name, runtime] as const;
    }),
  );
  const free = new Set<string>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, runtime] of imports) {
      if (free.has(name) || name === 'index.ts') continue;
      if (
        runtime.every(
          (target) => target.startsWith('./') && free.has(target.slice(2).replace(/\.js$/, '.ts')),
        )
      ) {
        free.add(name);
        changed = true;
      }
    }
  }
  return [...free].map((name) => path.join(dir, name));
}

async function buildLite(contractsDir: string): Promise<Lite> {
  // One module per name, so each page's chunk carries only what it uses (the states list stays with address forms).
  const modules = new Map<string, string>();
  for (const file of zodFreeFiles(contractsDir)) {
    const module = (await tsImport(file, import.meta.url)) as Record<string, unknown>;
    for (const name of Object.keys(module)) {
      if (name !== 'default' && !modules.has(name))
        modules.set(name, `export { ${name} } from ${JSON.stringify(file)};\n`);
    }
  }
  const contracts = (await tsImport(path.join(contractsDir, 'index.ts'), import.meta.url)) as Record<
    string,
    unknown
  >;
  for (const [name, value] of Object.entries(contracts)) {
    if (modules.has(name)) continue;
    const literal = liteValue(value);
    if (literal !== NOT_LITE && isPlainData(literal))
      modules.set(name, `export const ${name} = ${JSON.stringify(literal)};\n`);
  }
  return { modules };
}

/**
 * Keeps the schema library out of pages that do not check a form. Every contract module builds its zod schemas
 * when loaded, so importing one endpoint loaded zod and every schema (about 40 KiB compressed). At build time this
 * plugin loads the contracts in Node and writes a module of the endpoints' addresses and access rules and of the
 * plain data (sorts, statuses, segments), plus the schema-free files (money formatting, paths, access); the app's
 * imports of those names are pointed at it. Schemas (forms) still come from the contract package. Tests and the
 * dev server use the contract package as it is.
 */
export function contractsLite(contractsDir: string): Plugin {
  let lite: Lite | undefined;
  return {
    name: 'market:contracts-lite',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      lite = await buildLite(contractsDir);
    },
    resolveId(id) {
      return id.startsWith(`${VIRTUAL_ID}/`) ? `\0${id}` : undefined;
    },
    load(id) {
      return id.startsWith(`\0${VIRTUAL_ID}/`)
        ? lite?.modules.get(id.slice(VIRTUAL_ID.length + 2))
        : undefined;
    },
    transform(code, id) {
      if (!lite || id.includes('node_modules') || !/\/src\/.*\.[cm]?[jt]sx?$/.test(id)) return undefined;
      if (!code.includes('@market/contracts')) return undefined;
      const { modules } = lite;
      let changed = false;
      const rewritten = code.replace(CONTRACTS_IMPORT, (statement, keyword: string, list: string) => {
        const specifiers = list
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
        const nameOf = (part: string) => part.split(/\s+as\s+/)[0]!;
        const toLite = specifiers.filter((part) => !part.startsWith('type ') && modules.has(nameOf(part)));
        if (toLite.length === 0) return statement;
        changed = true;
        const rest = specifiers.filter((part) => !toLite.includes(part));
        // Only types left: say so, or the import stays as a bare `import '@market/contracts'` that loads zod.
        const onlyTypes = rest.every((part) => part.startsWith('type '));
        const kept =
          rest.length === 0
            ? ''
            : onlyTypes
              ? `${keyword} type { ${rest.map((part) => part.slice(5)).join(', ')} } from '@market/contracts';\n`
              : `${keyword} { ${rest.join(', ')} } from '@market/contracts';\n`;
        return (
          kept +
          toLite.map((part) => `${keyword} { ${part} } from '${VIRTUAL_ID}/${nameOf(part)}';`).join('\n')
        );
      });
      return changed ? { code: rewritten, map: null } : undefined;
    },
  };
}

/**
 * The chunk group that keeps zod and the contract's schema files together and apart from the schema-free files:
 * without it the bundler merged the money formatting every page uses into the chunk that holds zod.
 */
export function schemaChunkGroup(contractsDir: string) {
  const free = new Set(zodFreeFiles(contractsDir).map((file) => path.resolve(file)));
  const contracts = path.resolve(contractsDir) + path.sep;
  return {
    name: 'schemas',
    // Not the files they import: the schema-free ones must stay free to land in the pages' own chunks.
    includeDependenciesRecursively: false,
    test: (id: string) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(id) || (id.startsWith(contracts) && !free.has(path.resolve(id))),
  };
}
