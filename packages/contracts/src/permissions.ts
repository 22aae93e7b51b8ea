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
  /** Change the store's payout bank account (owner only; the owner's password is asked again). */
  'bank:write',
  /** Choose and pay for the store's subscription plan (owner only). */
  'subscription:manage',
  /** Answer customers' reviews of the store and its products. */
  'reviews:reply',
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
  /** Create and edit platform hubs. */
  'hubs:manage',
  'approvals:partners',
  'catalog:categories',
  'catalog:promotions',
  'shipping:zones',
  'gift-cards:read',
  'finance:read',
  'finance:payouts',
  'transactions:read',
  /** The merchants list, a merchant's profile, figures and products, and top merchants (issue 9). */
  'merchants:read',
  'orders:read-all',
  'orders:assign',
  /** Carry an order as a platform dispatcher, or run a platform hub's moves. */
  'orders:carry',
  /** Issue a new delivery token (lifts a lock after five wrong tries). */
  'orders:tokens',
  /** Create and change the subscription plans stores choose from. */
  'plans:manage',
  /** Hide and show customers' reviews. */
  'reviews:moderate',
  /** Approve platform testimonials for the home page. */
  'testimonials:moderate',
  /** Read messages sent through the contact form. */
  'contact:read',
  /** Disputed returns, chargeback decisions, refund requests (fetch, reject, retry a failed one). */
  'returns:disputes',
] as const;
export type AdminPermission = (typeof adminPermissions)[number];

export const partnerPermissions = [
  'partner:orders:read',
  'partner:orders:update',
  'partner:dispatcher',
  /** Apply to run or use a platform hub. */
  'partner:hubs',
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
/** Store permissions no built-in role but the owner holds. */
export const ownerOnlyPermissions: readonly StorePermission[] = [
  'staff:manage',
  'payouts:read',
  'bank:write',
  'subscription:manage',
];

export const merchantRoles = ['owner', 'manager', 'inventory', 'sales', 'finance'] as const;
export type MerchantRole = (typeof merchantRoles)[number];

export const merchantRolePermissions: Record<MerchantRole, readonly StorePermission[]> = {
  owner: storePermissions,
  // Runs the store day to day; only the owner lets people in, sees payouts, changes the bank account or the plan.
  manager: storePermissions.filter((permission) => !ownerOnlyPermissions.includes(permission)),
  inventory: ['products:read', 'products:write'],
  sales: [
    'orders:read',
    'orders:write',
    'coupons:read',
    'coupons:write',
    'products:read',
    'reviews:reply',
    'returns:read',
    'returns:write',
  ],
  finance: ['payouts:read', 'reports:read', 'orders:read'],
};

export function isMerchantRole(role: string): role is MerchantRole {
  return (merchantRoles as readonly string[]).includes(role);
}
