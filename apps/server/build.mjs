// `npm run build -w @market/server`: bundles the server (src/main.ts and the workspace's own TypeScript, such as
// @market/contracts) into dist/main.js for plain node, so `npm start` runs without tsx's loader thread, its
// transforms and their source maps (ADR 035). Every npm dependency stays external: PGlite finds its WASM and data
// files next to its own package, sharp and argon2 are native, and node_modules is there at run time anyway.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
// `node build.mjs [outfile]`: the tests build elsewhere.
const outfile = path.resolve(process.argv[2] ?? path.join(here, 'dist/main.js'));

const manifest = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const dependencies = [here, path.join(here, '../../packages/contracts')]
  .flatMap((dir) => Object.keys(manifest(path.join(dir, 'package.json')).dependencies ?? {}))
  .filter((name) => !name.startsWith('@market/'));
const external = [...new Set(dependencies)].flatMap((name) => [name, `${name}/*`]);

/**
 * Code that finds files next to its source (drizzle's migrations folder, PGlite's package through createRequire)
 * must keep seeing its source file's URL, not the bundle's: each `import.meta.url` becomes the source file's URL,
 * written relative to the bundle so the checkout can move.
 */
const sourceUrls = {
  name: 'source-import-meta-url',
  setup(plugin) {
    plugin.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (/import\.meta\.(dirname|filename)/.test(source))
        throw new Error(`${args.path}: use import.meta.url (the bundle rewrites it), not dirname/filename`);
      const relative = path.relative(path.dirname(outfile), args.path).split(path.sep).join('/');
      const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

const result = await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  plugins: [sourceUrls],
  // Not minified: a stack trace from the bundle names the function and a readable line, and each module's code
  // starts with a comment naming its source file.
  sourcemap: 'linked',
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
});

// A package missing from the dependencies above would be copied into the bundle silently; refuse that instead.
const bundled = Object.keys(result.metafile.inputs).filter((input) => input.includes('node_modules/'));
if (bundled.length > 0)
  throw new Error(
    `bundled from node_modules (add them to apps/server's dependencies): ${bundled.join(', ')}`,
  );
console.log(`Built ${path.relative(process.cwd(), outfile)}`);
