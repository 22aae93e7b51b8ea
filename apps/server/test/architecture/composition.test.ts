import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createWiring, defineEntry } from '../../src/composition/registry.js';
import type { Deps } from '../../src/platform/deps.js';

// ADR 076: modules are wired by one file each in src/composition/modules and mounted from the surface lists.

const source = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const parts = { deps: {} as Deps, providers: {}, salesFolder: {} as never };

describe('the composition', () => {
  it('builds each entry once, whichever entries ask for it', () => {
    let built = 0;
    const shared = defineEntry('shared', () => ({ id: ++built }));
    const first = defineEntry('first', ({ use }) => use(shared));
    const second = defineEntry('second', ({ use }) => use(shared));
    const wiring = createWiring(parts);
    expect(wiring.use(first)).toBe(wiring.use(second));
    expect(built).toBe(1);
  });

  it('stops on a loop between entries and names it', () => {
    type Loop = { next: unknown };
    const a: ReturnType<typeof defineEntry<Loop>> = defineEntry('a', ({ use }) => ({ next: use(b) }));
    const b: ReturnType<typeof defineEntry<Loop>> = defineEntry('b', ({ use }) => ({ next: use(a) }));
    expect(() => createWiring(parts).use(a)).toThrow('The composition loops: a → b → a');
  });

  it('wires every module folder: a composition file imports its public face', () => {
    const modules = fs.readdirSync(path.join(source, 'modules'), { withFileTypes: true });
    const wiring = fs
      .readdirSync(path.join(source, 'composition'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
      .join('\n');
    const unwired = modules
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .filter((name) => !wiring.includes(`/modules/${name}/index.js'`));
    expect(unwired).toEqual([]);
  });
});
