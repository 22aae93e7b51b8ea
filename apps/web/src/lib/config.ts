import type { Surface } from '@market/contracts';

/** Base URL of each HTTP surface; each can be deployed on its own, so each is configurable at build time. */
export const surfaceBaseUrls: Record<Surface, string> = {
  api: import.meta.env.VITE_API_BASE ?? '/api',
  shipping: import.meta.env.VITE_SHIPPING_API_BASE ?? '/shipping-api',
  themes: import.meta.env.VITE_THEMES_API_BASE ?? '/themes-api',
};

/** Requests that take longer than this are aborted and reported as a timeout. */
export const REQUEST_TIMEOUT_MS = 20_000;

/** The loading overlay gives up waiting for saved state after this long (specification, section 9). */
export const RESTORE_TIMEOUT_MS = 5_000;
