import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The chunks a public page loads before it is usable (ADR 056). Left to itself the bundler made 33–42 scripts of
 * a public page, most under 1 KiB: on HTTP/1.1 each costs about 1.1 KiB of response headers and, on slow 4G, a
 * request of its own. Here the code is grouped by who needs it first:
 * - `app`: everything the entry imports (React, the router, TanStack Query, the app shell);
 * - `public`: the customer layout and whatever two or more public areas share (cards, prices, states);
 * - one chunk per public area (home, listing, product, storefront): its routes and what only they use.
 * A public page is thus the entry, `app`, `public` and its area (two areas for a storefront product page). Code a
 * page loads later (on a tap, once signed in, near the fold) stays in chunks of its own, as do dashboards.
 */
export interface FirstLoadLayout {
  /** The layout every public page shares (its code goes to the `public` chunk). */
  shell: string[];
  /**
   * Each area of public pages and its route modules, relative to `src/`. An area whose modules another area
   * imports comes first: a chunk takes along the dependencies no chunk before it took.
   */
  areas: Record<string, string[]>;
}

/** What rolldown hands a chunk-group `name` function: the module graph as far as it is known. */
interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** Every module `roots` reach by static imports (the roots too), without going into the modules in `stops`. */
function staticClosure(ctx: ChunkingContext, roots: string[], stops = new Set<string>()): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id) || (stops.has(id) && !roots.includes(id))) continue;
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    queue.push(...info.importedIds);
  }
  return seen;
}

/** Rolldown `codeSplitting.groups` for the layout above, highest priority first. */
export function firstLoadChunkGroups(srcDir: string, { shell, areas }: FirstLoadLayout) {
  const entry = path.join(srcDir, 'main.tsx');
  const resolve = (files: string[]) => files.map((file) => path.join(srcDir, file));
  let cached: { ctx: ChunkingContext; chunks: Map<string, string> } | undefined;
  const chunksOf = (ctx: ChunkingContext) => {
    if (cached?.ctx === ctx) return cached.chunks;
    const chunks = new Map<string, string>();
    // The entry module itself stays in the entry chunk, the one index.html names.
    const app = staticClosure(ctx, [entry]);
    for (const id of app) if (id !== entry) chunks.set(id, 'app');
    for (const id of staticClosure(ctx, resolve(shell))) if (!app.has(id)) chunks.set(id, 'public');
    // An area's modules: what its roots reach without going through another area's roots.
    const areaRoots = new Set(Object.values(areas).flatMap(resolve));
    const reachedBy = new Map<string, Set<string>>();
    for (const [area, files] of Object.entries(areas)) {
      for (const id of staticClosure(ctx, resolve(files), areaRoots)) {
        if (chunks.has(id)) continue;
        reachedBy.set(id, (reachedBy.get(id) ?? new Set()).add(area));
      }
    }
    for (const [id, reached] of reachedBy) chunks.set(id, reached.size === 1 ? [...reached][0]! : 'public');
    cached = { ctx, chunks };
    return chunks;
  };
  const names = ['app', 'public', ...Object.keys(areas)];
  return names.map((chunk, index) => ({
    debugName: chunk,
    priority: 100 + names.length - index,
    name: (id: string, ctx: ChunkingContext) => (chunksOf(ctx).get(id) === chunk ? chunk : null),
  }));
}

/**
 * Writes `.vite/route-chunks.json`: the chunk file of each module under `src/app/` (routes and layouts). Vite's
 * manifest names a chunk by its module only when the chunk is that module's own; grouped route modules live in
 * shared chunks, and the server (the `modulepreload` list of a rendered page) asks where they went.
 */
export function routeChunks(): Plugin {
  let root = '';
  return {
    name: 'market:route-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const files: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          const key = path.relative(root, id).split(path.sep).join('/');
          if (key.startsWith('src/app/')) files[key] = output.fileName;
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/route-chunks.json',
        source: `${JSON.stringify(files, null, 1)}\n`,
      });
    },
  };
}
