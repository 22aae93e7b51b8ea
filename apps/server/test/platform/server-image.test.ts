import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// deploy/Containerfile is built by hand (deploy/build-image.sh, 25–50 minutes here): what it must hold is checked
// from its text, so a fault like the missing worker file of issue 33 shows in the tests, not after a rebuild.
const repo = path.resolve(import.meta.dirname, '../../../..');
const containerfile = fs.readFileSync(path.join(repo, 'deploy/Containerfile'), 'utf8');
// The stage that runs: everything after the last FROM.
const runtime = containerfile.slice(containerfile.lastIndexOf('\nFROM '));

const sourcesOf = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesOf(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });

/**
 * Files and folders the server opens at run time by a path relative to its own source file (the bundle keeps each
 * source file's URL, build.mjs): `new URL('./x', import.meta.url)` and `path.resolve(…import.meta.url)), '../x')`.
 */
function filesBesideTheSources(): string[] {
  const found = new Set<string>();
  for (const file of sourcesOf(path.join(repo, 'apps/server/src'))) {
    const source = fs.readFileSync(file, 'utf8');
    const relatives = [
      ...source.matchAll(/new URL\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g),
      ...source.matchAll(/\(\s*import\.meta\.url\s*\)\s*\)\s*,\s*['"](\.{1,2}\/[^'"]+)['"]/g),
    ].map((match) => match[1] as string);
    for (const relative of relatives)
      found.add(
        path
          .relative(repo, path.resolve(path.dirname(file), relative))
          .split(path.sep)
          .join('/'),
      );
  }
  return [...found].sort();
}

/** What the runtime stage copies from the build stage, as paths in the repository (it keeps them under /app). */
function copiedFromTheBuild(): string[] {
  return [...runtime.matchAll(/^COPY --from=build \/src\/(\S+) \.\/(\S+)$/gm)].map((match) => {
    expect(match[2], 'copied to the same path under /app').toBe(match[1]);
    return match[1] as string;
  });
}

describe('the server image (deploy/Containerfile, ADR 069)', () => {
  it('copies every file the bundle opens beside its sources', () => {
    const needed = filesBesideTheSources();
    // The scan must keep finding the ones known, or it checks nothing.
    expect(needed).toEqual(
      expect.arrayContaining([
        'apps/server/drizzle',
        'apps/server/src/platform/db/pglite-worker.mjs',
        'apps/web/dist',
      ]),
    );
    const copied = copiedFromTheBuild();
    const missing = needed.filter(
      (file) => !copied.some((copy) => file === copy || file.startsWith(`${copy}/`)),
    );
    expect(missing).toEqual([]);
  });

  it('runs as a user of its own, with a health check on liveness that survives the build', () => {
    expect(runtime).toMatch(/^USER market$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n\s+CMD .*\/api\/health\/live/m);
    // buildah's default OCI format drops HEALTHCHECK (podman then has no health check to run).
    const script = fs.readFileSync(path.join(repo, 'deploy/build-image.sh'), 'utf8');
    expect(script).toMatch(/^buildah .* bud .*--format docker/m);
  });

  it('has fontconfig and a font where the server draws SVG text with sharp', () => {
    const drawsText = sourcesOf(path.join(repo, 'apps/server/src')).some((file) =>
      /<text\b/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(drawsText).toBe(true);
    expect(runtime).toMatch(/apt-get install [^\n]*\\\n\s+fontconfig fonts-dejavu-core/);
    // sharp's fontconfig keeps a cache of its own version: drawn once as root, before the user who cannot write it.
    const warmUp = runtime.search(/require\("sharp"\)[^\n]*<text>/);
    expect(warmUp).toBeGreaterThan(runtime.indexOf('COPY --from=deps /app/node_modules'));
    expect(warmUp).toBeLessThan(runtime.indexOf('\nUSER market'));
  });
});
