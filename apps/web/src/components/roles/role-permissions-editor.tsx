import type { Resource } from '@market/contracts';
import { CheckboxField } from '../ui/checkbox-field';

/**
 * Permissions whose last word alone would be ambiguous within their resource (Finance held two "See"s), named
 * for what they let the person do.
 */
const namedPermissions: Record<string, string> = {
  'approvals:products': 'Products',
  'approvals:stores': 'Stores',
  'approvals:hubs': 'Hubs',
  'approvals:partners': 'Shipping partners',
  'catalog:categories': 'Categories',
  'catalog:promotions': 'Promotions',
  'shipping:zones': 'Zones and pricing',
  'finance:read': 'See reports and payouts',
  'finance:payouts': 'Approve payouts',
  'transactions:read': 'See transactions',
  'orders:read-all': 'See every order',
  'orders:assign': 'Assign',
  'orders:carry': 'Carry',
  'orders:tokens': 'Issue delivery tokens',
  'returns:disputes': 'Decide',
  'reviews:moderate': 'Moderate reviews',
  'testimonials:moderate': 'Moderate testimonials',
  'reviews:reply': 'Reply',
  'bank:write': 'Change',
  'subscription:manage': 'Manage',
};

/** How a permission reads next to its resource: `products:write` → "Change", `finance:payouts` → "Approve payouts". */
export function permissionLabel(permission: string): string {
  const named = namedPermissions[permission];
  if (named) return named;
  const action = permission.split(':').pop() ?? permission;
  const labels: Record<string, string> = { read: 'See', write: 'Change', manage: 'Manage' };
  return labels[action] ?? action.replaceAll('-', ' ');
}

interface RolePermissionsEditorProps {
  resources: readonly Resource[];
  value: readonly string[];
  onChange(next: string[]): void;
  disabled?: boolean;
  /** Prefix of the checkboxes' ids, so two editors on one page do not clash. */
  idPrefix: string;
}

/** A role's permissions as checkboxes grouped by resource (the specification's "resources and permissions"). */
export function RolePermissionsEditor({
  resources,
  value,
  onChange,
  disabled,
  idPrefix,
}: RolePermissionsEditorProps) {
  const toggle = (permission: string, on: boolean) =>
    onChange(on ? [...new Set([...value, permission])] : value.filter((entry) => entry !== permission));
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {resources.map((resource) => (
        <fieldset key={resource.key} className="rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-900">{resource.label}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {resource.permissions.map((permission) => (
              <CheckboxField
                key={permission}
                id={`${idPrefix}-${permission}`}
                label={permissionLabel(permission)}
                aria-label={`${resource.label}: ${permissionLabel(permission)}`}
                checked={value.includes(permission)}
                disabled={disabled}
                onChange={(event) => toggle(permission, event.target.checked)}
              />
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

/** A short reading of a permission set by resource, e.g. "Products (see, change) · Orders (see)". */
export function describePermissions(resources: readonly Resource[], permissions: readonly string[]): string {
  const parts = resources
    .map((resource) => {
      const held = resource.permissions.filter((permission) => permissions.includes(permission));
      if (held.length === 0) return null;
      return `${resource.label} (${held.map((permission) => permissionLabel(permission).toLowerCase()).join(', ')})`;
    })
    .filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'No permissions';
}
