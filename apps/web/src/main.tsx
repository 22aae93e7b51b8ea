import type { QueryClient, QueryState } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider, queryClient } from './app/provider';
import { AppRouter, createAppRouter, loadMatchedRoutes } from './app/router';
import './index.css';
import { ApiError } from './lib/errors';
import { syncSessionsAcrossTabs, useSessionStore } from './lib/session';
import { RenderProvider, SSR_STATE_ID, type SsrState } from './lib/ssr';

useSessionStore.getState().restore();
syncSessionsAcrossTabs();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const serverState = document.getElementById(SSR_STATE_ID);

/**
 * The server's queries into the cache (what TanStack Query's `hydrate` does, without its code on every page); a
 * refusal comes as plain fields and becomes an ApiError again.
 */
function hydrateQueries(client: QueryClient, state: SsrState) {
  for (const query of state.queries) {
    const error = query.state.error as
      | { status: number; code: ApiError['code']; message: string; details?: ApiError['details'] }
      | null
      | undefined;
    if (error) {
      query.state.error = new ApiError(error.status, error.code, error.message, error.details);
      // Hydrate the refusal the server rendered ("not found") instead of refetching behind a skeleton.
      client.setQueryDefaults(query.queryKey, { retryOnMount: false });
    }
    client
      .getQueryCache()
      .build(
        client,
        { queryKey: query.queryKey, queryHash: query.queryHash },
        query.state as unknown as QueryState,
      );
  }
}

/**
 * Marks the document once the server's HTML has hydrated (`<html data-hydrated>`): from then on the page's
 * controls work. The bundle budget (e2e/bundle-budget.e2e.ts) counts the scripts downloaded up to this point
 * and while the network stays busy after it.
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}

if (serverState) {
  // A server-rendered public page (ADR 029): the same data and route modules, then hydrate what is on screen.
  hydrateQueries(queryClient, JSON.parse(serverState.textContent ?? '{}') as SsrState);
  void loadMatchedRoutes(window.location.pathname).then(() => {
    const router = createAppRouter({ serverRendered: true });
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
    // for the whole page: a tap or scroll on the server-rendered page is never stuck behind it (ADR 032).
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <RenderProvider value={{ serverRendered: true }}>
            <AppProvider>
              <AppRouter router={router} />
            </AppProvider>
            <HydratedMark />
          </RenderProvider>
        </StrictMode>,
      );
    });
  });
} else {
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <AppRouter router={createAppRouter()} />
      </AppProvider>
    </StrictMode>,
  );
}
