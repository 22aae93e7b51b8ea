import { storeFollowEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { forgetSessionsAfterEach, signIn } from '../../../test/session';
import { FollowButton } from './follow-button';

const storeId = '55555555-5555-4555-8555-555555555555';

const signInAda = () =>
  signIn(
    'customer',
    { firstName: 'Ada', lastName: 'Obi', email: 'ada@demo.ng', accountType: 'customer' },
    { token: 'customer-token', refreshToken: 'customer-refresh' },
  );

forgetSessionsAfterEach();

describe('FollowButton', () => {
  it('sends a signed-out visitor to the customer sign-in page and back', async () => {
    const fetchMock = mockFetch(() => jsonResponse(500, {}));
    const person = userEvent.setup();
    const { router } = renderScreen(<FollowButton storeId={storeId} storeName="Mama Put" />, {
      route: '/storefront/mama-put?x=1',
      path: '/storefront/:merchantUrl',
    });
    await person.click(screen.getByRole('button', { name: 'Follow store' }));
    expect(router.state.location.pathname).toBe('/customer/login');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/storefront/mama-put?x=1')}`);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('follows and unfollows at once, with the customer token', async () => {
    signInAda();
    let following = false;
    const fetchMock = mockFetch((_url, method) => {
      if (method === 'POST') following = true;
      if (method === 'DELETE') following = false;
      return jsonResponse(200, {
        message: 'ok',
        data: { storeId, following, followersCount: following ? 8 : 7 },
      });
    });
    const person = userEvent.setup();
    renderScreen(<FollowButton storeId={storeId} storeName="Mama Put" />);

    const button = await screen.findByRole('button', { name: 'Follow store' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await person.click(button);
    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toBe(urlOf(storeFollowEndpoints.follow, { params: { storeId } }));
    expect((post?.[1]?.headers as Record<string, string> | undefined)?.authorization).toBe(
      'Bearer customer-token',
    );

    await person.click(screen.getByRole('button', { name: 'Following' }));
    expect(await screen.findByRole('button', { name: 'Follow store' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('shows the change before the server answers and rolls back when it refuses', async () => {
    signInAda();
    let refuse: (response: Response) => void = () => {};
    mockFetch((_url, method) => {
      if (method === 'POST') return new Promise<Response>((resolve) => (refuse = resolve));
      return jsonResponse(200, { message: 'ok', data: { storeId, following: false, followersCount: 7 } });
    });
    const person = userEvent.setup();
    renderScreen(<FollowButton storeId={storeId} storeName="Mama Put" />);
    const button = await screen.findByRole('button', { name: 'Follow store' });
    await waitFor(() => expect(button).toBeEnabled());
    await person.click(button);
    // optimistic: already "Following" while the request is on its way
    expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
    refuse(jsonResponse(409, { message: 'Could not follow', error: 'CONFLICT' }));
    expect(await screen.findByRole('button', { name: 'Follow store' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});
