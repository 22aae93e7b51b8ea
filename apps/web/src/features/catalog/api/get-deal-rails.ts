import { customerProductEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CATALOG_MESSAGES, catalogKeys } from './catalog-keys';

/** The three deal rails of the home page; each is one GET with a limit. */
const railEndpoints = {
  'super-deals': customerProductEndpoints.superDeals,
  'super-discounted-offer': customerProductEndpoints.superDiscountedOffer,
  'daily-discount-offer': customerProductEndpoints.dailyDiscountOffer,
} as const;
export type DealRail = keyof typeof railEndpoints;

export function getDealRail(rail: DealRail, limit: number, signal?: AbortSignal) {
  return api(railEndpoints[rail], { kind: 'customer', query: { limit }, signal });
}

export function dealRailQueryOptions(rail: DealRail, limit = 12) {
  return queryOptions({
    queryKey: catalogKeys.rail(rail, limit),
    queryFn: async ({ signal }) => (await getDealRail(rail, limit, signal)).data,
    meta: {
      toast: {
        fallback: rail === 'daily-discount-offer' ? CATALOG_MESSAGES.dailyDeals : CATALOG_MESSAGES.products,
      },
    },
  });
}

export function useDealRail(rail: DealRail, limit = 12) {
  return useQuery(dealRailQueryOptions(rail, limit));
}
