import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../lib/session';
import { renderScreen } from '../test/render';
import { forgetSessionsAfterEach } from '../test/session';
import { RequireSession } from './require-session';

forgetSessionsAfterEach();

describe('RequireSession', () => {
  it("sends a visitor without a session to that account type's sign-in page", () => {
    const { router } = renderScreen(
      <RequireSession kind="partner">
        <p>portal</p>
      </RequireSession>,
      { route: '/shipping-partner/orders?page=2', path: '/shipping-partner/orders' },
    );
    expect(screen.queryByText('portal')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shipping-partner/login');
    expect(router.state.location.search).toBe('?next=%2Fshipping-partner%2Forders%3Fpage%3D2');
    expect(screen.getByText('elsewhere')).toBeInTheDocument();
  });

  it('restores sessions from their own storage keys', () => {
    localStorage.setItem('shippingPartner.token', 'access');
    localStorage.setItem('shippingPartner.refreshToken', 'refresh');
    localStorage.setItem(
      'shippingPartner.user',
      JSON.stringify({
        id: 'p1',
        name: 'Swift Logistics',
        logo: null,
        email: 'ops@swift.ng',
        shippingCompany: 'Swift Logistics',
        accountType: 'shippingPartner',
        lastLogin: null,
      }),
    );
    useSessionStore.getState().restore();
    renderScreen(
      <RequireSession kind="partner">
        <p>portal</p>
      </RequireSession>,
      { route: '/shipping-partner' },
    );
    expect(screen.getByText('portal')).toBeInTheDocument();
    expect(useSessionStore.getState().sessions.customer).toBeUndefined();
  });
});
