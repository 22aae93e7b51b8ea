import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { StorePolicies } from './store-policies';

afterEach(() => vi.unstubAllGlobals());

const storeId = '8d5b1f0e-2a44-4f7e-9a3b-6c1d2e3f4a5b';
const policy = {
  id: '5f0f3c2e-8a51-4c43-9a8e-2f4a7c1b9d10',
  storeId,
  type: 'returns',
  title: 'Returns within 7 days',
  body: 'Return unworn items within 7 days.\n\nStart a return from your order page. <b>not bold</b>',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('StorePolicies', () => {
  it('shows each policy as a disclosure, its text as plain paragraphs', async () => {
    const user = userEvent.setup();
    mockFetch(() => jsonResponse(200, { message: 'Policies', data: { count: 1, rows: [policy] } }));
    const { container } = renderScreen(<StorePolicies storeId={storeId} storeName="Chinedu Gadgets" />);
    expect(await screen.findByRole('heading', { name: 'Chinedu Gadgets policies' })).toBeInTheDocument();
    await user.click(screen.getByText('Returns within 7 days'));
    expect(screen.getByText('Start a return from your order page. <b>not bold</b>')).toBeInTheDocument();
    expect(container.querySelector('b')).toBeNull();
  });

  it('shows nothing when the store has no policies', async () => {
    const fetch = mockFetch(() => jsonResponse(200, { message: 'Policies', data: { count: 0, rows: [] } }));
    const { container } = renderScreen(<StorePolicies storeId={storeId} />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await vi.waitFor(() => expect(container.textContent).toBe(''));
  });
});
