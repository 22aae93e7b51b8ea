import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { forgetSessionsAfterEach, signIn } from '../../../test/session';
import { Component as AdminDashboard } from './dashboard';

forgetSessionsAfterEach();

describe('the admin dashboard', () => {
  it('shows a custom role only the areas its permissions open', async () => {
    signIn('admin', { accountType: 'admin', firstName: 'Ada' });
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
