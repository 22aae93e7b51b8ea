import { merchantDashboardEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const setupGuideKeys = { all: ['merchant-setup-guide'] as const };

export function getSetupGuide(signal?: AbortSignal) {
  return api(merchantDashboardEndpoints.setupGuide, { kind: 'merchant', signal });
}

export function setupGuideQueryOptions() {
  return queryOptions({
    queryKey: setupGuideKeys.all,
    queryFn: async ({ signal }) => (await getSetupGuide(signal)).data,
  });
}

/** The owner's checklist; read again whenever the dashboard is opened, as each step is done on another page. */
export function useSetupGuide() {
  return useQuery({ ...setupGuideQueryOptions(), refetchOnMount: 'always' });
}
