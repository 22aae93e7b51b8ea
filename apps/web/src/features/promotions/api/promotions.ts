import { type CreatePromotionBody, customerProductEndpoints, productAdminEndpoints } from '@market/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useNotifiedMutation } from '../../../lib/notified-mutation';
import { notifySuccess } from '../../../lib/notify';

export const promotionsKeys = {
  all: ['promotions'] as const,
  list: ['promotions', 'list'] as const,
  running: ['promotions', 'running-products'] as const,
};

export function listPromotions(signal?: AbortSignal) {
  return api(productAdminEndpoints.promotions, { kind: 'admin', signal });
}

export function promotionsQueryOptions() {
  return queryOptions({
    queryKey: promotionsKeys.list,
    queryFn: async ({ signal }) => (await listPromotions(signal)).data,
  });
}

export function usePromotions() {
  return useQuery(promotionsQueryOptions());
}

/** Products of running promotions (the only listing with promotionProductId; the admin list has counts only). */
export function useRunningPromotionProducts() {
  return useQuery({
    queryKey: promotionsKeys.running,
    queryFn: async ({ signal }) =>
      (await api(customerProductEndpoints.promotionProducts, { query: { productsPerPromotion: 50 }, signal }))
        .data,
  });
}

function usePromotionMutation<T>(run: (input: T) => Promise<{ message: string }>) {
  return useNotifiedMutation(run, { invalidate: promotionsKeys.all });
}

export function createPromotion(body: CreatePromotionBody) {
  return api(productAdminEndpoints.createPromotion, { kind: 'admin', body });
}

export function useCreatePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPromotion,
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: promotionsKeys.all });
    },
  });
}

export function useAddPromotionProducts() {
  return usePromotionMutation(({ promotionId, productIds }: { promotionId: string; productIds: string[] }) =>
    api(productAdminEndpoints.addPromotionProducts, { kind: 'admin', body: { promotionId, productIds } }),
  );
}

export function useRemovePromotionProduct() {
  return usePromotionMutation((promoId: string) =>
    api(productAdminEndpoints.deletePromotionProduct, { kind: 'admin', params: { promoId } }),
  );
}

export function useDeletePromotion() {
  return usePromotionMutation((promoId: string) =>
    api(productAdminEndpoints.deletePromotion, { kind: 'admin', params: { promoId } }),
  );
}

/** Approved products matching a search, to put into a promotion. */
export function useProductSearch(search: string) {
  return useQuery({
    queryKey: ['admin-products', 'search', search] as const,
    queryFn: async ({ signal }) =>
      (
        await api(productAdminEndpoints.list, {
          kind: 'admin',
          query: { page: 1, limit: 10, search, approvalStatus: 'approved' },
          signal,
        })
      ).data.products,
    enabled: search.length > 0,
  });
}
