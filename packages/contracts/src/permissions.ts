import type { AdminRole } from './endpoint.js';

/** Everything a store owner may do in their store; staff roles hold a subset (merchant operations). */
export const storePermissions = [
  'store:profile:write',
  'products:read',
  'products:write',
  'orders:read',
  'orders:write',
  'coupons:write',
  'staff:manage',
  'payouts:read',
  'reports:read',
  'themes:write',
  'policies:write',
] as const;

export const adminPermissions = [
  'admins:manage',
  'approvals:products',
  'approvals:stores',
  'approvals:hubs',
  'catalog:categories',
  'catalog:promotions',
  'shipping:zones',
  'gift-cards:read',
  'finance:read',
  'finance:payouts',
  'transactions:read',
  'orders:read-all',
  'orders:assign',
] as const;

export const partnerPermissions = [
  'partner:orders:read',
  'partner:orders:update',
  'partner:dispatcher',
] as const;

export const adminRolePermissions: Record<AdminRole, readonly string[]> = {
  superadmin: adminPermissions,
  admin: adminPermissions.filter((permission) => permission !== 'admins:manage'),
  dispatcher: ['orders:read-all', 'orders:assign'],
  scheduler: ['orders:assign'],
};
