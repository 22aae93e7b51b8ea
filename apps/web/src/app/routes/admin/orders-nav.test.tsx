import type { User } from '@market/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session';
import { renderScreen } from '../../../test/render';
import { forgetSessionsAfterEach } from '../../../test/session';
import { AreaTabs } from '../../layouts/area-tabs';
import { ReadAllOnly } from './orders-nav';

// Issue 24: dispatchers no longer read every order; they read the queue and the orders they carry.

forgetSessionsAfterEach();

function signedInAs(accountType: 'admin' | 'dispatcher' | 'scheduler') {
  const user: User = {
    id: 'a1',
    firstName: 'Ada',
    lastName: 'Obi',
    email: 'ada@market.local',
    phoneNumber: null,
    category: null,
    role: accountType,
    storeId: null,
    storeName: null,
    storeUrl: null,
    isRegisteredBusiness: false,
    image: null,
    lastLogin: null,
    accountType,
    isActive: true,
    emailConfirmed: true,
  };
  useSessionStore.setState({ sessions: { admin: { token: 'access', refreshToken: 'refresh', user } } });
}

describe('the admin order pages by role', () => {
  it('a dispatcher gets the queue and their deliveries, not every order', () => {
    signedInAs('dispatcher');
    renderScreen(<AreaTabs bar="orders" />);
    expect(screen.getByRole('link', { name: 'Assignment queue' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My deliveries' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'All orders' })).not.toBeInTheDocument();
  });

  it('an admin gets every page; a scheduler only the queue', () => {
    signedInAs('admin');
    const { unmount } = renderScreen(<AreaTabs bar="orders" />);
    expect(screen.getByRole('link', { name: 'All orders' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My deliveries' })).toBeInTheDocument();
    unmount();
    signedInAs('scheduler');
    renderScreen(<AreaTabs bar="orders" />);
    expect(screen.queryByRole('link', { name: 'All orders' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My deliveries' })).not.toBeInTheDocument();
  });

  it('a dispatcher opens carrier pages (their deliveries, an order they carry), not the all-orders page', () => {
    signedInAs('dispatcher');
    const { unmount } = renderScreen(
      <ReadAllOnly carrier>
        <p>carried order</p>
      </ReadAllOnly>,
    );
    expect(screen.getByText('carried order')).toBeInTheDocument();
    unmount();
    renderScreen(
      <ReadAllOnly>
        <p>every order</p>
      </ReadAllOnly>,
    );
    expect(screen.queryByText('every order')).not.toBeInTheDocument();
    expect(screen.getByText('Your role assigns orders but cannot open them')).toBeInTheDocument();
  });
});
