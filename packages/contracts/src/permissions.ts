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
  /** See the store's people and roles (issue 9); changing them is `staff:manage`. */
  'staff:read',
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
  /** Read the store's own audit trail: who changed prices, stock, staff, roles and the bank account (ADR 072). */
  'store:audit:read',
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
  /** Read and export the audit trail (ADR 072); the super admin's, or a custom role's that grants it. */
  'audit:read',
  /** Act on a person's written data-rights request: download their data, close their account (ADR 073). */
  'data-rights:act',
  /** Set the service-level limits (how long an order may wait in a status before it is late). */
  'service-levels:manage',
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
  // Who decides is not who reads the record of decisions: the trail and data-rights requests stay with the super
  // admin unless a custom role grants them (ADR 072, 073).
  admin: adminPermissions.filter(
    (permission) =>
      permission !== 'admins:manage' && permission !== 'audit:read' && permission !== 'data-rights:act',
  ),
  // The queue they assign from and the orders they carry; not every order and every customer's address (issue 24).
  dispatcher: ['orders:assign', 'orders:carry'],
  scheduler: ['orders:assign'],
};

/** Store permissions no built-in role but the owner holds. */
export const ownerOnlyPermissions: readonly StorePermission[] = [
  'staff:manage',
  'payouts:read',
  'bank:write',
  'subscription:manage',
  'store:audit:read',
];

/**
 * Built-in roles of a store's members (`store_members.role`). A membership may carry its own permission list
 * instead (custom roles, issue 9); otherwise it holds its role's list below.
 */
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
  finance: ['payouts:read', 'reports:read', 'orders:read', 'returns:read'],
};

/**
 * The resources of a store (specification section 6: "Store staff have resources and permissions"): each groups
 * the permissions over one part of the store, for role editors and the web app's navigation.
 */
export const storeResources = [
  {
    key: 'store-profile',
    label: 'Store profile',
    permissions: ['store:profile:read', 'store:profile:write'],
  },
  { key: 'products', label: 'Products', permissions: ['products:read', 'products:write'] },
  { key: 'orders', label: 'Orders', permissions: ['orders:read', 'orders:write'] },
  { key: 'coupons', label: 'Coupons', permissions: ['coupons:read', 'coupons:write'] },
  { key: 'returns', label: 'Returns', permissions: ['returns:read', 'returns:write'] },
  { key: 'reports', label: 'Reports', permissions: ['reports:read'] },
  { key: 'payouts', label: 'Payouts', permissions: ['payouts:read'] },
  { key: 'themes', label: 'Themes', permissions: ['themes:write'] },
  { key: 'policies', label: 'Policies', permissions: ['policies:write'] },
  { key: 'staff', label: 'Staff', permissions: ['staff:read', 'staff:manage'] },
  { key: 'audit', label: 'Audit trail', permissions: ['store:audit:read'] },
] as const satisfies readonly { key: string; label: string; permissions: readonly StorePermission[] }[];

/** The resources of the platform, over which the super admin builds admin roles; each permission sits in one. */
export const adminResources = [
  { key: 'admins', label: 'Admins and roles', permissions: ['admins:manage'] },
  {
    key: 'approvals',
    label: 'Approvals',
    permissions: ['approvals:products', 'approvals:stores', 'approvals:hubs', 'approvals:partners'],
  },
  { key: 'catalog', label: 'Catalog', permissions: ['catalog:categories', 'catalog:promotions'] },
  { key: 'shipping', label: 'Shipping', permissions: ['shipping:zones'] },
  { key: 'gift-cards', label: 'Gift cards', permissions: ['gift-cards:read'] },
  {
    key: 'finance',
    label: 'Finance',
    permissions: ['finance:read', 'finance:payouts', 'transactions:read'],
  },
  {
    key: 'orders',
    label: 'Orders',
    permissions: [
      'orders:read-all',
      'orders:assign',
      'orders:carry',
      'orders:tokens',
      'service-levels:manage',
    ],
  },
  { key: 'merchants', label: 'Merchants', permissions: ['merchants:read'] },
  { key: 'hubs', label: 'Hubs', permissions: ['hubs:manage'] },
  { key: 'returns', label: 'Return disputes and refunds', permissions: ['returns:disputes'] },
  { key: 'plans', label: 'Subscription plans', permissions: ['plans:manage'] },
  {
    key: 'moderation',
    label: 'Reviews and testimonials',
    permissions: ['reviews:moderate', 'testimonials:moderate'],
  },
  { key: 'contact', label: 'Contact messages', permissions: ['contact:read'] },
  { key: 'audit', label: 'Audit trail', permissions: ['audit:read'] },
  { key: 'data-rights', label: 'Data-rights requests', permissions: ['data-rights:act'] },
] as const satisfies readonly { key: string; label: string; permissions: readonly AdminPermission[] }[];

/** Only the built-in super admin manages admins; a custom admin role can never hold this permission. */
export const superadminOnlyPermission = 'admins:manage' satisfies AdminPermission;

export function isMerchantRole(role: string): role is MerchantRole {
  return (merchantRoles as readonly string[]).includes(role);
}
