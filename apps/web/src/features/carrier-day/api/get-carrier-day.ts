import { carrierDayEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type CarrierViewer = 'partner' | 'admin';

export const carrierDayKeys = { all: (viewer: CarrierViewer) => ['carrier-day', viewer] as const };

export function getCarrierDay(viewer: CarrierViewer, signal?: AbortSignal) {
  return api(carrierDayEndpoints.get, { kind: viewer, signal });
}

export function carrierDayQueryOptions(viewer: CarrierViewer) {
  return queryOptions({
    queryKey: carrierDayKeys.all(viewer),
    queryFn: async ({ signal }) => (await getCarrierDay(viewer, signal)).data,
    // Assignments come in during the day: read again every minute the page is open.
    refetchInterval: 60_000,
  });
}

export function useCarrierDay(viewer: CarrierViewer) {
  return useQuery(carrierDayQueryOptions(viewer));
}
