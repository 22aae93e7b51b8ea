import { onboardingEndpoints } from '@market/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const onboardingKeys = { all: ['onboarding'] as const };

export function getOnboarding(signal?: AbortSignal) {
  return api(onboardingEndpoints.get, { kind: 'merchant', signal });
}

export function onboardingQueryOptions() {
  return queryOptions({
    queryKey: onboardingKeys.all,
    queryFn: async ({ signal }) => (await getOnboarding(signal)).data,
  });
}

export function useOnboarding() {
  return useQuery(onboardingQueryOptions());
}
