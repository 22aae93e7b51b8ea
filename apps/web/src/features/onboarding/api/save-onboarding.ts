import { type OnboardingBody, onboardingEndpoints } from '@market/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { onboardingKeys } from './get-onboarding';

export function saveOnboarding(body: OnboardingBody) {
  return api(onboardingEndpoints.update, { kind: 'merchant', body });
}

/** Saves the answers of one step; the answer carries the new percentage. */
export function useSaveOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOnboarding,
    onSuccess: (answer) => queryClient.setQueryData(onboardingKeys.all, answer.data),
  });
}
