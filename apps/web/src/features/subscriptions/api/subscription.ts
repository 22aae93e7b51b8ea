import { planPublicEndpoints, subscriptionMerchantEndpoints } from '@market/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const subscriptionKeys = {
  all: ['subscription'] as const,
  current: ['subscription', 'current'] as const,
  invoices: ['subscription', 'invoices'] as const,
  plans: ['subscription', 'plans'] as const,
};

export function usePlans() {
  return useQuery({
    queryKey: subscriptionKeys.plans,
    queryFn: async ({ signal }) => (await api(planPublicEndpoints.list, { kind: 'merchant', signal })).data,
  });
}

/** The plan whose limits apply now, and the paid subscription if any. */
export function useSubscription() {
  return useQuery({
    queryKey: subscriptionKeys.current,
    queryFn: async ({ signal }) =>
      (await api(subscriptionMerchantEndpoints.current, { kind: 'merchant', signal })).data,
  });
}

export function useInvoices() {
  return useQuery({
    queryKey: subscriptionKeys.invoices,
    queryFn: async ({ signal }) =>
      (await api(subscriptionMerchantEndpoints.invoices, { kind: 'merchant', signal })).data,
  });
}

/** Raises an invoice for a month of the plan; the caller sends the merchant to the payment page. */
export function useSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: string) =>
      api(subscriptionMerchantEndpoints.subscribe, { kind: 'merchant', body: { planId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}

/** Back from the payment page: the server asks the provider and applies the invoice when paid. */
export function useVerifyInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reference: string) =>
      api(subscriptionMerchantEndpoints.verify, { kind: 'merchant', body: { reference } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}

/** Turns automatic renewal with the saved card on or off; answers the subscription as it now is. */
export function useSetAutoRenew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (autoRenew: boolean) =>
      api(subscriptionMerchantEndpoints.update, { kind: 'merchant', body: { autoRenew } }),
    onSuccess: (answer) => queryClient.setQueryData(subscriptionKeys.current, answer.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.current }),
  });
}
