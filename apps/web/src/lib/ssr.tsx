import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * Server rendering of public pages (ADR 029). The server renders a page as a signed-out visitor sees it and the
 * browser hydrates it with the same data; signed-in parts follow once hydrated. `status` is what the server
 * answers with: a page that finds nothing to show (unknown product, store or category) says so with `notFound`.
 */
export interface RenderContext {
  /** True while rendering on the server and while the browser hydrates that HTML. */
  serverRendered: boolean;
  /** Set on the server by pages that show "not found". */
  status?: number;
}

const browserRender: RenderContext = { serverRendered: false };
const RenderState = createContext<RenderContext>(browserRender);
export const RenderProvider = RenderState.Provider;

export function useServerRendered(): boolean {
  return useContext(RenderState).serverRendered;
}

/** Called while rendering a "not found" state: the server answers that page with 404. */
export function useNotFoundStatus(notFound: boolean): void {
  const context = useContext(RenderState);
  if (notFound && typeof window === 'undefined') context.status = 404;
}

/** The ids of the JSON blocks the server writes into the page (data, not scripts: the CSP allows no inline code). */
export const SSR_STATE_ID = 'ssr-state';

/** JSON safe inside a `<script type="application/json">`: no `</script>`, `<!--` or line separators survive. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A query the server fetched: TanStack Query's key, hash and state (an API refusal as plain fields). */
export interface SsrQuery {
  queryKey: readonly unknown[];
  queryHash: string;
  state: Record<string, unknown> & { error?: unknown };
}

/** What the server hands the browser. */
export interface SsrState {
  queries: SsrQuery[];
}

const noSubscription = () => () => {};
/**
 * False on the server and while the browser hydrates, true after: a control that does nothing until its code runs
 * (Add to cart) is disabled until then, so a tap on the server's HTML is never lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
