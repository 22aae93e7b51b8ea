import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type StoredSession, useSessionStore } from '../../lib/session';
import { renderScreen } from '../../test/render';
import { forgetSessionsAfterEach } from '../../test/session';
import { Component as MerchantAccount } from './merchant/account';
import { Component as PartnerAccount } from './partner/account';

forgetSessionsAfterEach();

describe('the staff member’s and the partner’s account page', () => {
  it.each([
    ['merchant', <MerchantAccount key="merchant" />],
    ['partner', <PartnerAccount key="partner" />],
  ] as const)(
    'a signed-in %s account finds the password change and its data rights together',
    (kind, page) => {
      useSessionStore.setState({ sessions: { [kind]: { token: 't', refreshToken: 'r' } as StoredSession } });
      renderScreen(page);
      expect(screen.getByRole('heading', { name: 'Your account' })).toBeInTheDocument();
      expect(screen.getByRole('form', { name: 'Change password' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Download my data' })).toBeInTheDocument();
      expect(screen.getByRole('form', { name: 'Close your account' })).toBeInTheDocument();
      expect(document.title).toContain('Your account');
    },
  );

  it('without a session it sends the visitor to sign in', () => {
    const { router } = renderScreen(<PartnerAccount />, {
      route: '/shipping-partner/account',
      path: '/shipping-partner/account',
    });
    expect(router.state.location.pathname).toBe('/shipping-partner/login');
  });
});
