import { shippingPricingEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shippingKeys } from './list-zones';

export function getPricing(signal?: AbortSignal) {
  return api(shippingPricingEndpoints.get, { kind: 'admin', signal });
}

export function pricingQueryOptions() {
  return queryOptions({
    queryKey: shippingKeys.pricing,
    queryFn: async ({ signal }) => (await getPricing(signal)).data,
  });
}

/** The shipping rate card: the three Lagos rates and the zone-to-zone rates. */
export function usePricing() {
  return useQuery(pricingQueryOptions());
}
