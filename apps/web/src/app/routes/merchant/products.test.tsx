import { authEndpoints, urlOf } from '@market/contracts';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { Component as ProductsPage } from './products';

function merchantHolding(permissions: string[]) {
  return mockFetch((url) =>
    url.endsWith(urlOf(authEndpoints.permissions))
      ? jsonResponse(200, { message: 'Permissions', data: { permissions, role: 'Viewer', storeId: 's1' } })
      : jsonResponse(200, {
          message: 'Products',
          data: { products: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 1 } },
        }),
  );
}

beforeEach(() => {
  useSessionStore.setState({
    sessions: { merchant: { token: 't', refreshToken: 'r', user: { id: 'm1' } as never } },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ sessions: {} });
});

describe('the products page for a "See"-only role', () => {
  it('gets no "Add product" on the products page', async () => {
    merchantHolding(['products:read']);
    renderScreen(<ProductsPage />, { route: '/merchant/products' });
    expect(await screen.findByText('No products yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Add/ })).not.toBeInTheDocument();
  });
});
