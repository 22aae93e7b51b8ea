import { adminResources, storeResources } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { describePermissions, permissionLabel } from './role-permissions-editor';

describe('permission labels', () => {
  it('never give two permissions of one resource the same label', () => {
    for (const resource of [...adminResources, ...storeResources]) {
      const labels = resource.permissions.map(permissionLabel);
      expect(new Set(labels).size, resource.label).toBe(labels.length);
      for (const label of labels) expect(label, resource.label).not.toMatch(/[:_]/);
    }
  });

  it('read finance permissions for what they allow', () => {
    expect(
      describePermissions(
        adminResources.map((resource) => ({ ...resource, permissions: [...resource.permissions] })),
        ['finance:read', 'finance:payouts'],
      ),
    ).toBe('Finance (see reports and payouts, approve payouts)');
    expect(permissionLabel('products:write')).toBe('Change');
  });
});
