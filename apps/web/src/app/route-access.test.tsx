import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../lib/session';
import { jsonResponse, mockFetch, renderScreen } from '../test/render';
import { adminRouteRules, merchantRouteRules, RoutePermissionGate, routeRuleFor } from './route-access';

function holding(permissions: string[], role: string) {
  return mockFetch((url) =>
    url.endsWith('/auth/permissions')
      ? jsonResponse(200, { message: 'Permissions', data: { permissions, role, storeId: 's1' } })
      : jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }),
  );
}

beforeEach(() => {
  useSessionStore.setState({
    sessions: {
      merchant: { token: 't', refreshToken: 'r', user: { id: 'm1' } as never },
      admin: { token: 't', refreshToken: 'r', user: { id: 'a1' } as never },
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ sessions: {} });
});

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
    expect(await screen.findByText('Your role cannot open Orders')).toBeInTheDocument();
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
