import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The layers of the web app (bulletproof-react): app → features → shared. A feature does not import another
// feature (a route composes them); shared code (components, lib, api, test) imports no feature and no route; no
// barrel files (index.ts) inside the app, which defeat tree-shaking and breed import cycles.

const src = path.dirname(fileURLToPath(import.meta.url));

/** Known exceptions, each with the reason it is allowed. Keep this list short; prefer fixing the import. */
const allowed: { from: string; to: string; reason: string }[] = [
  // A return is part of one order: its form reads that order (the items and units that may go back) and asking
  // for one refreshes the order's own queries. The order screen does not import returns; its route composes them.
  {
    from: 'features/returns/components/return-form.tsx',
    to: 'features/orders/api/',
    reason: 'the return form reads the order it returns items of',
  },
  {
    from: 'features/returns/api/customer-returns.ts',
    to: 'features/orders/api/',
    reason: 'asking for a return refreshes the order it belongs to',
  },
];

type Layer = { kind: 'app' } | { kind: 'feature'; name: string } | { kind: 'shared' } | { kind: 'outside' };

function layerOf(file: string): Layer {
  const relative = path.relative(src, file).split(path.sep);
  if (relative[0] === '..') return { kind: 'outside' };
  // The two entry points (browser and server rendering) compose the app.
  if (relative[0] === 'app' || relative[0] === 'main.tsx' || relative[0] === 'entry-server.tsx')
    return { kind: 'app' };
  if (relative[0] === 'features') return { kind: 'feature', name: relative[1]! };
  return { kind: 'shared' };
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const importPattern = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every relative import of a file, resolved to a path (the bare package imports are not layers). */
function importsOf(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  return [...text.matchAll(importPattern)]
    .map((match) => match[1] ?? match[2]!)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.resolve(path.dirname(file), specifier));
}

/** What is wrong with one import, or null when it keeps to the layers. */
export function violation(fromFile: string, toPath: string): string | null {
  const from = layerOf(fromFile);
  const to = layerOf(toPath);
  const name = (file: string) => path.relative(src, file);
  if (to.kind === 'app' && from.kind !== 'app') return `${name(fromFile)} imports the app (${name(toPath)})`;
  if (to.kind === 'feature' && from.kind === 'shared')
    return `shared ${name(fromFile)} imports feature ${to.name} (${name(toPath)})`;
  if (to.kind === 'feature' && from.kind === 'feature' && from.name !== to.name)
    return `feature ${from.name} imports feature ${to.name} (${name(fromFile)} → ${name(toPath)}); compose them in a route`;
  return null;
}

function violations(files: string[]): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .map((target) => ({ target, problem: violation(file, target) }))
      .filter(({ target, problem }) => {
        if (!problem) return false;
        const from = path.relative(src, file);
        const to = path.relative(src, target);
        return !allowed.some((entry) => from === entry.from && to.startsWith(entry.to));
      })
      .map(({ problem }) => problem!),
  );
}

describe('web import boundaries', () => {
  const files = sourceFiles(src);

  it('finds the source files and their imports', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => importsOf(file)).length).toBeGreaterThan(300);
  });

  it('keeps app → features → shared, and features apart', () => {
    expect(violations(files)).toEqual([]);
  });

  it('has no barrel files', () => {
    const barrels = files.filter((file) => /^index\.tsx?$/.test(path.basename(file)));
    expect(barrels.map((file) => path.relative(src, file))).toEqual([]);
  });

  it('catches a deliberately wrong import (a feature reaching into another, shared code into a feature)', () => {
    const fixture = path.join(src, 'features/products/components/fixture.tsx');
    const wrong = "import { CouponForm } from '../../coupons/components/coupon-form';\n";
    expect(violation(fixture, importsOf(fixture, wrong)[0]!)).toMatch(
      /feature products imports feature coupons/,
    );
    const shared = path.join(src, 'components/ui/fixture.tsx');
    const intoFeature = "import { ProductForm } from '../../features/products/components/product-form';\n";
    expect(violation(shared, importsOf(shared, intoFeature)[0]!)).toMatch(
      /shared .* imports feature products/,
    );
    const upward = "export { router } from '../../../app/router';\n";
    expect(violation(fixture, importsOf(fixture, upward)[0]!)).toMatch(/imports the app/);
    const own = "import { useProducts } from '../api/list-products';\n";
    expect(violation(fixture, importsOf(fixture, own)[0]!)).toBeNull();
  });
});

describe('the public and dashboard style sheets', () => {
  const sourcesOf = (sheet: string, pattern: RegExp) =>
    [...fs.readFileSync(path.join(src, sheet), 'utf8').matchAll(pattern)].map((match) => match[1]!).sort();
  const dashboardOnly = sourcesOf('dashboard.css', /^@source "\.\/([^"]+)";$/gm);
  const isDashboard = (file: string) => {
    const relative = path.relative(src, file).split(path.sep).join('/');
    return dashboardOnly.some((entry) => relative === entry || relative.startsWith(`${entry}/`));
  };

  it('leave out of the public sheet exactly what the dashboard sheet holds', () => {
    expect(dashboardOnly.length).toBeGreaterThan(10);
    expect(sourcesOf('index.css', /^@source not "\.\/([^"]+)";$/gm)).toEqual(dashboardOnly);
  });

  it('no public file imports dashboard-only code (its classes would be missing on public pages)', () => {
    const files = sourceFiles(src).filter((file) => !/\.test\.tsx?$/.test(file));
    // The route tables load screens lazily, each with its own sheet (`dashboard-routes.ts` and the tables it is
    // derived from, `dashboards/`, only for dashboards).
    const routeTables = [
      'app/router.tsx',
      'app/dashboard-routes.ts',
      'app/dashboards/merchant.ts',
      'app/dashboards/admin.ts',
      'app/dashboards/partner.ts',
    ].map((file) => path.join(src, file));
    const leaks = files
      .filter((file) => !routeTables.includes(file) && !isDashboard(file))
      .flatMap((file) =>
        importsOf(file)
          .filter((target) =>
            [`${target}.ts`, `${target}.tsx`, target].some(
              (name) => fs.existsSync(name) && isDashboard(name),
            ),
          )
          .map((target) => `${path.relative(src, file)} → ${path.relative(src, target)}`),
      );
    expect(leaks).toEqual([]);
  });
});
