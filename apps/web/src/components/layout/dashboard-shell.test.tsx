import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { DashboardShell } from './dashboard-shell';

describe("the dashboard's phone menu (issue 34 item 26)", () => {
  it('closes on Escape and gives focus back to its button', () => {
    renderScreen(
      <DashboardShell
        title="Merchant"
        home="/merchant"
        nav={[{ to: '/merchant/orders', label: 'Orders' }]}
        userName="Chinedu"
        changePasswordTo="/merchant/change-password"
        onSignOut={() => {}}
      >
        <p>page</p>
      </DashboardShell>,
      { route: '/merchant' },
    );
    const button = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Merchant (menu)' })).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('navigation', { name: 'Merchant (menu)' })).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.activeElement).toBe(button);
  });
});
