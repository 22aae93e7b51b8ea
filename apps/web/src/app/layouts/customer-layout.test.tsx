import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../test/render';
import { forgetSessionsAfterEach, signIn } from '../../test/session';
import { Component as CustomerLayout } from './customer-layout';

forgetSessionsAfterEach();

const customer = {
  id: 'c1',
  firstName: 'Funmilayo',
  lastName: 'Adebayo',
  email: 'funmi@example.ng',
  phoneNumber: null,
  image: null,
  lastLogin: null,
  accountType: 'customer',
  isActive: true,
  emailConfirmed: true,
};

describe('Customer header', () => {
  it('gives a visitor on a phone a menu with Stores, Sign in and Sign up; Escape closes it', async () => {
    mockFetch(() => jsonResponse(200, {}));
    const person = userEvent.setup();
    renderScreen(<CustomerLayout />);
    const header = within(screen.getByRole('banner'));
    const menu = header.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await person.click(menu);
    const panel = within(header.getByRole('navigation', { name: 'Menu' }));
    expect(panel.getByRole('link', { name: 'Stores' })).toHaveAttribute('href', '/merchants');
    expect(panel.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/customer/login');
    expect(panel.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/customer/signup');
    await person.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it("puts Stores in a signed-in customer's account menu, whose button keeps the name", async () => {
    mockFetch(() => jsonResponse(200, { message: 'Cart', data: null }));
    signIn('customer', customer);
    const person = userEvent.setup();
    renderScreen(<CustomerLayout />);
    const header = within(screen.getByRole('banner'));
    const button = header.getByRole('button', { name: 'Account menu for Funmilayo' });
    await person.click(button);
    const panel = within(document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement);
    expect(panel.getByRole('link', { name: 'Stores' })).toHaveAttribute('href', '/merchants');
    expect(panel.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('keeps the search box in the one header row, with a named submit button', () => {
    mockFetch(() => jsonResponse(200, {}));
    renderScreen(<CustomerLayout />);
    const header = within(screen.getByRole('banner'));
    expect(header.getByRole('searchbox', { name: 'Search products' })).toBeInTheDocument();
    expect(header.getByRole('button', { name: 'Search' })).toBeInTheDocument();
  });
});
