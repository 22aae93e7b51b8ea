// The server renderer of the public pages (ADR 029), built by `vite build --ssr` into `dist-server/` and loaded by
// the server (apps/server/src/platform/http/server-render.ts). The server answers the page's API calls in process.
import { PassThrough } from 'node:stream';
import { type Query, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { setServerFetch } from './lib/api-client';
import { ApiError } from './lib/errors';
import { QUERY_STALE_TIME_MS } from './lib/query-client';
import { jsonForHtml, type RenderContext, RenderProvider, type SsrQuery, type SsrState } from './lib/ssr';

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** The dehydrated queries, as JSON safe to put inside `<script type="application/json">`. */
  state: string;
  status: number;
  /** Set instead of the rest when the route redirects. */
  redirect?: string;
}

/** Rounds of render → fetch what the render asked for: a page's later queries wait on its first ones. */
const MAX_ROUNDS = 4;

const handler = createStaticHandler(routes);

/** Where the page's API calls go: the server's own routes, in process. */
export function configure(options: { fetch: typeof fetch }): void {
  setServerFetch(options.fetch);
}

function enabled(query: Query): boolean {
  const option = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return (typeof option === 'function' ? option(query) : option) !== false;
}

async function toHtml(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** Renders `url` (path and query) as a signed-out visitor sees it, with the data its queries fetched. */
export async function render(url: string): Promise<RenderedPage> {
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) {
    return { html: '', state: '', status: context.status, redirect: context.headers.get('location') ?? '/' };
  }
  const client = new QueryClient({
    defaultOptions: {
      // A refused call renders its "not found" at once rather than a refetch's skeleton.
      queries: {
        retry: false,
        retryOnMount: false,
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: Number.POSITIVE_INFINITY,
      },
    },
  });
  const router = createStaticRouter(handler.dataRoutes, context);
  let html = '';
  let renderContext: RenderContext = { serverRendered: true };
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    renderContext = { serverRendered: true };
    html = await toHtml(
      <StrictMode>
        <RenderProvider value={renderContext}>
          <AppProvider client={client}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProvider>
        </RenderProvider>
      </StrictMode>,
    );
    const waiting = client
      .getQueryCache()
      .getAll()
      .filter(
        (query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && enabled(query),
      );
    if (waiting.length === 0) break;
    await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
  }
  // The last pass in one piece: lazy parts are loaded by now, and a boundary that suspended in a prerender comes
  // out as a hidden segment swapped in by an inline script (refused by the CSP), so it would show twice.
  renderContext = { serverRendered: true };
  html = renderToString(
    <StrictMode>
      <RenderProvider value={renderContext}>
        <AppProvider client={client}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </RenderProvider>
    </StrictMode>,
  );
  // Answers and the API's refusals (a 404 renders "not found" on both sides); a network failure is retried there.
  const queries: SsrQuery[] = client
    .getQueryCache()
    .getAll()
    .flatMap((query): SsrQuery[] => {
      const { error } = query.state;
      if (query.state.status === 'success') {
        return [
          {
            queryKey: query.queryKey,
            queryHash: query.queryHash,
            state: { ...query.state, fetchStatus: 'idle' },
          },
        ];
      }
      if (query.state.status !== 'error' || !(error instanceof ApiError)) return [];
      const refusal = {
        status: error.status,
        code: error.code,
        message: error.message,
        details: error.details,
      };
      return [
        {
          queryKey: query.queryKey,
          queryHash: query.queryHash,
          state: { ...query.state, fetchStatus: 'idle', error: refusal },
        },
      ];
    });
  const state: SsrState = { queries };
  return { html, state: jsonForHtml(state), status: renderContext.status ?? context.statusCode };
}
