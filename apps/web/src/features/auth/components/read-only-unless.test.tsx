import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderScreen } from '../../../test/render';
import { mockFetchHolding, signedInForEachTest } from '../../../test/session';
import { ReadOnlyUnless } from './read-only-unless';

const merchantHolding = (permissions: string[]) =>
  mockFetchHolding(
    permissions,
    () =>
      jsonResponse(200, {
        message: 'Products',
        data: { products: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 1 } },
      }),
    { role: 'Viewer' },
  );

signedInForEachTest('merchant');

const form = (
  <form>
    <label htmlFor="name">Name</label>
    <input id="name" />
    <button type="submit">Save</button>
  </form>
);

describe('a "See"-only role', () => {
  it('gets the form with Save disabled and a line saying why', async () => {
    merchantHolding(['products:read']);
    renderScreen(
      <ReadOnlyUnless permission="products:write" note="Your role can see products but not change them.">
        {form}
      </ReadOnlyUnless>,
    );
    expect(await screen.findByText('Your role can see products but not change them.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByLabelText('Name')).toBeDisabled();
  });

  it('leaves the form live for a role that may change it', async () => {
    const fetchMock = merchantHolding(['products:read', 'products:write']);
    renderScreen(
      <ReadOnlyUnless permission="products:write" note="read only">
        {form}
      </ReadOnlyUnless>,
    );
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('read only')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
