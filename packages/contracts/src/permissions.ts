import type { AdminRole } from './endpoint.js';

/** Everything a store owner may do in their store; staff roles hold a subset (merchant operations). */
export const storePermissions = [
  'store:profile:read',
  'store:profile:write',
  'products:read',
  'products:write',
  'orders:read',
  'orders:write',
  'coupons:read',
  'coupons:write',
  'staff:manage',
  'payouts:read',
  'reports:read',
  'themes:write',
  'policies:write',
  /** See the store's returns and their refunds. */
  'returns:read',
  /** Approve, reject and receive returns; decide refund or replacement. */
  'returns:write',
] as const;
export type StorePermission = (typeof storePermissions)[number];

export const adminPermissions = [
  'admins:manage',
  'approvals:products',
  'approvals:stores',
  'approvals:hubs',
  'approvals:partners',
  'catalog:categories',
  'catalog:promotions',
  'shipping:zones',
  'gift-cards:read',
  'finance:read',
  'finance:payouts',
  'transactions:read',
  'orders:read-all',
  'orders:assign',
  /** Carry an order as a platform dispatcher, or run a platform hub's moves. */
  'orders:carry',
  /** Issue a new delivery token (lifts a lock after five wrong tries). */
  'orders:tokens',
  /** Disputed returns, chargeback decisions, refund requests (fetch, reject, retry a failed one). */
  'returns:disputes',
] as const;
export type AdminPermission = (typeof adminPermissions)[number];

export const partnerPermissions = [
  'partner:orders:read',
  'partner:orders:update',
  'partner:dispatcher',
] as const;
export type PartnerPermission = (typeof partnerPermissions)[number];

export type Permission = StorePermission | AdminPermission | PartnerPermission;

export const adminRolePermissions: Record<AdminRole, readonly AdminPermission[]> = {
  superadmin: adminPermissions,
  admin: adminPermissions.filter((permission) => permission !== 'admins:manage'),
  dispatcher: ['orders:read-all', 'orders:assign', 'orders:carry'],
  scheduler: ['orders:assign'],
};

/**
 * Built-in roles of a store's members (`store_members.role`). A membership may carry its own permission list
 * instead (custom roles, issue 9); otherwise it holds its role's list below.
 */
export const merchantRoles = ['owner', 'manager', 'inventory', 'sales', 'finance'] as const;
export type MerchantRole = (typeof merchantRoles)[number];

export const merchantRolePermissions: Record<MerchantRole, readonly StorePermission[]> = {
  owner: storePermissions,
  // Runs the store day to day; only the owner lets people in or sees payouts.
  manager: storePermissions.filter(
    (permission) => permission !== 'staff:manage' && permission !== 'payouts:read',
  ),
  inventory: ['products:read', 'products:write'],
  sales: [
    'orders:read',
    'orders:write',
    'coupons:read',
    'coupons:write',
    'products:read',
    'returns:read',
    'returns:write',
  ],
  finance: ['payouts:read', 'reports:read', 'orders:read'],
};

export function isMerchantRole(role: string): role is MerchantRole {
  return (merchantRoles as readonly string[]).includes(role);
}
