import { describe, expect, it } from 'vitest';
import { loadOnce } from '../../src/platform/load-once.js';

describe('a dependency loaded at first use', () => {
  it('is not loaded until asked, then loaded once for every use, calls at the same time included', async () => {
    let loads = 0;
    const load = loadOnce(async () => {
      loads += 1;
      return { name: 'module' };
    });
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([load(), load()]);
    const third = await load();
    expect(loads).toBe(1);
    expect(second).toBe(first);
    expect(third).toBe(first);
  });
});
