import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderScreen } from '../../test/render';
import { forgetSessionsAfterEach, mockFetchHolding, signIn } from '../../test/session';
import { AreaTabs } from './area-tabs';

// Issue 30: the tab bars showed every tab to everyone, so a role saw tabs that only answered "Your role cannot
// open …". Each tab now shows to the roles its screen's rule lets in, by the server's list of permissions.

function signedIn(kind: 'admin' | 'merchant', accountType: string, permissions: string[]) {
  signIn(kind, { id: 'u1', accountType });
  return mockFetchHolding(permissions, () => jsonResponse(404, { message: 'Not here' }));
}

const tabNames = (label: string) =>
  within(screen.getByRole('navigation', { name: label }))
    .getAllByRole('link')
    .map((link) => link.textContent);

forgetSessionsAfterEach();

describe('an area tab bar', () => {
  it('shows a merchant who may only see products the product pages, not the spreadsheet or collections', async () => {
    signedIn('merchant', 'merchant', ['products:read']);
    renderScreen(<AreaTabs bar="products" />, { route: '/merchant/products' });
    await waitFor(() =>
      expect(tabNames('Product pages')).toEqual(['All products', 'Low stock', 'Saved by shoppers']),
    );
  });

  it('shows a merchant who may write products every product page', async () => {
    signedIn('merchant', 'merchant', ['products:read', 'products:write']);
    renderScreen(<AreaTabs bar="products" />, { route: '/merchant/products' });
    await waitFor(() =>
      expect(tabNames('Product pages')).toEqual([
        'All products',
        'Low stock',
        'Saved by shoppers',
        'Spreadsheet',
        'Featured collections',
      ]),
    );
  });

  it("follows an admin's permissions from the server (a custom role), not the built-in role's list", async () => {
    signedIn('admin', 'admin', ['approvals:stores']);
    renderScreen(<AreaTabs bar="approvals" />, { route: '/admin/approvals/stores' });
    await waitFor(() => expect(tabNames('Approval pages')).toEqual(['Stores', 'Approvers']));
  });

  it('marks the tab of the page one is on, and names the bar for assistive technology', async () => {
    signedIn('admin', 'superadmin', ['reviews:moderate', 'testimonials:moderate', 'contact:read']);
    renderScreen(<AreaTabs bar="community" />, { route: '/admin/reviews' });
    const reviews = await screen.findByRole('link', { name: 'Reviews' });
    expect(reviews).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('navigation', { name: 'Customer voice' })).toBeInTheDocument();
  });
});
