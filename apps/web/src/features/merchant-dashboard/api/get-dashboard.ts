import { merchantDashboardEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const merchantDashboardKeys = { all: ['merchant-dashboard'] as const };

export function getMerchantDashboard(signal?: AbortSignal) {
  return api(merchantDashboardEndpoints.get, { kind: 'merchant', signal });
}

export function merchantDashboardQueryOptions() {
  return queryOptions({
    queryKey: merchantDashboardKeys.all,
    queryFn: async ({ signal }) => (await getMerchantDashboard(signal)).data,
    // Orders come in while the dashboard is open: read the figures again every minute it is on screen.
    refetchInterval: 60_000,
  });
}

export function useMerchantDashboard() {
  return useQuery(merchantDashboardQueryOptions());
}
