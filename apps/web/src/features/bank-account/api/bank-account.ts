import { bankAccountEndpoints, type ResolveAccountBody, type SaveBankAccountBody } from '@market/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

export const bankAccountKeys = {
  account: ['bank-account'] as const,
  banks: ['bank-account', 'banks'] as const,
};

/** Your store's payout account, masked (null when none is saved). */
export function useBankAccount() {
  return useQuery({
    queryKey: bankAccountKeys.account,
    queryFn: async ({ signal }) => (await api(bankAccountEndpoints.get, { kind: 'merchant', signal })).data,
  });
}

/** Nigerian banks (the server caches the provider's list; it rarely changes). */
export function useBanks() {
  return useQuery({
    queryKey: bankAccountKeys.banks,
    queryFn: async ({ signal }) => (await api(bankAccountEndpoints.banks, { kind: 'merchant', signal })).data,
    staleTime: 60 * 60 * 1000,
  });
}

/** The name on the account at the bank; a number the bank does not know is a 422 the form shows. */
export function useResolveAccount() {
  return useMutation({
    mutationFn: (body: ResolveAccountBody) => api(bankAccountEndpoints.resolve, { kind: 'merchant', body }),
    meta: { toast: false },
  });
}

export function useSaveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveBankAccountBody) => api(bankAccountEndpoints.save, { kind: 'merchant', body }),
    meta: { toast: false },
    onSuccess: async (answer) => {
      notifySuccess(answer.message || 'Bank account saved');
      queryClient.setQueryData(bankAccountKeys.account, answer.data);
    },
  });
}
