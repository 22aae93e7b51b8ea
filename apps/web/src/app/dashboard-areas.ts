import type { AccountKind } from '@market/contracts';
import { adminDashboard } from './dashboards/admin';
import { merchantDashboard, themeEditorDashboard, themePreviews } from './dashboards/merchant';
import { partnerDashboard } from './dashboards/partner';
import type { Dashboard, DashboardScreen, ScreenAccess, TabBar } from './dashboards/screens';

/**
 * Every dashboard screen is written once, in the tables of ./dashboards (issue 30): its path, its lazy screen, who
 * may open it, the area's name in "Your role cannot open …", and its place in the navigation. The router's
 * dashboard routes (dashboard-routes.ts), the permission gate's rules (route-access.tsx), the side navigations
 * (layouts/*-nav.ts) and the areas' tab bars are derived from them here, and dashboard-areas.test.ts checks that
 * these agree with each other and with the contract's endpoints (ADR 113).
 *
 * The tables only name the screens: each `screen` is a dynamic import, so every screen is still its own `dash-…`
 * chunk. The tables travel in the chunk the router loads on the first dashboard path (dashboard-routes.ts), never
 * in a public page's (ADR 056).
 */

/** Every dashboard, in the order their routes are added to the router. */
export const dashboards = [
  merchantDashboard,
  themeEditorDashboard,
  themePreviews,
  adminDashboard,
  partnerDashboard,
] as const;

/** The URL path of a screen: `/merchant/orders`, `/admin` for a home. */
export function screenPath(dashboard: Dashboard<string>, screen: DashboardScreen<string>): string {
  return `/${[dashboard.base, screen.path].filter(Boolean).join('/')}`;
}

/** A rule of the permission gate: the screen at `path` opens to a role holding any of `anyOf`. */
export interface RouteRule<P extends string> {
  path: string;
  anyOf: readonly P[];
  /** The area as the person knows it, in "Your role cannot open …". */
  area: string;
}

const parametersIn = (path: string) => path.split('/').filter((segment) => segment.startsWith(':')).length;

/**
 * The gate's rules of some dashboards, one per guarded screen. The gate takes the first rule that matches, so
 * fixed paths come before those with parameters: `/admin/orders/all` is not an order called "all".
 */
export function routeRulesOf<P extends string>(...of: readonly Dashboard<P>[]): RouteRule<P>[] {
  return of
    .flatMap((dashboard) =>
      dashboard.screens.flatMap((screen) =>
        'anyOf' in screen.access
          ? [{ path: screenPath(dashboard, screen), anyOf: screen.access.anyOf, area: screen.access.area }]
          : [],
      ),
    )
    .sort((a, b) => parametersIn(a.path) - parametersIn(b.path));
}

/** Whether a role holding `held` may open the screen (an open screen: every member). */
export function mayOpen(access: ScreenAccess<string>, held: readonly string[]): boolean {
  return !('anyOf' in access) || access.anyOf.some((permission) => held.includes(permission));
}

/** A link of a navigation, as the dashboard frame and `SubNav` draw it. */
export interface NavLinkItem {
  to: string;
  label: string;
  end?: boolean;
}

/** A dashboard's side navigation for a role holding `held`, with `isOwner` for the owner-only entries. */
export function dashboardNav<P extends string>(
  dashboard: Dashboard<P>,
  held: readonly string[],
  isOwner = false,
): NavLinkItem[] {
  return dashboard.screens.flatMap((screen) => {
    const { nav } = screen;
    if (!nav) return [];
    const shown = nav.ownerOnly ? isOwner : mayOpen(screen.access, held);
    if (!shown) return [];
    return [{ to: screenPath(dashboard, screen), label: nav.label, ...(nav.end ? { end: true } : {}) }];
  });
}

/**
 * The tabs of an area's tab bar; given `held`, only those a role holding it may open (AreaTabs passes the
 * signed-in role's permissions: a tab whose screen would refuse the person is not shown), otherwise every tab.
 */
export function dashboardTabs(bar: TabBar, held?: readonly string[]): NavLinkItem[] {
  return dashboards.flatMap((dashboard: Dashboard<string>) =>
    dashboard.screens.flatMap((screen) =>
      screen.tab?.bar === bar && (held === undefined || mayOpen(screen.access, held))
        ? [{ to: screenPath(dashboard, screen), label: screen.tab.label }]
        : [],
    ),
  );
}

/** The account whose dashboard an area's tab bar is in (its permissions decide which tabs show). */
export function tabBarAccount(bar: TabBar): AccountKind {
  const dashboard = dashboards.find((each: Dashboard<string>) =>
    each.screens.some((screen) => screen.tab?.bar === bar),
  );
  if (!dashboard) throw new Error(`No screen has a tab in the ${bar} bar`);
  return dashboard.account;
}
