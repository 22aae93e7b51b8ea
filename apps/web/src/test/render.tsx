import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';

/** Renders a screen inside a router and a fresh query client; `/elsewhere` pages show their path. */
export function renderScreen(
  ui: ReactElement,
  { route = '/', path = '*' }: { route?: string; path?: string } = {},
) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '/landed/*', element: <p>landed</p> },
      ...(path === '*' ? [] : [{ path: '*', element: <p>elsewhere</p> }]),
    ],
    { initialEntries: [route] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Replaces fetch with a handler of (url, method, body). */
export function mockFetch(
  handler: (url: string, method: string, body: unknown) => Response | Promise<Response>,
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    handler(String(input), init?.method ?? 'GET', init?.body ? JSON.parse(String(init.body)) : undefined),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
