import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { Component as AdminDashboard } from './dashboard';

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ sessions: {} });
});

describe('the admin dashboard', () => {
  it('shows a custom role only the areas its permissions open', async () => {
    useSessionStore.setState({
      sessions: {
        admin: {
          token: 't',
          refreshToken: 'r',
          user: { id: 'a1', accountType: 'admin', firstName: 'Ada' } as never,
        },
      },
    });
    mockFetch(() =>
      jsonResponse(200, {
        message: 'Permissions',
        data: {
          permissions: ['approvals:products', 'reviews:moderate'],
          role: 'Catalogue desk',
          storeId: null,
        },
      }),
    );
    renderScreen(<AdminDashboard />, { route: '/admin' });
    expect(await screen.findByRole('link', { name: /Reviews/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Approvals/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Finance/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Payouts/ })).not.toBeInTheDocument();
  });
});
