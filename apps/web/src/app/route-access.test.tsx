import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderScreen } from '../test/render';
import { forgetSessionsAfterEach, mockFetchHolding, signIn } from '../test/session';
import { dashboardRoutes } from './dashboard-routes';
import { adminRouteRules, merchantRouteRules, RoutePermissionGate, routeRuleFor } from './route-access';

const holding = (permissions: string[], role: string) =>
  mockFetchHolding(
    permissions,
    () => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }),
    {
      role,
    },
  );

beforeEach(() => {
  signIn('merchant');
  signIn('admin');
});

forgetSessionsAfterEach();

describe('which permission a screen needs', () => {
  it('takes the deepest rule first', () => {
    expect(routeRuleFor(merchantRouteRules, '/merchant/products/new')?.anyOf).toEqual(['products:write']);
    expect(routeRuleFor(merchantRouteRules, '/merchant/products/p1/edit')?.anyOf).toEqual(['products:read']);
    expect(routeRuleFor(adminRouteRules, '/admin/orders/all')?.anyOf).toEqual(['orders:read-all']);
    expect(routeRuleFor(adminRouteRules, '/admin/orders/o1')?.anyOf).toEqual([
      'orders:read-all',
      'orders:carry',
    ]);
    expect(routeRuleFor(adminRouteRules, '/admin/orders')?.anyOf).toEqual(['orders:assign']);
  });

  it('never takes a fixed screen for an id: each path of the route table meets a rule without parameters first', () => {
    const fixedPaths = (routes: RouteObject[], base: string): string[] =>
      routes.flatMap((route) => {
        const full = route.path ? `${base}/${route.path}` : base;
        const own = route.path && !route.path.includes(':') && !route.path.includes('*') ? [full] : [];
        return [...own, ...fixedPaths(route.children ?? [], full)];
      });
    const mistaken = fixedPaths(dashboardRoutes, '')
      .map((path) => ({
        path,
        rule: routeRuleFor<string>(path.startsWith('/admin') ? adminRouteRules : merchantRouteRules, path),
      }))
      .filter(({ rule }) => rule?.path.includes(':'))
      .map(({ path, rule }) => `${path} → ${rule?.path}`);
    expect(mistaken).toEqual([]);
  });

  it('lets the scheduler assign return pickups and keeps staff out of the owner onboarding (issue 34)', () => {
    expect(routeRuleFor(adminRouteRules, '/admin/orders/pickups')?.anyOf).toEqual(['orders:assign']);
    expect(routeRuleFor(merchantRouteRules, '/merchant/onboarding')?.anyOf).toEqual(['subscription:manage']);
  });

  it('leaves screens every account may open unguarded', () => {
    expect(routeRuleFor(merchantRouteRules, '/merchant')).toBeUndefined();
    expect(routeRuleFor(merchantRouteRules, '/merchant/change-password')).toBeUndefined();
    expect(routeRuleFor(adminRouteRules, '/admin')).toBeUndefined();
  });
});

describe('a forbidden URL', () => {
  it('shows an inventory role why it cannot open the orders, without calling for them', async () => {
    const fetchMock = holding(['products:read', 'products:write'], 'inventory');
    renderScreen(
      <RoutePermissionGate kind="merchant">
        <p>orders page</p>
      </RoutePermissionGate>,
      { route: '/merchant/orders/o1' },
    );
    // A page that is only this message has it as its main heading (issue 34, item 26).
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your role cannot open Orders' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Ask the store owner/)).toBeInTheDocument();
    expect(screen.queryByText('orders page')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      expect.stringMatching(/\/auth\/permissions$/),
    ]);
  });

  it('opens the screen for a role holding any of its permissions', async () => {
    holding(['orders:carry'], 'dispatcher');
    renderScreen(
      <RoutePermissionGate kind="admin">
        <p>carried order</p>
      </RoutePermissionGate>,
      { route: '/admin/orders/o1' },
    );
    expect(await screen.findByText('carried order')).toBeInTheDocument();
  });

  it('shows a custom admin role without finance the clean screen, naming whom to ask', async () => {
    holding(['approvals:products'], 'Catalogue desk');
    renderScreen(
      <RoutePermissionGate kind="admin">
        <p>finance page</p>
      </RoutePermissionGate>,
      { route: '/admin/finance' },
    );
    expect(await screen.findByText('Your role cannot open Finance')).toBeInTheDocument();
    expect(screen.getByText(/Ask a super admin/)).toBeInTheDocument();
  });
});
