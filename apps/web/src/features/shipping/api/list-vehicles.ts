import { vehicleEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shippingKeys } from './list-zones';

export function listVehicles(signal?: AbortSignal) {
  return api(vehicleEndpoints.list, { kind: 'admin', signal });
}

export function vehiclesQueryOptions() {
  return queryOptions({
    queryKey: shippingKeys.vehicles,
    queryFn: async ({ signal }) => (await listVehicles(signal)).data.vehicles,
  });
}

/** Delivery vehicles, lightest first. */
export function useVehicles() {
  return useQuery(vehiclesQueryOptions());
}
