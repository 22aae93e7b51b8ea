import { shippingZoneEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const shippingKeys = {
  all: ['shipping-admin'] as const,
  zones: ['shipping-admin', 'zones'] as const,
  pricing: ['shipping-admin', 'pricing'] as const,
  vehicles: ['shipping-admin', 'vehicles'] as const,
};

export function listZones(signal?: AbortSignal) {
  return api(shippingZoneEndpoints.list, { kind: 'admin', signal });
}

export function zonesQueryOptions() {
  return queryOptions({
    queryKey: shippingKeys.zones,
    queryFn: async ({ signal }) => (await listZones(signal)).data,
  });
}

/** Shipping zones with their states, and the states in no zone. */
export function useZones() {
  return useQuery(zonesQueryOptions());
}
