import { onboardingEndpoints, type pricingPlans } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { onboardingKeys } from './get-onboarding';

export function savePricing(plan: (typeof pricingPlans)[number]) {
  return api(onboardingEndpoints.pricing, { kind: 'merchant', body: { plan } });
}

export function useSavePricing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePricing,
    onSuccess: (answer) => queryClient.setQueryData(onboardingKeys.all, answer.data),
  });
}
