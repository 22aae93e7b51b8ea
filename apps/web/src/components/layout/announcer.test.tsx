import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { announce } from '../../lib/announce';
import { useDocumentTitle } from '../../lib/document-title';
import { Announcer, RouteFocus } from './announcer';

function Titled() {
  useDocumentTitle('Orders');
  return (
    <main>
      <h1>Your orders</h1>
      <Link to="/plain">Plain</Link>
    </main>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <RouteFocus />
            <Announcer />
          </>
        ),
        children: [
          { path: '/', element: <Titled /> },
          {
            path: '/plain',
            element: (
              <main>
                <h1>Delivery zones</h1>
                <Link to="/">Back</Link>
              </main>
            ),
          },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('page changes are announced (WCAG 2.4.2, 2.4.3, 4.1.3)', () => {
  it('titles a screen that set none from its heading, moves focus there and says the page name', async () => {
    const router = renderApp();
    await waitFor(() => expect(document.title).toBe('Orders · Naija Market'));
    // The first page is the browser's to announce: focus stays where it was.
    expect(document.activeElement).toBe(document.body);
    await act(() => router.navigate('/plain'));
    await waitFor(() => expect(document.title).toBe('Delivery zones · Naija Market'));
    const heading = screen.getByRole('heading', { name: 'Delivery zones' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('status')).toHaveTextContent('Delivery zones');
  });

  it('keeps a title the screen set itself', async () => {
    const router = renderApp();
    await act(() => router.navigate('/plain'));
    await waitFor(() => expect(document.title).toBe('Delivery zones · Naija Market'));
    await act(() => router.navigate('/'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Orders'));
    expect(document.title).toBe('Orders · Naija Market');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your orders' }));
  });

  it('has its live region in the page before the first message, and says it', () => {
    renderApp();
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    act(() => announce('Added to cart'));
    expect(region).toHaveTextContent('Added to cart');
  });
});
