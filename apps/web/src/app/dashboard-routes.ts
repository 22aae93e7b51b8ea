import type { RouteObject } from 'react-router';
import { dashboards } from './dashboard-areas';
import type { Dashboard } from './dashboards/screens';

/**
 * The dashboards' routes (merchant, theme editor, admin, shipping partner), derived from their tables in
 * `dashboards/` (dashboard-areas.ts): added to the router the first time a path under them is opened (`patchRoutesOnNavigation`
 * in `router.tsx`), so that the route table every public page downloads with the router stays the public one
 * (ADR 056). Each screen is still its own `dash-…` chunk.
 */

// A role without a screen's permission sees why instead of the screen (./route-access).
const permissionGate = () => import('./route-access');

function routesOf(dashboard: Dashboard<string>): RouteObject[] {
  const screens: RouteObject[] = dashboard.screens.map(({ path, screen }) =>
    path === '' ? { index: true, lazy: screen } : { path, lazy: screen },
  );
  if (!dashboard.layout) return screens;
  return [
    {
      path: dashboard.base,
      lazy: dashboard.layout,
      children: dashboard.gated ? [{ lazy: permissionGate, children: screens }] : screens,
    },
  ];
}

export const dashboardRoutes: RouteObject[] = dashboards.flatMap(routesOf);
