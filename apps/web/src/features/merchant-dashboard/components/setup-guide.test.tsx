import { type SetupGuide as Guide, setupStepKeys } from '@market/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { SetupGuide } from './setup-guide';

afterEach(() => vi.unstubAllGlobals());

function guide(done: string[]): Guide {
  const steps = setupStepKeys.map((key) => ({ key, done: done.includes(key) }));
  return { steps, doneCount: done.length, complete: done.length === steps.length };
}

describe('SetupGuide', () => {
  it('lists each step as done or not, with a link to where the steps left are done', async () => {
    mockFetch(() => jsonResponse(200, { message: 'Setup guide', data: guide(['kyc', 'bankAccount']) }));
    renderScreen(<SetupGuide />);
    const section = within(await screen.findByRole('region', { name: 'Set up your store' }));
    expect(section.getByText('2 of 7 steps done. Each step links to where you do it.')).toBeInTheDocument();
    expect(section.getByRole('progressbar', { name: 'Setup progress' })).toHaveAttribute('value', '2');
    const items = section.getAllByRole('listitem');
    expect(items).toHaveLength(7);
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Store profile: not done yet',
      'Identity (KYC): done',
      'Bank account: done',
      'Policies: not done yet',
      'First product: not done yet',
      'Storefront theme: not done yet',
      'First sale: not done yet',
    ]);
    const links = {
      'Edit your store profile': '/merchant/store-profile',
      'Write your policies': '/merchant/policies',
      'Add your first product': '/merchant/products/new',
      'Choose and publish a theme': '/merchant/themes',
      'See your orders': '/merchant/orders',
    };
    for (const [name, href] of Object.entries(links))
      expect(section.getByRole('link', { name })).toHaveAttribute('href', href);
    // Done steps have no link to do them again.
    expect(section.queryByRole('link', { name: 'Add your bank account' })).not.toBeInTheDocument();
    expect(section.queryByRole('link', { name: 'Finish your identity checks' })).not.toBeInTheDocument();
  });

  it('is hidden once every step is done', async () => {
    const fetch = mockFetch(() =>
      jsonResponse(200, { message: 'Setup guide', data: guide([...setupStepKeys]) }),
    );
    const { container } = renderScreen(<SetupGuide />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await vi.waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Set up your store' })).not.toBeInTheDocument();
    expect(container.textContent).toBe('');
  });

  it('shows loading, then an error with a retry that reads again', async () => {
    let calls = 0;
    mockFetch(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse(404, { message: 'Store not found', error: 'NOT_FOUND' })
        : jsonResponse(200, { message: 'Setup guide', data: guide([]) });
    });
    renderScreen(<SetupGuide />);
    expect(screen.getByRole('status', { name: 'Loading your setup guide' })).toBeInTheDocument();
    expect(await screen.findByText('Could not load your setup guide')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('0 of 7 steps done. Each step links to where you do it.'),
    ).toBeInTheDocument();
  });
});
