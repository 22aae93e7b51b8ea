import { describe, expect, it } from 'vitest';
import { adminPermissions, adminResources, storePermissions, storeResources } from './permissions.js';

function grouped(resources: readonly { permissions: readonly string[] }[]): string[] {
  return resources.flatMap((resource) => [...resource.permissions]);
}

describe('role resources', () => {
  it('offer every admin permission once, so a custom admin role can grant any of them', () => {
    const offered = grouped(adminResources);
    expect([...offered].sort()).toEqual([...adminPermissions].sort());
    expect(new Set(offered).size).toBe(offered.length);
  });

  it('offer every store permission a role editor can grant, once', () => {
    const offered = grouped(storeResources);
    expect(new Set(offered).size).toBe(offered.length);
    for (const permission of offered) expect(storePermissions).toContain(permission);
  });
});
