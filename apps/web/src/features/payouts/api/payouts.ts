import { adminPayoutEndpoints, merchantPayoutEndpoints, type PayoutFilter } from '@market/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';

export const payoutKeys = {
  all: ['payouts'] as const,
  balances: ['payouts', 'balances'] as const,
  history: (page: number) => ['payouts', 'history', page] as const,
  stats: ['payouts', 'admin', 'stats'] as const,
  merchants: (page: number) => ['payouts', 'admin', 'merchants', page] as const,
  adminHistory: (page: number, status?: PayoutFilter) =>
    ['payouts', 'admin', 'history', page, status ?? 'all'] as const,
  categories: ['payouts', 'categories'] as const,
};

export const PAYOUT_MESSAGES = {
  balances: 'Could not load your balances',
  history: 'Could not load your payouts',
  // The specification's messages for reading and updating merchant payments (section 8).
  stats: 'Error getting payment report',
  merchants: 'Could not load merchants to pay',
  categories: 'Could not load payment categories',
  approve: 'Error updating payment report',
};

/** The store's money: escrow, payable, approved, paid out. */
export function useMerchantBalances() {
  return useQuery({
    queryKey: payoutKeys.balances,
    queryFn: async ({ signal }) =>
      (await api(merchantPayoutEndpoints.balances, { kind: 'merchant', signal })).data,
  });
}

export function useMerchantPayouts(page: number) {
  const query = { page, limit: 12 };
  return useQuery({
    queryKey: payoutKeys.history(page),
    queryFn: async ({ signal }) =>
      (await api(merchantPayoutEndpoints.history, { kind: 'merchant', query, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function usePaymentStats() {
  return useQuery({
    queryKey: payoutKeys.stats,
    queryFn: async ({ signal }) => (await api(adminPayoutEndpoints.stats, { kind: 'admin', signal })).data,
  });
}

export function usePayableMerchants(page: number) {
  const query = { page, limit: 20 };
  return useQuery({
    queryKey: payoutKeys.merchants(page),
    queryFn: async ({ signal }) =>
      (await api(adminPayoutEndpoints.merchants, { kind: 'admin', query, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function useAdminPayouts(page: number, status?: PayoutFilter) {
  const query = { page, limit: 12, ...(status ? { status } : {}) };
  return useQuery({
    queryKey: payoutKeys.adminHistory(page, status),
    queryFn: async ({ signal }) =>
      (await api(adminPayoutEndpoints.payouts, { kind: 'admin', query, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** approvePayout: the store's payable money is paid to its bank account. */
export function useApprovePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storeId: string) =>
      api(adminPayoutEndpoints.approvePayout, { kind: 'admin', params: { storeId } }),
    meta: { toast: false },
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: payoutKeys.all });
    },
    onError: (error) => notifyError(error, { fallback: PAYOUT_MESSAGES.approve }),
  });
}

export function usePaymentCategories() {
  return useQuery({
    queryKey: payoutKeys.categories,
    queryFn: async ({ signal }) =>
      (await api(adminPayoutEndpoints.categories, { kind: 'admin', signal })).data,
  });
}

/** A 422 stays with the form (its message is shown under the field); success updates the list. */
export function useUpdatePaymentCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, commissionPercentage }: { slug: string; commissionPercentage: number }) =>
      api(adminPayoutEndpoints.updateCategory, {
        kind: 'admin',
        params: { slug },
        body: { commissionPercentage },
      }),
    meta: { toast: false },
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: payoutKeys.categories });
    },
  });
}
