import { themePublishingEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Public keys: they start with 'storefront-theme' (merchant actions invalidate them all). */
const keys = {
  storefront: (storeUrl: string) => ['storefront-theme', storeUrl] as const,
  preview: (token: string) => ['storefront-theme', 'preview', token] as const,
};

/**
 * A public store's published theme. A storefront still opens when the themes service cannot answer (it shows the
 * default theme), so a failure here toasts nothing.
 */
export function storefrontThemeQueryOptions(storeUrl: string) {
  return queryOptions({
    queryKey: keys.storefront(storeUrl),
    queryFn: async ({ signal }) =>
      (
        await api(themePublishingEndpoints.storefront, {
          kind: 'customer',
          params: { storeUrl },
          signal,
        })
      ).data,
    retry: false,
    meta: { toast: false },
  });
}

export function useStorefrontTheme(storeUrl: string) {
  return useQuery(storefrontThemeQueryOptions(storeUrl));
}

/** The draft a shared preview link shows; 404 once it expired. */
export function usePreviewTheme(token: string | null) {
  return useQuery({
    queryKey: keys.preview(token ?? ''),
    queryFn: async ({ signal }) =>
      (
        await api(themePublishingEndpoints.preview, {
          kind: 'customer',
          params: { token: token ?? '' },
          signal,
        })
      ).data,
    enabled: Boolean(token),
    retry: false,
    meta: { toast: false },
  });
}
