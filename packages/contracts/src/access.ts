import type { AccountKind } from './endpoint.js';
import type { AdminPermission, PartnerPermission, Permission, StorePermission } from './permissions.js';

/**
 * Who may call an endpoint. Every signed-in policy says what it checks: either a `permission` (merchants hold it
 * through their store membership, admins through their role, partners through their account), or `anyAccount`,
 * a deliberate "any account of these kinds, acting on its own data". A contract test keeps every signed-in
 * endpoint on one of the two, so none is left unchecked by accident.
 */
export type Access =
  | { kind: 'public' }
  | {
      kind: 'signed-in';
      accounts: readonly AccountKind[];
      /** The caller needs this permission (or, given several, any one of them). */
      permission?: Permission | readonly Permission[];
      /** No permission on purpose: any account of the listed kinds may call it for itself. */
      anyAccount?: true;
    };

export type SignedInAccess = Extract<Access, { kind: 'signed-in' }>;

/** The permissions an access policy accepts, any one of which is enough (empty: none needed). */
export function requiredPermissions(policy: Access): readonly Permission[] {
  if (policy.kind === 'public' || policy.permission === undefined) return [];
  return typeof policy.permission === 'string' ? [policy.permission] : policy.permission;
}

const allAccounts = ['customer', 'merchant', 'admin', 'partner'] as const;

/** Every access policy of the contract; endpoints name one of these, never their own. */
export const access = {
  /** Nobody needs to sign in. */
  public: { kind: 'public' },
  /** Any signed-in account, acting on itself (session, password, own permissions). */
  anyAccount: { kind: 'signed-in', accounts: allAccounts, anyAccount: true },
  /** A customer, acting on their own cart, orders, addresses and cards. */
  customer: { kind: 'signed-in', accounts: ['customer'], anyAccount: true },
  /** A merchant's own account (sign-up onboarding and profile), not a store's data: no store permission. */
  merchantAccount: { kind: 'signed-in', accounts: ['merchant'], anyAccount: true },
  /** Any shipping partner account, whatever it may do: its own profile and data rights. */
  partnerAccount: { kind: 'signed-in', accounts: ['partner'], anyAccount: true },
  /** A member of a store whose role holds the permission; the guard resolves which store. */
  merchant: <const P extends StorePermission>(permission: P) =>
    ({ kind: 'signed-in', accounts: ['merchant'], permission }) as const,
  /** An admin whose role holds the permission. */
  admin: <const P extends AdminPermission>(permission: P) =>
    ({ kind: 'signed-in', accounts: ['admin'], permission }) as const,
  /** Only the super admin: the one role that manages admins. */
  superadmin: { kind: 'signed-in', accounts: ['admin'], permission: 'admins:manage' },
  /**
   * The accounts that deal with platform hubs: merchants and shipping partners (who apply to run or use one) and
   * admins. Hub addresses are where parcels are kept, so customers and visitors do not get the list.
   */
  hubAccounts: { kind: 'signed-in', accounts: ['merchant', 'partner', 'admin'], anyAccount: true },
  /** Store members with the store permission, or shipping partners with the partner permission. */
  merchantOrPartner: <const M extends StorePermission, const P extends PartnerPermission>(
    merchant: M,
    partner: P,
  ) => ({ kind: 'signed-in', accounts: ['merchant', 'partner'], permission: [merchant, partner] }) as const,
  /** A shipping partner holding the permission. */
  partner: <const P extends PartnerPermission>(permission: P) =>
    ({ kind: 'signed-in', accounts: ['partner'], permission }) as const,
  /** The carriers: platform dispatchers (an admin permission) and shipping partners; the service checks whose. */
  carriers: <const A extends AdminPermission, const P extends PartnerPermission>(admin: A, partner: P) =>
    ({ kind: 'signed-in', accounts: ['admin', 'partner'], permission: [admin, partner] }) as const,
  /** Store members with the store permission, or admins with the admin permission, on the same call. */
  merchantOrAdmin: <const M extends StorePermission, const A extends AdminPermission>(
    merchant: M,
    admin: A,
  ) => ({ kind: 'signed-in', accounts: ['merchant', 'admin'], permission: [merchant, admin] }) as const,
  /**
   * Everyone who moves an order along the fulfilment chain: store members, admins (dispatchers, hubs) and shipping
   * partners, each with their own permission; the service checks which order is theirs.
   */
  orderMovers: <
    const M extends StorePermission,
    const A extends AdminPermission,
    const P extends PartnerPermission,
  >(
    merchant: M,
    admin: A,
    partner: P,
  ) =>
    ({
      kind: 'signed-in',
      accounts: ['merchant', 'admin', 'partner'],
      permission: [merchant, admin, partner],
    }) as const,
} as const satisfies Record<string, Access | ((...permissions: never[]) => Access)>;
