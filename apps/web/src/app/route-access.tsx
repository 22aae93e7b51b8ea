import type { AccountKind, AdminPermission, StorePermission } from '@market/contracts';
import type { ReactNode } from 'react';
import { matchPath, Outlet, useLocation } from 'react-router';
import { EmptyPage, ErrorPage } from '../components/ui/message-page';
import { LoadingState } from '../components/ui/states';
import { usePermissions } from '../features/auth/api/permissions';

/** A screen (or a tree of them) that only roles holding one of `anyOf` may open. */
interface RouteRule<P extends string> {
  path: string;
  anyOf: readonly P[];
  /** The area as the person knows it, in "Your role cannot open …". */
  area: string;
}

/**
 * The store permission each merchant screen needs, the first match wins (so deeper paths come first). It
 * mirrors the permissions of the endpoints the screen calls: a role that would be refused them sees why instead
 * of the page and a refused call.
 */
export const merchantRouteRules: readonly RouteRule<StorePermission>[] = [
  // The owner's own sign-up answers (KYC, plan): staff hold none of the owner-only permissions.
  { path: '/merchant/onboarding', anyOf: ['subscription:manage'], area: 'Store onboarding' },
  { path: '/merchant/products/new', anyOf: ['products:write'], area: 'Add product' },
  { path: '/merchant/products/spreadsheet', anyOf: ['products:write'], area: 'Catalogue spreadsheet' },
  { path: '/merchant/products/*', anyOf: ['products:read'], area: 'Products' },
  { path: '/merchant/collections', anyOf: ['products:write'], area: 'Collections' },
  { path: '/merchant/orders/*', anyOf: ['orders:read'], area: 'Orders' },
  { path: '/merchant/returns/*', anyOf: ['returns:read'], area: 'Returns' },
  { path: '/merchant/coupons/new', anyOf: ['coupons:write'], area: 'New coupon' },
  { path: '/merchant/coupons/*', anyOf: ['coupons:read'], area: 'Coupons' },
  { path: '/merchant/reports', anyOf: ['reports:read'], area: 'Reports' },
  { path: '/merchant/payment-report', anyOf: ['payouts:read'], area: 'Payment report' },
  { path: '/merchant/payouts', anyOf: ['payouts:read'], area: 'Payouts' },
  { path: '/merchant/reviews', anyOf: ['reviews:reply'], area: 'Reviews' },
  { path: '/merchant/staff', anyOf: ['staff:read'], area: 'Staff' },
  { path: '/merchant/audit', anyOf: ['store:audit:read'], area: 'Audit trail' },
  { path: '/merchant/bank-account', anyOf: ['bank:write'], area: 'Bank account' },
  { path: '/merchant/subscription', anyOf: ['subscription:manage'], area: 'Subscription' },
  { path: '/merchant/subscription/invoices/:id', anyOf: ['subscription:manage'], area: 'Subscription' },
  { path: '/merchant/policies', anyOf: ['policies:write'], area: 'Policies' },
  { path: '/merchant/store-profile', anyOf: ['store:profile:read'], area: 'Store profile' },
  { path: '/merchant/hubs', anyOf: ['store:profile:write'], area: 'Hubs' },
  { path: '/merchant/themes/*', anyOf: ['themes:write'], area: 'Themes' },
  { path: '/themes/*', anyOf: ['themes:write'], area: 'Themes' },
];

/** The admin permission each console screen needs; as for merchants, the first match wins. */
export const adminRouteRules: readonly RouteRule<AdminPermission>[] = [
  { path: '/admin/approvals/stores/*', anyOf: ['approvals:stores'], area: 'Store approvals' },
  { path: '/admin/approvals/approvers', anyOf: ['approvals:partners'], area: 'Approvers' },
  { path: '/admin/approvals', anyOf: ['approvals:products'], area: 'Approvals' },
  { path: '/admin/merchants/*', anyOf: ['merchants:read'], area: 'Merchants' },
  { path: '/admin/catalog/promotions', anyOf: ['catalog:promotions'], area: 'Promotions' },
  { path: '/admin/catalog/outlets', anyOf: ['catalog:promotions'], area: 'Official outlets' },
  { path: '/admin/catalog', anyOf: ['catalog:categories'], area: 'Catalog' },
  { path: '/admin/orders/all', anyOf: ['orders:read-all'], area: 'All orders' },
  { path: '/admin/orders/search', anyOf: ['orders:read-all'], area: 'Search orders' },
  { path: '/admin/orders/service-levels', anyOf: ['service-levels:manage'], area: 'Service-level limits' },
  { path: '/admin/orders/mine', anyOf: ['orders:carry'], area: 'My deliveries' },
  { path: '/admin/orders/day', anyOf: ['orders:carry'], area: 'My day' },
  { path: '/admin/orders/cash', anyOf: ['orders:carry'], area: 'Cash held' },
  { path: '/admin/orders/partners', anyOf: ['approvals:partners'], area: 'Shipping partners' },
  { path: '/admin/orders', anyOf: ['orders:assign'], area: 'Orders' },
  { path: '/admin/orders/pickups', anyOf: ['orders:assign'], area: 'Return pickups' },
  { path: '/admin/orders/:id', anyOf: ['orders:read-all', 'orders:carry'], area: 'this order' },
  { path: '/admin/hubs', anyOf: ['approvals:hubs', 'hubs:manage'], area: 'Hubs' },
  { path: '/admin/returns/*', anyOf: ['returns:disputes'], area: 'Returns' },
  { path: '/admin/payouts/*', anyOf: ['finance:read'], area: 'Payouts' },
  { path: '/admin/finance/transactions/*', anyOf: ['transactions:read'], area: 'Transactions' },
  { path: '/admin/finance', anyOf: ['finance:read'], area: 'Finance' },
  { path: '/admin/shipping/*', anyOf: ['shipping:zones'], area: 'Shipping' },
  { path: '/admin/gift-cards/*', anyOf: ['gift-cards:read'], area: 'Gift cards' },
  { path: '/admin/plans', anyOf: ['plans:manage'], area: 'Plans' },
  { path: '/admin/reviews', anyOf: ['reviews:moderate'], area: 'Reviews' },
  { path: '/admin/testimonials', anyOf: ['testimonials:moderate'], area: 'Testimonials' },
  { path: '/admin/contact', anyOf: ['contact:read'], area: 'Contact messages' },
  { path: '/admin/admins/*', anyOf: ['admins:manage'], area: 'Admins' },
  { path: '/admin/roles', anyOf: ['admins:manage'], area: 'Roles' },
  { path: '/admin/audit', anyOf: ['audit:read'], area: 'Audit trail' },
  { path: '/admin/data-rights', anyOf: ['data-rights:act'], area: 'Data requests' },
];

/** The rule of a path, or undefined for a screen every account of the kind may open. */
export function routeRuleFor<P extends string>(
  rules: readonly RouteRule<P>[],
  pathname: string,
): RouteRule<P> | undefined {
  return rules.find((rule) => matchPath({ path: rule.path, end: true }, pathname) !== null);
}

const whoToAsk: Record<'merchant' | 'admin', string> = {
  merchant: 'the store owner',
  admin: 'a super admin',
};

/** A role that may not open a screen sees why, and whom to ask, instead of the screen. */
export function RoutePermissionGate({
  kind,
  children,
}: {
  kind: Extract<AccountKind, 'merchant' | 'admin'>;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const rule = routeRuleFor<string>(kind === 'merchant' ? merchantRouteRules : adminRouteRules, pathname);
  const permissions = usePermissions(kind, rule !== undefined);
  if (!rule) return children;
  if (permissions.isPending) return <LoadingState label="Checking your role…" />;
  if (permissions.isError)
    return <ErrorPage message="Could not get your permissions." onRetry={() => permissions.refetch()} />;
  const held = permissions.data.permissions;
  if (!rule.anyOf.some((permission) => held.includes(permission))) {
    return (
      <EmptyPage title={`Your role cannot open ${rule.area}`}>
        Ask {whoToAsk[kind]} if you need access to{' '}
        {rule.area === 'this order' ? 'it' : rule.area.toLowerCase()}.
      </EmptyPage>
    );
  }
  return children;
}

/**
 * The gate as a lazy layout route around every screen of the merchant and admin dashboards (router.tsx); the
 * console it guards is the one its path is under.
 */
export function Component() {
  const { pathname } = useLocation();
  return (
    <RoutePermissionGate kind={pathname.startsWith('/admin') ? 'admin' : 'merchant'}>
      <Outlet />
    </RoutePermissionGate>
  );
}
