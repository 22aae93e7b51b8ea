import { policyPublicEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const storePoliciesKey = (storeId: string) => ['policies', 'store', storeId] as const;

export function getStorePolicies(storeId: string, signal?: AbortSignal) {
  return api(policyPublicEndpoints.ofStore, { kind: 'customer', params: { storeId }, signal });
}

/** A visible store's policies, for its storefront and product pages (public). */
export function useStorePolicies(storeId: string) {
  return useQuery(
    queryOptions({
      queryKey: storePoliciesKey(storeId),
      queryFn: async ({ signal }) => (await getStorePolicies(storeId, signal)).data,
      // The panel shows its own quiet message: a page is still useful without the store's policies.
      meta: { toast: false },
    }),
  );
}
