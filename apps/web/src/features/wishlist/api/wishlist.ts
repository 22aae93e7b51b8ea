import { wishlistEndpoints } from '@market/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';

export const wishlistKeys = { all: ['wishlist'] as const, counts: ['wishlist', 'counts'] as const };
export const WISHLIST_MESSAGES = {
  list: 'Could not load your wishlist',
  save: 'Could not save the product',
  remove: 'Could not remove the product',
  counts: 'Could not load how many shoppers saved your products',
};

/** The signed-in customer's wishlist; nothing is asked for a visitor. */
export function useWishlist() {
  const signedIn = Boolean(useSession('customer'));
  return useQuery({
    queryKey: wishlistKeys.all,
    queryFn: async ({ signal }) => (await api(wishlistEndpoints.list, { kind: 'customer', signal })).data,
    enabled: signedIn,
    meta: { toast: false },
  });
}

export function useSaveToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { productId: string; variantId?: string }) =>
      api(wishlistEndpoints.save, { kind: 'customer', body }),
    meta: { toast: false },
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: wishlistKeys.all });
    },
    onError: (error) => notifyError(error, { fallback: WISHLIST_MESSAGES.save }),
  });
}

export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(wishlistEndpoints.remove, { kind: 'customer', params: { id } }),
    meta: { toast: false },
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: wishlistKeys.all });
    },
    onError: (error) => notifyError(error, { fallback: WISHLIST_MESSAGES.remove }),
  });
}

export function useSavedCounts() {
  return useQuery({
    queryKey: wishlistKeys.counts,
    queryFn: async ({ signal }) =>
      (await api(wishlistEndpoints.savedCounts, { kind: 'merchant', signal })).data,
    meta: { toast: false },
  });
}
