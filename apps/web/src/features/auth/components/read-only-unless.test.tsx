import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { viewerOfEmptyStore } from '../../../test/fixtures-catalog';
import { renderScreen } from '../../../test/render';
import { signedInForEachTest } from '../../../test/session';
import { ReadOnlyUnless } from './read-only-unless';

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
    viewerOfEmptyStore(['products:read']);
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
    const fetchMock = viewerOfEmptyStore(['products:read', 'products:write']);
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
