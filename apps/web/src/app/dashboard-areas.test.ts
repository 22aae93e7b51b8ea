import {
  adminPermissions,
  ownerOnlyPermissions,
  requiredPermissions,
  type StorePermission,
  storePermissions,
} from '@market/contracts';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { dashboards, dashboardTabs, screenPath, tabBarAccount } from './dashboard-areas';
import { type ScreenEndpoint, screenEndpoints } from './dashboard-endpoints';
import { dashboardRoutes } from './dashboard-routes';
import { adminDashboard } from './dashboards/admin';
import { merchantDashboard } from './dashboards/merchant';
import { partnerDashboard } from './dashboards/partner';
import type { Dashboard, DashboardScreen, TabBar } from './dashboards/screens';
import { adminNav } from './layouts/admin-nav';
import { tabBarLabels } from './layouts/area-tabs';
import { merchantNav } from './layouts/merchant-nav';
import { adminRouteRules, merchantRouteRules, routeRuleFor } from './route-access';

// Issue 30: a screen's permission was written in the route rules, the navigation and the contract, and nothing
// checked that they agreed. The tables of dashboards/ now hold it once; these tests check that what the
// router, the gate and the navigations do agrees with them and with the contract's endpoints.

/** Every screen of every dashboard, with its full path. */
const allScreens = dashboards.flatMap((dashboard: Dashboard<string>) =>
  dashboard.screens.map((screen) => ({ dashboard, screen, path: screenPath(dashboard, screen) })),
);

/** The paths the router's dashboard table opens (leaf routes and index routes), as written. */
function routerPaths(routes: RouteObject[], base = ''): string[] {
  return routes.flatMap((route) => {
    const full = route.path ? `${base}/${route.path}` : base;
    if (route.index) return [base];
    if (!route.children) return [full];
    return routerPaths(route.children, full);
  });
}

/** A URL of the path, with a value for each parameter. */
const sampleOf = (path: string) => path.replace(/:[A-Za-z]+/g, 'x1');

/** Every area's tab bar. */
const bars = Object.keys(tabBarLabels) as TabBar[];

const rulesOf = (path: string) => (path.startsWith('/admin') ? adminRouteRules : merchantRouteRules);

/**
 * Whether a gate stands before the path: it is under a gated dashboard's base (a route added by hand beside the
 * tables counts too). Screens of ungated dashboards are open by construction.
 */
const gated = (path: string) =>
  dashboards.some(
    (dashboard: Dashboard<string>) =>
      dashboard.gated && (path === `/${dashboard.base}` || path.startsWith(`/${dashboard.base}/`)),
  );

describe('the router, the gate and the tables', () => {
  it('opens exactly the screens of the tables, each path once', () => {
    const paths = routerPaths(dashboardRoutes);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual(allScreens.map((entry) => entry.path).sort());
  });

  it('gives every gated route a rule, or has it open to every member with a reason', () => {
    const unexplained = routerPaths(dashboardRoutes)
      .filter((path) => gated(path) && routeRuleFor<string>(rulesOf(path), sampleOf(path)) === undefined)
      .filter((path) => {
        const access = allScreens.find((entry) => entry.path === path)?.screen.access;
        return !access || !('open' in access) || access.open.trim().length < 20;
      });
    expect(unexplained).toEqual([]);
  });

  it('makes each guarded screen meet its own rule first, with a permission in it', () => {
    const mismatched = allScreens
      .filter(({ dashboard }) => dashboard.gated)
      .flatMap(({ path, screen }) => {
        const rule = routeRuleFor<string>(rulesOf(path), sampleOf(path));
        if (!('anyOf' in screen.access))
          return rule ? [`${path}: open, but the gate finds ${rule.path}`] : [];
        if (screen.access.anyOf.length === 0) return [`${path}: a rule that no permission meets`];
        return rule?.path === path &&
          JSON.stringify(rule.anyOf) === JSON.stringify(screen.access.anyOf) &&
          rule.area === screen.access.area
          ? []
          : [`${path}: the gate finds ${rule?.path ?? 'no rule'}`];
      });
    expect(mismatched).toEqual([]);
  });
});

/** The screen a link opens, as the router matches it. */
function screenOpenedBy(to: string): (typeof allScreens)[number] | undefined {
  const matches = matchRoutes(dashboardRoutes, to) ?? [];
  const leaf = matches.at(-1);
  if (!leaf) return undefined;
  const path = matches
    .map((match) => match.route.path)
    .filter(Boolean)
    .join('/');
  return allScreens.find((entry) => entry.path === `/${path}`);
}

describe('the navigations follow the rules', () => {
  it('shows each admin area to exactly the roles its route rule lets in', () => {
    const disagreements = [undefined, ...adminPermissions].flatMap((permission) => {
      const held: readonly string[] = permission ? [permission] : [];
      const shown = new Set(adminNav('scheduler', held).map((item) => item.to));
      return adminDashboard.screens
        .filter((screen) => screen.nav)
        .map((screen) => screenPath(adminDashboard, screen))
        .filter((to) => {
          const rule = routeRuleFor<string>(adminRouteRules, to);
          const allowed = !rule || rule.anyOf.some((needed) => held.includes(needed));
          return allowed !== shown.has(to);
        })
        .map((to) => `${to} holding ${permission ?? 'nothing'}`);
    });
    expect(disagreements).toEqual([]);
  });

  it('shows each merchant area to exactly the roles its route rule lets in; owner-only areas need owner-only permissions', () => {
    const disagreements = [undefined, ...storePermissions].flatMap((permission) => {
      const held: readonly string[] = permission ? [permission] : [];
      const shown = new Set(merchantNav({ permissions: held, role: 'manager' }).map((item) => item.to));
      return merchantDashboard.screens
        .filter((screen) => screen.nav && !screen.nav.ownerOnly)
        .map((screen) => screenPath(merchantDashboard, screen))
        .filter((to) => {
          const rule = routeRuleFor<string>(merchantRouteRules, to);
          const allowed = !rule || rule.anyOf.some((needed) => held.includes(needed));
          return allowed !== shown.has(to);
        })
        .map((to) => `${to} holding ${permission ?? 'nothing'}`);
    });
    expect(disagreements).toEqual([]);
    const ownerOnly = merchantDashboard.screens.filter((screen) => screen.nav?.ownerOnly);
    for (const screen of ownerOnly) {
      const rule = routeRuleFor<string>(merchantRouteRules, screenPath(merchantDashboard, screen));
      expect(rule?.anyOf.every((needed) => ownerOnlyPermissions.includes(needed as StorePermission))).toBe(
        true,
      );
    }
    const owner = merchantNav({ permissions: storePermissions, role: 'owner' }).map((item) => item.to);
    expect(owner).toEqual(
      merchantDashboard.screens.filter((screen) => screen.nav).map((s) => screenPath(merchantDashboard, s)),
    );
  });

  it('links every navigation entry and tab to the fixed screen of its path, never to a screen taking it for an id', () => {
    const links = [
      ...adminNav('superadmin', adminPermissions),
      ...merchantNav({ permissions: storePermissions, role: 'owner' }),
      ...partnerDashboard.screens
        .filter((screen) => screen.nav)
        .map((s) => ({ to: screenPath(partnerDashboard, s) })),
      ...bars.flatMap((bar) => dashboardTabs(bar)),
    ];
    expect(links.length).toBeGreaterThan(60);
    const wrong = links.filter((link) => screenOpenedBy(link.to)?.path !== link.to).map((link) => link.to);
    expect(wrong).toEqual([]);
  });

  it('shows each tab of every area to exactly the roles (one permission at a time) its route rule lets in', () => {
    const disagreements = bars.flatMap((bar) => {
      const account = tabBarAccount(bar);
      const everyPermission: readonly string[] = account === 'admin' ? adminPermissions : storePermissions;
      const rules = account === 'admin' ? adminRouteRules : merchantRouteRules;
      return [undefined, ...everyPermission].flatMap((permission) => {
        const held: readonly string[] = permission ? [permission] : [];
        const shown = new Set(dashboardTabs(bar, held).map((item) => item.to));
        return dashboardTabs(bar)
          .map((tab) => tab.to)
          .filter((to) => {
            const rule = routeRuleFor<string>(rules, to);
            return (!rule || rule.anyOf.some((needed) => held.includes(needed))) !== shown.has(to);
          })
          .map((to) => `${bar}: ${to} holding ${permission ?? 'nothing'}`);
      });
    });
    expect(disagreements).toEqual([]);
  });

  it('gives every tab bar a tab in one dashboard only, and every bar of the tables a name', () => {
    const barsOfTables = new Set(allScreens.flatMap(({ screen }) => (screen.tab ? [screen.tab.bar] : [])));
    expect([...barsOfTables].sort()).toEqual([...bars].sort());
    for (const bar of bars) {
      const accounts = new Set(
        allScreens.filter(({ screen }) => screen.tab?.bar === bar).map(({ dashboard }) => dashboard.account),
      );
      expect([...accounts]).toEqual([tabBarAccount(bar)]);
    }
  });
});

describe('the screens and the contract', () => {
  const byPath = new Map(allScreens.map((entry) => [entry.path, entry]));

  it('names only screens of the tables', () => {
    expect(Object.keys(screenEndpoints).filter((path) => !byPath.has(path))).toEqual([]);
    expect(Object.keys(screenEndpoints).length).toBeGreaterThan(50);
  });

  it('names an endpoint for every guarded screen', () => {
    const unnamed = allScreens
      .filter(({ screen }) => 'anyOf' in screen.access)
      .map(({ path }) => path)
      .filter((path) => !(path in screenEndpoints));
    expect(unnamed).toEqual([]);
  });

  it("lets every role a screen's rule lets in call the screen's endpoint (one of its desks' endpoints)", () => {
    const refused = Object.entries(screenEndpoints).flatMap(([path, named]) => {
      const { dashboard, screen } = byPath.get(path) as {
        dashboard: Dashboard<string>;
        screen: DashboardScreen<string>;
      };
      const endpoints: readonly ScreenEndpoint[] = Array.isArray(named) ? named : [named];
      const where = `${path} → ${endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`).join(', ')}`;
      const foreign = endpoints.filter(
        ({ access: policy }) => policy.kind !== 'signed-in' || !policy.accounts.includes(dashboard.account),
      );
      if (endpoints.length === 0 || foreign.length > 0)
        return [`${where}: not for ${dashboard.account} accounts`];
      if (!('anyOf' in screen.access)) return [];
      const accepts = (permission: string) =>
        endpoints.some(({ access: policy }) => {
          const accepted: readonly string[] = requiredPermissions(policy);
          return accepted.length === 0 || accepted.includes(permission);
        });
      return screen.access.anyOf
        .filter((permission) => !accepts(permission))
        .map((permission) => `${where}: the screen opens to ${permission}, no endpoint of it accepts that`);
    });
    expect(refused).toEqual([]);
  });
});
