import type { AccountKind, AdminPermission, StorePermission } from '@market/contracts';
import type { ReactNode } from 'react';
import { matchPath, Outlet, useLocation } from 'react-router';
import { EmptyPage, ErrorPage } from '../components/ui/message-page';
import { LoadingState } from '../components/ui/states';
import { usePermissions } from '../features/auth/api/permissions';
import { type RouteRule, routeRulesOf } from './dashboard-areas';
import { adminDashboard } from './dashboards/admin';
import { merchantDashboard, themeEditorDashboard } from './dashboards/merchant';

/**
 * The store permission each merchant screen needs, one rule per guarded screen of the merchant dashboard and the
 * theme editor (dashboards/merchant.ts). It mirrors the permissions of the endpoints the screen calls: a role that
 * would be refused them sees why instead of the page and a refused call.
 */
export const merchantRouteRules: readonly RouteRule<StorePermission>[] = routeRulesOf(
  merchantDashboard,
  themeEditorDashboard,
);

/** The admin permission each console screen needs. */
export const adminRouteRules: readonly RouteRule<AdminPermission>[] = routeRulesOf(adminDashboard);

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
